papbench_unit_test(capture_recorder_test SOURCES capture_recorder_test.cpp
                   LIBS papbench_capture_core)
