# papbench topology and --virtual-ppn through the CLI (tests/e2e/topology.sh); JSON is checked
# with report_json_query (report.cmake).
papbench_e2e_test(topology topology.sh TIMEOUT 240)
set_tests_properties(e2e.topology PROPERTIES ENVIRONMENT
                     "${_e2e_env};JSON_QUERY=$<TARGET_FILE:report_json_query>")
