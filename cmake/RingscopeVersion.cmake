# The version the programs, the man pages, the metainfo and the package give, worked out at
# every build by WriteVersion.cmake (the project's version, and in a git checkout the commit).
# ringscope_use_version(TARGET) lets a target include "ringscope_version.h".
find_package(Git QUIET)
set(RINGSCOPE_GENERATED_DIR ${PROJECT_BINARY_DIR}/generated)
set(RINGSCOPE_VERSION_OUTPUTS
  ${RINGSCOPE_GENERATED_DIR}/ringscope_version.h
  ${RINGSCOPE_GENERATED_DIR}/version.cmake
  ${RINGSCOPE_GENERATED_DIR}/version.txt
  ${RINGSCOPE_GENERATED_DIR}/changelog
  ${RINGSCOPE_GENERATED_DIR}/${RINGSCOPE_APP_ID}.metainfo.xml)
# The arguments of WriteVersion.cmake, also for the test that runs it on a tree without git.
set(RINGSCOPE_VERSION_ARGS
  -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
  -DBASE_VERSION=${PROJECT_VERSION}
  -DRELEASE_DATE=${RINGSCOPE_RELEASE_DATE}
  -DMAINTAINER=${RINGSCOPE_MAINTAINER}
  -DAPP_ID=${RINGSCOPE_APP_ID}
  -DHOMEPAGE=${RINGSCOPE_HOMEPAGE}
  -DGIT_EXECUTABLE=${GIT_EXECUTABLE}
  -DTEMPLATE_DIR=${PROJECT_SOURCE_DIR}/resources/desktop)
add_custom_target(ringscope_version
  COMMAND ${CMAKE_COMMAND} ${RINGSCOPE_VERSION_ARGS} -DOUTPUT_DIR=${RINGSCOPE_GENERATED_DIR}
          -P ${PROJECT_SOURCE_DIR}/cmake/WriteVersion.cmake
  BYPRODUCTS ${RINGSCOPE_VERSION_OUTPUTS}
  COMMENT "Working out the version"
  VERBATIM)

function(ringscope_use_version target)
  add_dependencies(${target} ringscope_version)
  target_include_directories(${target} PRIVATE ${RINGSCOPE_GENERATED_DIR})
endfunction()
