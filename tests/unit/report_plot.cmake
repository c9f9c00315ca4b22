# papbench-report plot: the gnuplot source a Figure becomes (tools/report/core/gnuplot_script.cpp) and
# the unit and log-axis helpers (tools/report/core/plot_figure.cpp), both in papbench_report_core.
papbench_unit_test(report_plot_test SOURCES report_plot_test.cpp LIBS papbench_report_core)
