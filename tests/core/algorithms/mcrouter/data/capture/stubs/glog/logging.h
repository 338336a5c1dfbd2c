// Capture stub for glog/logging.h (included by mcrouter/lib/RendezvousHashFunc.h).
#pragma once

#include <folly/GLog.h>
