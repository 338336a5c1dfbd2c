// Capture stub for folly/GLog.h: only CHECK(cond), used by RendezvousHashHelper.h.
#pragma once

#include <cstdio>
#include <cstdlib>

#ifndef CHECK
#define CHECK(cond) \
    ((cond) ? (void)0 : (std::fprintf(stderr, "CHECK failed: %s\n", #cond), std::abort()))
#endif
