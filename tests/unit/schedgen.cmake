# `papbench schedgen` and [ProficzOcetkiewicz2021] Table 1 (docs/SCHEDGEN.md): the instance
# generator's protocol properties, the HDF5 file and the table builder (papbench_report_clv1, on
# papbench_report_core's table_format).
papbench_unit_test(schedgen_instance_test SOURCES schedgen_instance_test.cpp
                   LIBS papbench_schedgen papbench_collectives)
papbench_unit_test(clv_table1_test SOURCES clv_table1_test.cpp LIBS papbench_report_clv1)
