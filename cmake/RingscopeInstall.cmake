# ringscope_install_program(TARGET): installs a program to bin/. When the install strips
# (cmake --install --strip, CPack's CPACK_STRIP_FILES) it also drops the .comment and .note
# sections, as Debian's dh_strip does.
function(ringscope_install_program target)
  install(TARGETS ${target})
  install(CODE "
    if(CMAKE_INSTALL_DO_STRIP)
      execute_process(COMMAND \"${CMAKE_STRIP}\" --remove-section=.comment --remove-section=.note
        \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/$<TARGET_FILE_NAME:${target}>\"
        COMMAND_ERROR_IS_FATAL ANY)
    endif()")
endfunction()
