papbench_unit_test(arrival_pattern_test SOURCES arrival_pattern_test.cpp LIBS papbench_imbalance)
papbench_unit_test(deadline_wait_test SOURCES deadline_wait_test.cpp
                   LIBS papbench_imbalance papbench_clocksync)
