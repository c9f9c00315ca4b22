# papbench-report's model check: [Proficz2020] Eqs. 3-24 against hand-computed values, the mapping
# of algorithms to equations, and the Hockney least-squares fit on synthetic data (pure, no files).
papbench_unit_test(report_model_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/report_model_test.cpp
  LIBS papbench_report_model)
