# papbench-report's [Parsons2015] speed-up tables (parsons-table2.1, 2.2, 3.6-3.8) from tiny real
# runs of the algorithms main has, replaying a recorded trace on 4 ranks / 2 virtual nodes; JSON
# checked with report_json_query (report.cmake).
papbench_e2e_test(parsons_tables parsons_tables.sh TIMEOUT 180)
set_tests_properties(e2e.parsons_tables PROPERTIES ENVIRONMENT
                     "${_e2e_env};JSON_QUERY=$<TARGET_FILE:report_json_query>")
