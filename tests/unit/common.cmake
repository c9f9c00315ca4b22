papbench_unit_test(units_test SOURCES units_test.cpp LIBS papbench_common)
