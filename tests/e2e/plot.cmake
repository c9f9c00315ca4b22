# papbench-report plot on a tiny real papbench run: every view to SVG, PNG and PDF
# (tests/e2e/plot.sh; its SVG and PNG checks are in plot_lib.sh).
papbench_e2e_test(plot plot.sh TIMEOUT 240)
# Every paper view of `papbench-report plot --list` on tiny real runs (tests/e2e/plot_papers.sh).
papbench_e2e_test(plot_papers plot_papers.sh TIMEOUT 300)
