# The paper tables and figures of papbench-report (tools/report/tables/figure_grid and the views on it)
# and the experiment files' `count = TOTALS/P`.
papbench_unit_test(report_tables_test SOURCES report_tables_test.cpp LIBS papbench_report_tables)
papbench_unit_test(experiment_totals_test SOURCES experiment_totals_test.cpp LIBS papbench_bench)
# The trend verdict rule of the paper views (issue 29).
papbench_unit_test(trend_verdict_test SOURCES trend_verdict_test.cpp LIBS papbench_report_core)
