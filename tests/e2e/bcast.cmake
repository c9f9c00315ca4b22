# papbench tree (bcast trees and Open MPI 3.1's decision) and native:force through the CLI.
papbench_e2e_test(bcast_tree bcast_tree.sh)
papbench_e2e_test(bcast_force bcast_force.sh)
# papbench-report model bcast from real runs ([Nuriyev2022] Tables 1-3), and gather-after's
# causality; JSON checked with report_json_query (report.cmake).
papbench_e2e_test(bcast_model bcast_model.sh TIMEOUT 180)
set_tests_properties(e2e.bcast_model PROPERTIES ENVIRONMENT
                     "${_e2e_env};JSON_QUERY=$<TARGET_FILE:report_json_query>")
