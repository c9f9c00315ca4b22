# clocksync MPI tests: known-answer checks of the global clock (injected offsets up to 10 ms and
# drifts up to 100 ppm must be recovered to within 5 us over a run with 1 s resyncs) and the
# GlobalClock protocol (events, agreed sync times, collective hierarchy decision, continuity).
add_executable(clocksync_check clocksync_check.cpp)
target_link_libraries(clocksync_check PRIVATE papbench_clocksync papbench_warnings)
add_executable(clocksync_protocol clocksync_protocol.cpp)
target_link_libraries(clocksync_protocol PRIVATE papbench_clocksync papbench_warnings)

papbench_mpi_test(clocksync_known_answer RANKS 1 2 4 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --offset-ns 10000000 --drift-ppm 100
                          --duration-ms 3000 --resync-ms 1000 --max-error-ns 5000 --min-resyncs 2)
papbench_mpi_test(clocksync_known_answer_median RANKS 4 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --offset-ns 10000000 --drift-ppm 100
                          --duration-ms 2000 --resync-ms 1000 --estimator median
                          --max-error-ns 5000 --min-resyncs 1)
# Without injection on one node the hierarchical sync is exact: every rank reads rank 0's clock.
papbench_mpi_test(clocksync_known_answer_exact RANKS 3 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --duration-ms 1500 --resync-ms 500
                          --max-error-ns 1 --min-resyncs 1)
papbench_mpi_test(clocksync_protocol RANKS 1 2 3 4 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_protocol>)
