# PAPBENCH_UNTIMED_OPT (the ci preset: -Og): an optimization flag for the code in which nothing is
# timed: papbench-report with its libraries and papbench-synth (tools/), the report's model
# libraries (papbench_models with the Eigen fits; papbench links papbench_intergroup_model alone),
# the unit and fuzz test executables and the e2e tests' checkers. None of it is linked into
# papbench, the capture library or an MPI test program, so every measured time keeps the build
# type's -O2. CI compiles this code once per cold run and only checks its answers: at -Og
# the heaviest batch of it (papbench-report's first) took 24 CPU-s against 43 at -O2 (issue 42;
# about 30 % of the ci build's compile time is this code).
# Empty (the default, every user's build): the build type's flags.
set(PAPBENCH_UNTIMED_OPT "" CACHE STRING
    "Optimization flag for papbench-report, papbench-synth and the test helpers (ci preset: -Og)")
if(PAPBENCH_UNTIMED_OPT)
  set(_untimed report_make_fixture report_json_query check_result papbench_report_model
      papbench_models)
  set(_untimed_dirs "")
  # tools/ is not built where PAPBENCH_REPORT_EXECUTABLE gives a papbench-report (the MPICH build).
  if(TARGET papbench-report)
    list(APPEND _untimed_dirs ${PROJECT_SOURCE_DIR}/tools)
  endif()
  if(PAPBENCH_BUILD_UNIT_TESTS)
    list(APPEND _untimed_dirs ${CMAKE_CURRENT_SOURCE_DIR}/unit ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
  endif()
  foreach(_dir IN LISTS _untimed_dirs)
    get_property(_dir_targets DIRECTORY ${_dir} PROPERTY BUILDSYSTEM_TARGETS)
    list(APPEND _untimed ${_dir_targets})
  endforeach()
  foreach(_target IN LISTS _untimed)
    if(NOT TARGET ${_target})
      continue()
    endif()
    get_target_property(_type ${_target} TYPE)
    if(_type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|OBJECT_LIBRARY|MODULE_LIBRARY)$")
      # After the build type's -O2 on the command line: the last -O wins.
      set_property(TARGET ${_target} APPEND PROPERTY COMPILE_OPTIONS ${PAPBENCH_UNTIMED_OPT})
    endif()
  endforeach()
endif()
