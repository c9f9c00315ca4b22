# papbench-report's paper tables and figures on a tiny real papbench run (tests/e2e/paper_tables.sh).
papbench_e2e_test(paper_tables paper_tables.sh TIMEOUT 240)
