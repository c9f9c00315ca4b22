# `papbench schedgen` and [ProficzOcetkiewicz2021] Table 1 (docs/SCHEDGEN.md): the instance
# generator's protocol properties, the HDF5 file and the table builder (which uses table_format
# from the report tool, compiled here as tests/unit/paper_tables.cmake does).
papbench_unit_test(schedgen_instance_test SOURCES schedgen_instance_test.cpp
                   LIBS papbench_schedgen papbench_collectives)
papbench_unit_test(clv_table1_test
  SOURCES clv_table1_test.cpp ${PROJECT_SOURCE_DIR}/tools/report/table_format.cpp
  LIBS papbench_report_clv1)
