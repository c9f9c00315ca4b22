# What a result set says about how far to trust it (tests/e2e/trust.sh): which iterations were
# validated, the MPI thread level; JSON is checked with report_json_query (report.cmake).
papbench_e2e_test(trust trust.sh TIMEOUT 240)
set_tests_properties(e2e.trust PROPERTIES ENVIRONMENT
                     "${_e2e_env};JSON_QUERY=$<TARGET_FILE:report_json_query>")
# SBN/BSBN build the tree the exchanged arrivals call for (tests/e2e/sbn_placement.sh).
papbench_e2e_test(sbn_placement sbn_placement.sh TIMEOUT 180)
