# [Parsons2015]'s speed-up aggregation against the thesis' appendix numbers, and the
# parsons-table* views of papbench-report on result sets written with known times.
papbench_unit_test(parsons_tables_test SOURCES parsons_tables_test.cpp LIBS papbench_report_tables)
# The experiment format's parts the [Parsons2015] files use: algorithms checked at run time, {P}.
papbench_unit_test(experiment_parsons_test SOURCES experiment_parsons_test.cpp LIBS papbench_bench)
# The parsons-table3.9/3.10/3.11 views on `papbench app --out` result sets with known times.
papbench_unit_test(parsons_app_tables_test SOURCES parsons_app_tables_test.cpp
                   LIBS papbench_report_tables)
# The thesis' configurations the views match exactly, against the registry's declared options.
papbench_unit_test(parsons_configurations_test SOURCES parsons_configurations_test.cpp
                   LIBS papbench_report_tables papbench_collectives)
