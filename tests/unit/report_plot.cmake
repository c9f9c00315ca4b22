# papbench-report plot: the gnuplot source a Figure becomes (tools/report/gnuplot_script.cpp) and
# the unit and log-axis helpers (tools/report/plot_figure.cpp).
papbench_unit_test(report_plot_test
  SOURCES report_plot_test.cpp ${PROJECT_SOURCE_DIR}/tools/report/gnuplot_script.cpp
          ${PROJECT_SOURCE_DIR}/tools/report/plot_figure.cpp
          ${PROJECT_SOURCE_DIR}/tools/report/result_file.cpp
          ${PROJECT_SOURCE_DIR}/tools/report/table_format.cpp
  LIBS papbench_results papbench_common fmt::fmt nlohmann_json::nlohmann_json)
target_include_directories(report_plot_test PRIVATE ${PROJECT_SOURCE_DIR})
