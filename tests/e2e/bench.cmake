add_executable(check_result check_result.cpp)
target_link_libraries(check_result PRIVATE papbench_stats papbench_results papbench_common
                      CLI11::CLI11 fmt::fmt papbench_warnings)

string(JOIN " " _mpiexec "${MPIEXEC_EXECUTABLE}" ${PAPBENCH_MPIEXEC_FLAGS})
set(_e2e_env "PAPBENCH=$<TARGET_FILE:papbench>" "PAPBENCH_REPORT=${PAPBENCH_REPORT_FOR_TESTS}"
             "CHECK_RESULT=$<TARGET_FILE:check_result>" "MPIEXEC=${_mpiexec}"
             "SOURCE_DIR=${PROJECT_SOURCE_DIR}" "BUILD_DIR=${PROJECT_BINARY_DIR}")

# papbench_e2e_test(NAME SCRIPT [TIMEOUT s]): a bash script run as a user would type it.
function(papbench_e2e_test name script)
  cmake_parse_arguments(T "" "TIMEOUT" "" ${ARGN})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 180)
  endif()
  add_test(NAME e2e.${name} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/${script})
  # Two at a time unless it checks timing (timed.cmake).
  papbench_e2e_processors(${name} _processors)
  set_tests_properties(e2e.${name} PROPERTIES LABELS e2e TIMEOUT ${T_TIMEOUT}
                       PROCESSORS ${_processors} ENVIRONMENT "${_e2e_env}")
endfunction()

papbench_e2e_test(cli_errors cli_errors.sh)
# Ends a process at MPI_Init (exit 99): e2e.cli_errors shows that refusals come before MPI starts.
add_library(mpi_init_trap SHARED mpi_init_trap.cpp)
target_link_libraries(mpi_init_trap PRIVATE papbench_warnings)
set_tests_properties(e2e.cli_errors PROPERTIES ENVIRONMENT
                     "${_e2e_env};MPI_INIT_TRAP=$<TARGET_FILE:mpi_init_trap>")
# Issue 43, items 3 and 4: a one-rank run warns; sizes show bytes; a count that cannot fit is
# refused up front.
papbench_e2e_test(sizes_and_ranks sizes_and_ranks.sh)
papbench_e2e_test(report_corrupt report_corrupt.sh)
papbench_e2e_test(run_and_report run_and_report.sh)
papbench_e2e_test(compare_aa compare_aa.sh)
papbench_e2e_test(buffers buffers.sh)
papbench_e2e_test(nonblocking nonblocking.sh)
set_property(TEST e2e.nonblocking APPEND PROPERTY ENVIRONMENT
             "JSON_QUERY=$<TARGET_FILE:report_json_query>")
papbench_e2e_test(late_rank_spread late_rank_spread.sh)
papbench_e2e_test(kill_keeps_cases kill_keeps_cases.sh)
papbench_e2e_test(resume resume.sh)
# Fills a tmpfs: skipped (77) where mount is not permitted.
papbench_e2e_test(disk_full_resume disk_full_resume.sh)
set_tests_properties(e2e.disk_full_resume PROPERTIES SKIP_RETURN_CODE 77)
papbench_e2e_test(sync_check sync_check.sh)
papbench_e2e_test(native_collectives native_collectives.sh TIMEOUT 300)
papbench_e2e_test(quickstart quickstart.sh)
# README's first experiment, as written (Open MPI's flags: not in tools/test.sh's MPICH stage).
papbench_e2e_test(readme_first readme_first.sh)
papbench_e2e_test(imbalance_pap imbalance_pap.sh)
papbench_e2e_test(replay_pap replay_pap.sh)
# Known-answer timing checks (arrival spreads, sync error): alone whatever ctest's -j.
set_tests_properties(e2e.late_rank_spread e2e.sync_check e2e.replay_pap PROPERTIES RUN_SERIAL TRUE)
papbench_e2e_test(counters_e2e counters_e2e.sh)
papbench_e2e_test(pap_scatter_gather pap_scatter_gather.sh TIMEOUT 300)
