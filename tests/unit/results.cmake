# results unit tests
papbench_unit_test(results_roundtrip_test SOURCES results_roundtrip_test.cpp
                   LIBS papbench_results)
papbench_unit_test(results_errors_test SOURCES results_errors_test.cpp
                   LIBS papbench_results GTest::gmock)
papbench_unit_test(results_case_record_test SOURCES results_case_record_test.cpp
                   LIBS papbench_results)
# Forks a writer and SIGKILLs it at random moments; 20 rounds, well under a second.
papbench_unit_test(results_kill_test SOURCES results_kill_test.cpp LIBS papbench_results)
# IMB-NBC's overlap (issue 46 item 2): the formula and the per-rank means it reads.
papbench_unit_test(nbc_overlap_test SOURCES nbc_overlap_test.cpp LIBS papbench_stats)
