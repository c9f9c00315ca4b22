# papbench-report tune's rules files: Open MPI's classic coll_tuned rules and MPICH's tuning JSON
# from given choices (pure; the libraries reading them are tests/e2e/tune_rules.sh).
papbench_unit_test(report_tune_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/report_tune_test.cpp
  LIBS papbench_report_tune)
