# clocksync unit tests: the distortion hook and the MPI-free estimator, fit and slew arithmetic.
papbench_unit_test(clocksync_unit_test
                   SOURCES clocksync_estimate_test.cpp clocksync_local_clock_test.cpp
                           clocksync_snapshot_test.cpp
                   LIBS papbench_clocksync)
papbench_unit_test(exchange_pin_test SOURCES exchange_pin_test.cpp LIBS papbench_clocksync)
