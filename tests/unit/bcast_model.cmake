papbench_unit_test(bcast_model_test SOURCES bcast_model_test.cpp LIBS papbench_models)
# `model bcast`'s Tables 1-3 from result sets written in the test (issue 27, items 1-3); its Q
# shared with `table nuriyev-q` and Table 3's model-vs-oblivious verdicts (issue 29).
papbench_unit_test(bcast_model_view_test SOURCES bcast_model_view_test.cpp
  LIBS papbench_report_bcast_model papbench_report_tables)
