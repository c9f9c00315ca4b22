papbench_unit_test(capture_recorder_test SOURCES capture_recorder_test.cpp
                   LIBS papbench_capture_core)
papbench_unit_test(substitution_spec_test SOURCES substitution_spec_test.cpp
                   LIBS papbench_substitution_spec)
