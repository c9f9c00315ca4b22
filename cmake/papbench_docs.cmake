# The man pages papbench(1) and papbench-report(1) and their bash completion scripts (issue 42),
# printed at build time by the built programs themselves (the hidden --help-man and
# --help-completion, common/cli_docs.hpp) from the same parser that --help and `papbench list`
# read, so they cannot drift from the options. Included by the top-level CMakeLists.txt after
# tools/; this file is also the script (cmake -P) that runs one program into one file.
#   build tree: share/man/man1/*.1, share/bash-completion/completions/*
#   install:    ${CMAKE_INSTALL_MANDIR}/man1, ${CMAKE_INSTALL_DATADIR}/bash-completion/completions

if(CMAKE_SCRIPT_MODE_FILE)
  # cmake -DPROGRAM=exe -DFLAG=--help-man -DOUT=file -P papbench_docs.cmake: the output goes to a
  # temporary file first, so a failed run leaves no half-written page behind.
  execute_process(COMMAND ${PROGRAM} ${FLAG} OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    file(REMOVE ${OUT}.tmp)
    message(FATAL_ERROR "papbench_docs: '${PROGRAM} ${FLAG}' failed (${_rc})")
  endif()
  file(RENAME ${OUT}.tmp ${OUT})
  return()
endif()

include(GNUInstallDirs)
option(PAPBENCH_BUILD_DOCS "Generate and install the man pages and bash completion" ON)

# The programs print their pages whatever the option: bench/ and tools/ link papbench_cli_docs.

# Generating runs the built programs: not possible when they are built for another machine, nor
# for SimGrid's SMPI, whose programs run only under smpirun.
set(_docs_runnable ON)
if(CMAKE_CROSSCOMPILING OR CMAKE_C_COMPILER MATCHES "smpicc" OR MPI_C_COMPILER MATCHES "smpicc")
  set(_docs_runnable OFF)
  if(PAPBENCH_BUILD_DOCS)
    message(STATUS "papbench: man pages and completion not generated (the programs cannot run "
                   "at build time here)")
  endif()
endif()

if(PAPBENCH_BUILD_DOCS AND _docs_runnable)
  set(PAPBENCH_MAN_DIR ${CMAKE_BINARY_DIR}/share/man/man1)
  set(PAPBENCH_COMPLETION_DIR ${CMAKE_BINARY_DIR}/share/bash-completion/completions)
  file(MAKE_DIRECTORY ${PAPBENCH_MAN_DIR} ${PAPBENCH_COMPLETION_DIR})
  set(_docs_pages "")
  set(_docs_completions "")
  foreach(_program papbench papbench-report)
    if(NOT TARGET ${_program})
      continue()
    endif()
    set(_page ${PAPBENCH_MAN_DIR}/${_program}.1)
    set(_completion ${PAPBENCH_COMPLETION_DIR}/${_program})
    # papbench is an MPI program, run here without mpiexec: it parses its command line before
    # MPI_Init (bench/main.cpp), so these flags never start MPI.
    add_custom_command(
      OUTPUT ${_page} ${_completion}
      COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${_program}> -DFLAG=--help-man
              -DOUT=${_page} -P ${CMAKE_CURRENT_LIST_FILE}
      COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${_program}> -DFLAG=--help-completion
              -DOUT=${_completion} -P ${CMAKE_CURRENT_LIST_FILE}
      DEPENDS ${_program} ${CMAKE_CURRENT_LIST_FILE}
      COMMENT "Generating the man page and bash completion of ${_program}"
      VERBATIM)
    list(APPEND _docs_pages ${_page})
    list(APPEND _docs_completions ${_completion})
  endforeach()
  add_custom_target(papbench_docs ALL DEPENDS ${_docs_pages} ${_docs_completions})
  install(FILES ${_docs_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${_docs_completions}
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
endif()
