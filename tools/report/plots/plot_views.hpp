#pragma once
// `papbench-report plot VIEW FILE... --out FIG`: the views, one row each in plot_views.cpp (an
// explicit list, as paper_tables.cpp), each built in its own plot_<view>.cpp from the data the
// text views already compute.

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "results/case_metrics.hpp"
#include "tools/report/core/plot_figure.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report::plot {

// kAuto: the axis along which the files' cases take the most distinct values (ties in the
// order below), so a job's result set is drawn along what its experiment varied.
enum class XAxis { kMaxDelay, kCount, kRanks, kPattern, kAuto };

struct PlotOptions {
  results::Metric metric = results::Metric::kRunTime;  // metric-vs, cdf
  XAxis x = XAxis::kAuto;                              // metric-vs
  std::size_t case_index = 0;                          // arrivals, heatmap, parsons-counters
  std::vector<int> iterations = {0};                   // arrivals: timed iterations to draw
  results::IterationFilter filter;  // every view: the iterations kept, as summary keeps them
};

struct PlotView {
  std::string_view name;     // the command-line argument
  std::string_view summary;  // one line for --list
  std::string_view source;   // "generic" or the paper's figure ([Proficz2020] Fig. 14)
  std::function<Figure(const std::vector<std::string>& paths, const PlotOptions&)> build;
};

std::span<const PlotView> plot_views();
const PlotView* find_plot_view(std::string_view name);

// Generic views (plot_metric_vs.cpp, plot_arrivals.cpp, plot_heatmap.cpp, plot_cdf.cpp).
Figure plot_metric_vs(const std::vector<ResultFile>& files, const PlotOptions& options);
Figure plot_arrivals(const std::vector<ResultFile>& files, const PlotOptions& options);
Figure plot_heatmap(const std::vector<ResultFile>& files, const PlotOptions& options);
Figure plot_cdf(const std::vector<ResultFile>& files, const PlotOptions& options);

// Panels and lines in the order their first case was run (a std::map would put "16Ki" before
// "1Ki" and "ring" before the "native" baseline the user listed first).
template <class V>
class FirstSeen {
 public:
  V& operator[](const std::string& key) {
    for (auto& [k, v] : items_) {
      if (k == key) return v;
    }
    return items_.emplace_back(key, V{}).second;
  }
  auto begin() { return items_.begin(); }
  auto end() { return items_.end(); }
  auto begin() const { return items_.begin(); }
  auto end() const { return items_.end(); }
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }

 private:
  std::vector<std::pair<std::string, V>> items_;
};

// The one case a per-case view draws: --case N of a single file (numbered as `summary` does),
// with its data (load_case: a file opened on demand reads that case alone), every iteration.
// Throws UsageError for several files or an N beyond the file's cases.
results::CaseRecord chosen_case(const std::vector<ResultFile>& files, const PlotOptions& options,
                                std::string_view view);
// The same case reduced to the iterations the report keeps (results::only_kept), for the views
// that pool every iteration's rows; UsageError (require_kept_iterations) when it kept none.
results::CaseRecord chosen_kept_case(const std::vector<ResultFile>& files,
                                     const PlotOptions& options, std::string_view view);
// UsageError naming the view, the case and why, when `kept` holds no iteration: a figure of no
// data is none (issue 47: gnuplot failed on it, exit 1, or drew an empty frame).
void require_kept_iterations(std::size_t index, const results::IterationSelection& kept,
                             std::string_view view);

// The text of a case's conditions other than its algorithm and the x axis, for panel titles.
std::string conditions_text(const results::CaseRecord& record, int processes,
                            std::optional<XAxis> x);

// "binomial" or "binomial(k=2)": one line of a plot per algorithm and its options.
std::string series_name(const results::CaseRecord& record);

// One value per timed iteration the report keeps (kept_iterations: summary's iterations), ns; a
// damaged case becomes a UsageError naming the view.
std::vector<double> metric_values(const ResultFile& file, const results::CaseRecord& record,
                                  results::Metric metric, std::string_view view);

// Reading back the Report a text view built (the paper views plot what `table` prints).
// column_of throws Error when the view has no such column; raw_number gives NaN for null.
std::size_t column_of(const Table& table, std::string_view key);
double raw_number(const Cell& cell);

// Paper views (plot_paper_grid.cpp, plot_paper_tables.cpp, plot_parsons_pap.cpp,
// plot_parsons_counters.cpp).
Figure plot_paper_grid(const Report& report, std::string_view source);
Figure plot_proficz_table34(const Report& report);
Figure plot_proficz_table5(const Report& report);
// [Kang2019] Figs. 4-5 (times per block size) and Fig. 6 (speed-ups), plot_kang_figs.cpp.
Figure plot_kang_times(const Report& report);
Figure plot_kang_speedups(const Report& report);
Figure plot_clv_table1(const Report& report);
// [Parsons2015] Tables 2.1, 2.2, 3.6-3.8 (speed-ups per row beside the thesis'),
// plot_parsons_tables.cpp.
Figure plot_parsons_speedups(const Report& report);
Figure plot_parsons_pap(const std::vector<ResultFile>& files, const PlotOptions& options);
Figure plot_parsons_counters(const std::vector<ResultFile>& files, const PlotOptions& options);

}  // namespace papbench::report::plot
