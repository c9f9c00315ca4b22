# statistics unit tests
papbench_unit_test(statistics_summary_test SOURCES statistics_summary_test.cpp LIBS papbench_stats)
papbench_unit_test(statistics_compare_test SOURCES statistics_compare_test.cpp LIBS papbench_stats)
papbench_unit_test(case_metrics_series_test SOURCES case_metrics_series_test.cpp
                   LIBS papbench_stats)
papbench_unit_test(correlation_test SOURCES correlation_test.cpp LIBS papbench_stats)
papbench_unit_test(clock_bounds_test SOURCES clock_bounds_test.cpp LIBS papbench_stats)
papbench_unit_test(paired_statistics_test SOURCES paired_statistics_test.cpp LIBS papbench_stats)
papbench_unit_test(compare_aa_test SOURCES compare_aa_test.cpp LIBS papbench_stats)
papbench_unit_test(launch_interval_test SOURCES launch_interval_test.cpp LIBS papbench_stats)
papbench_unit_test(iteration_pairing_test SOURCES iteration_pairing_test.cpp LIBS papbench_stats)
papbench_unit_test(median_ci_test SOURCES median_ci_test.cpp LIBS papbench_stats)
papbench_unit_test(arrival_error_test SOURCES arrival_error_test.cpp LIBS papbench_stats)
