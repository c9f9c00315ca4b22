# --validate-every and the per-iteration validation record (tests/e2e/validation.sh); JSON is
# checked with report_json_query (report.cmake).
papbench_e2e_test(validation validation.sh TIMEOUT 240)
set_tests_properties(e2e.validation PROPERTIES ENVIRONMENT
                     "${_e2e_env};JSON_QUERY=$<TARGET_FILE:report_json_query>")
