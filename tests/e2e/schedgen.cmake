# `papbench schedgen` and `papbench-report table clv-table1` ([ProficzOcetkiewicz2021] Table 1;
# docs/SCHEDGEN.md).
papbench_e2e_test(schedgen_table schedgen_table.sh TIMEOUT 120)
