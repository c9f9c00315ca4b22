# clocksync MPI tests: known-answer checks of the global clock (injected offsets up to 10 ms and
# drifts up to 100 ppm must be recovered to within 5 us over a run with 1 s resyncs, inside the
# error bound the clock claims) and the GlobalClock protocol (events, agreed sync times, collective
# hierarchy decision, continuity).
add_executable(clocksync_check clocksync_check.cpp)
target_link_libraries(clocksync_check PRIVATE papbench_clocksync papbench_warnings)
add_executable(clocksync_protocol clocksync_protocol.cpp)
target_link_libraries(clocksync_protocol PRIVATE papbench_clocksync papbench_warnings)

papbench_mpi_test(clocksync_known_answer RANKS 1 2 4 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --offset-ns 10000000 --drift-ppm 100
                          --duration-ms 3000 --resync-ms 1000 --max-error-ns 5000 --min-resyncs 2
                          --bound-holds-after-ms 0)
# The median's offset comes from a typical exchange, not the cleanest, and its bound is that
# exchange's own rtt/2. Under MPICH on 2 cores (busy-polling ranks preempt each other) a typical
# round trip takes milliseconds: 8 runs claimed bounds of 10-24 ms and erred by up to 30 us
# (Open MPI: under 5 us). The limit is set to pass both, and grows to the claimed bound where the
# machine is loaded further (ASan on a busy CI machine once claimed 7.9 ms and erred by 918 us);
# the bound check is the exact one.
papbench_mpi_test(clocksync_known_answer_median RANKS 4 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --offset-ns 10000000 --drift-ppm 100
                          --duration-ms 2000 --resync-ms 1000 --estimator median
                          --max-error-ns 100000 --limit-grows-with-bound --min-resyncs 1
                          --bound-holds-after-ms 0)
# Hierarchical sync where it is not exact by construction: two virtual nodes of two ranks, each
# node's ranks sharing one distorted clock (as a real node's ranks share its oscillator), so only
# the leaders ping-pong and the second node's member inherits its leader's mapping and bound.
papbench_mpi_test(clocksync_known_answer_nodes RANKS 4 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --offset-ns 10000000 --drift-ppm 100
                          --per-node --virtual-ppn 2 --duration-ms 2000 --resync-ms 500
                          --max-error-ns 5000 --min-resyncs 2 --bound-holds-after-ms 0
                          --expect-hierarchical yes)
# Drifts a line does not fit. A slow wander (3 us amplitude, 4 s period: up to 4.7 ppm of drift
# that changes by 7 ppm/s) resynced every 200 ms stays inside the bound. A drift step of up to
# 20 ppm at 1.5 s cannot be foreseen: the error may exceed the bound until resyncs have measured
# the new drift (two intervals), after which the bound must hold again.
papbench_mpi_test(clocksync_known_answer_wander RANKS 3 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --offset-ns 1000000 --drift-ppm 50
                          --wander-ns 3000 --wander-period-ms 4000 --duration-ms 3000
                          --resync-ms 200 --max-error-ns 5000 --bound-holds-after-ms 0)
papbench_mpi_test(clocksync_known_answer_step RANKS 3 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --offset-ns 1000000 --drift-ppm 50
                          --step-ppm 20 --step-at-ms 1500 --duration-ms 3000 --resync-ms 250
                          --max-error-ns 20000 --bound-holds-after-ms 2250)
# Without injection on one node the hierarchical sync is exact: every rank reads rank 0's clock.
papbench_mpi_test(clocksync_known_answer_exact RANKS 3 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_check> --duration-ms 1500 --resync-ms 500
                          --max-error-ns 1 --min-resyncs 1)
papbench_mpi_test(clocksync_protocol RANKS 1 2 3 4 TIMEOUT 60
                  COMMAND $<TARGET_FILE:clocksync_protocol>)
# The known-answer checks measure time, and the protocol test expects a sync to end within its
# 200 ms resync interval ("no resync right after a sync" failed at 2-4 ranks on the shared 2-core
# machine under load 30, alone as beside another test): they run alone whatever ctest's -j and
# whatever PAPBENCH_MPI_TEST_PROCESSORS (under Open MPI its default lets the other MPI tests
# run two at a time, tests/CMakeLists.txt).
set_tests_properties(clocksync_protocol.np1 clocksync_protocol.np2 clocksync_protocol.np3
                     clocksync_protocol.np4
                     clocksync_known_answer.np1 clocksync_known_answer.np2
                     clocksync_known_answer.np4 clocksync_known_answer_median.np4
                     clocksync_known_answer_nodes.np4 clocksync_known_answer_wander.np3
                     clocksync_known_answer_step.np3 clocksync_known_answer_exact.np3
                     PROPERTIES RUN_SERIAL TRUE)
