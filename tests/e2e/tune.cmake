# papbench-report tune (issue 45 item 2): from result sets with stated timings
# (papbench-tune-fixture), the rules file tune writes is read by the real library, which then runs
# the chosen algorithm (the send-trace check of tests/mpi/forced_native_signature.cpp), without a
# warning; under MPICH its tuning JSON, spliced into the library's own selection.
add_executable(papbench-tune-fixture ${CMAKE_CURRENT_LIST_DIR}/tune_fixture.cpp)
target_link_libraries(papbench-tune-fixture PRIVATE papbench_results papbench_common CLI11::CLI11
                                                    fmt::fmt papbench_warnings)
papbench_e2e_test(tune_rules tune_rules.sh)
set_tests_properties(e2e.tune_rules PROPERTIES ENVIRONMENT
                     "${_e2e_env};TUNE_FIXTURE=$<TARGET_FILE:papbench-tune-fixture>;SEND_TRACE=$<TARGET_FILE:forced_native_signature_mpi>")
# jobs/tune-app.sh (issue 45 item 3) on the capture test's tiny application: capture, one site
# replayed under every algorithm, tune's rules file (Open MPI's coll_tuned rules, or MPICH's
# selection JSON spliced into the library's own), the reruns with it, before/after and the output
# check (full tier: tune_rules is the tune feature's quick test), under either library.
papbench_e2e_test(tune_app tune_app.sh)
set_tests_properties(e2e.tune_app PROPERTIES ENVIRONMENT
                     "${_e2e_env};SYNTHETIC_APP=$<TARGET_FILE:capture_synthetic_app>"
                     RUN_SERIAL TRUE)
