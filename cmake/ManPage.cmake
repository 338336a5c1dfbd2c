# cmake -P ManPage.cmake: writes a man page with help2man from a program's --help and --version,
# dated like the rest of the build (the commit's date, WriteVersion.cmake), in English, with
# settings of its own (a saved View → Language would choose the language) and no display.
# Inputs (-D): HELP2MAN, PROGRAM, NAME (the one-line description), INCLUDE (extra sections),
# OUTPUT, VERSION_FILE (generated/version.cmake), SETTINGS_DIR.
cmake_minimum_required(VERSION 3.25)
include("${VERSION_FILE}")
set(ENV{SOURCE_DATE_EPOCH} "${RINGSCOPE_SOURCE_DATE_EPOCH}")
set(ENV{LC_ALL} C.UTF-8)
set(ENV{LANGUAGE} "")
set(ENV{XDG_CONFIG_HOME} "${SETTINGS_DIR}")
set(ENV{QT_QPA_PLATFORM} offscreen)
set(ENV{ASAN_OPTIONS} detect_leaks=0)
execute_process(
  COMMAND "${HELP2MAN}" --no-info --no-discard-stderr --section=1 "--name=${NAME}"
          "--include=${INCLUDE}" "--output=${OUTPUT}.new" "${PROGRAM}"
  RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "help2man could not write the man page of ${PROGRAM}")
endif()
file(RENAME "${OUTPUT}.new" "${OUTPUT}")
