# ringscope_add_test(NAME SOURCES ... LIBS ... [GUI])
# One Qt Test executable, registered with CTest under its own name. GUI tests run offscreen.

# Where the suites find the source and build trees (tests/common/testpaths.h): one generated
# file, so that the suites' own compile flags name no path of this checkout and a clone
# elsewhere reuses their compiled objects from the compiler cache.
configure_file(${PROJECT_SOURCE_DIR}/tests/common/testpaths.cpp.in
               ${PROJECT_BINARY_DIR}/generated/testpaths.cpp @ONLY)
add_library(ringscope_testpaths STATIC ${PROJECT_BINARY_DIR}/generated/testpaths.cpp)
target_include_directories(ringscope_testpaths PUBLIC ${PROJECT_SOURCE_DIR}/tests/common)
target_link_libraries(ringscope_testpaths PUBLIC Qt6::Core)
# Qt's test library passes every target its build and source folders as compile definitions
# (QT_TESTCASE_BUILDDIR, QT_TESTCASE_SOURCEDIR), for QFINDTESTDATA alone; the suites find
# their files through testpaths.h instead, and without the two no suite's flags name a path.
get_target_property(qt_test_definitions Qt6::Test INTERFACE_COMPILE_DEFINITIONS)
list(FILTER qt_test_definitions EXCLUDE REGEX "^QT_TESTCASE_(BUILD|SOURCE)DIR=")
set_target_properties(Qt6::Test PROPERTIES INTERFACE_COMPILE_DEFINITIONS "${qt_test_definitions}")

# The suites of the core alone, and those of the desktop program, each share one precompiled
# header (RingscopePch.cmake): the first suite of a group makes it, the others reuse it.
set(RINGSCOPE_TEST_PCH_ringscope_core <QTest> <QFile> ${RINGSCOPE_PCH_COMMON})
set(RINGSCOPE_TEST_PCH_ringscope_gui <QTest> <QSignalSpy> <QTemporaryDir> ${RINGSCOPE_PCH_COMMON}
    ${RINGSCOPE_PCH_WIDGETS})

function(ringscope_add_test name)
  cmake_parse_arguments(ARG "GUI" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  set(group "${ARG_LIBS}")
  if(DEFINED "RINGSCOPE_TEST_PCH_${group}")
    get_property(host GLOBAL PROPERTY "RINGSCOPE_TEST_PCH_HOST_${group}")
    if(host)
      ringscope_precompile(${name} REUSE_FROM ${host})
    else()
      ringscope_precompile(${name} HEADERS ${RINGSCOPE_TEST_PCH_${group}})
      set_property(GLOBAL PROPERTY "RINGSCOPE_TEST_PCH_HOST_${group}" ${name})
    endif()
  endif()
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC 12 reports false -Wrestrict positives inside libstdc++ string code at -O2.
    target_compile_options(${name} PRIVATE -Wno-restrict)
  endif()
  target_link_libraries(${name} PRIVATE Qt6::Test ringscope_testpaths ${ARG_LIBS})
  # Suites are white-box: they reach every module's own headers ("algorithms/jump/jump_reference.h"),
  # which production code cannot (core/CMakeLists.txt).
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/core)
  add_test(NAME ${name} COMMAND ${name})
  # Each suite has a home of its own: Qt's test mode keeps settings and the desktop's recent
  # files under ~/.qttest, which suites running side by side (ctest -j) would otherwise share.
  set(home ${PROJECT_BINARY_DIR}/test-homes/${name})
  file(MAKE_DIRECTORY ${home})
  set(env "QT_QPA_PLATFORM=offscreen" "HOME=${home}")
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}" TIMEOUT 600)
endfunction()

# ringscope_test_sees_modules(target): a suite that drives the window or the analyses as a whole
# (tst_mainwindow, tst_analysis, a view's suite) includes the modules' views and analyses by name
# from their folders (ringscope_module ... ANALYSIS/VIEW in core/CMakeLists.txt).
function(ringscope_test_sees_modules target)
  get_property(folders GLOBAL PROPERTY RINGSCOPE_SLICE_FOLDERS)
  target_include_directories(${target} PRIVATE ${folders})
endfunction()
