# papbench-report plot on a tiny real papbench run: every view to SVG, PNG and PDF
# (tests/e2e/plot.sh; its SVG and PNG checks are in plot_lib.sh).
papbench_e2e_test(plot plot.sh TIMEOUT 240)
