# papbench-report's [Kang2019] views (table kang-fig4/5/6, model intergroup) from tiny real
# intergroup runs on 6 ranks; JSON checked with report_json_query (report.cmake).
papbench_e2e_test(kang_report kang_report.sh TIMEOUT 120)
set_tests_properties(e2e.kang_report PROPERTIES ENVIRONMENT
                     "${_e2e_env};JSON_QUERY=$<TARGET_FILE:report_json_query>")
