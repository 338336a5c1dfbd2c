#pragma once
// Where the suites find the source tree and the build tree they were configured for.
//
// The two paths live in one generated file (testpaths.cpp.in), not in every suite's compile
// flags: a clone elsewhere then compiles the same suite sources into the same objects, which the
// compiler cache serves, and only that one file is compiled anew.

#include <QString>

namespace ringscope::test {

// The checkout's root and the build tree, without a trailing '/'.
QString sourceDir();
QString binaryDir();

// sourceDir() or binaryDir() followed by `relative` ("/resources/presets/").
QString sourcePath(const char* relative);
QString binaryPath(const char* relative);

}  // namespace ringscope::test
