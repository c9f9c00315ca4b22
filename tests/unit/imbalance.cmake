papbench_unit_test(arrival_pattern_test SOURCES arrival_pattern_test.cpp LIBS papbench_imbalance)
papbench_unit_test(tick_grid_test SOURCES tick_grid_test.cpp LIBS papbench_imbalance)
papbench_unit_test(deadline_wait_test SOURCES deadline_wait_test.cpp
                   LIBS papbench_imbalance papbench_clocksync)
papbench_unit_test(xtime_loop_test SOURCES xtime_loop_test.cpp LIBS papbench_imbalance)
papbench_unit_test(pap_statistics_test SOURCES pap_statistics_test.cpp LIBS papbench_imbalance)
papbench_unit_test(arrival_aim_test SOURCES arrival_aim_test.cpp LIBS papbench_imbalance)
