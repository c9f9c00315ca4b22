# [Parsons2015] Tables 3.9-3.11: `papbench app floyd|matvec|ft --out` at 4 ranks and the
# parsons-table3.9|3.10|3.11 views on the files (tests/e2e/app_tables.sh).
papbench_e2e_test(app_tables app_tables.sh)
