// cdf: the empirical distribution of a metric over the timed iterations, one staircase per
// algorithm, so tails and bimodal runs show that a median hides.
#include <fmt/format.h>

#include <algorithm>

#include "common/errors.hpp"
#include "tools/report/core/metric_choice.hpp"
#include "tools/report/plots/plot_views.hpp"
#include "tools/report/tables/figure_grid.hpp"

namespace papbench::report::plot {
namespace {

constexpr std::size_t kMaxCdfPanels = 8;

}  // namespace

Figure plot_cdf(const std::vector<ResultFile>& files, const PlotOptions& options) {
  FirstSeen<FirstSeen<std::vector<double>>> grid;  // panel, series
  for (const ResultFile& f : files) {
    for (std::size_t i = 0; i < f.reader.cases().size(); ++i) {
      // One case's data at a time: the files are opened on demand (plot_views.cpp).
      const results::CaseRecord c = load_case(f, i, {.counters = false, .metrics = false});
      const std::vector<double> m = metric_values(f, c, options.metric, "cdf");
      if (m.empty()) continue;  // no timed iteration (e.g. an app capture's cases): no staircase
      auto& v = grid[conditions_text(c, case_processes(c, f), std::nullopt)][series_name(c)];
      v.insert(v.end(), m.begin(), m.end());
    }
  }
  if (grid.empty()) {
    throw UsageError("plot cdf: the given files hold no complete case with a timed iteration");
  }
  if (grid.size() > kMaxCdfPanels) {
    throw UsageError(
        fmt::format("plot cdf: the files hold {} different case conditions (at most "
                    "{} panels); use metric-vs for a sweep",
                    grid.size(), kMaxCdfPanels));
  }
  const std::string metric(metric_title(options.metric));
  Figure figure;
  figure.title = fmt::format("{}: distribution over timed iterations", metric);
  figure.footer = run_footer(files);
  for (auto& [condition, by_series] : grid) {
    std::vector<double> all;
    for (const auto& [name, v] : by_series) all.insert(all.end(), v.begin(), v.end());
    const TimeUnit unit = time_unit_for(*std::max_element(all.begin(), all.end()));
    Panel panel;
    panel.title = condition;
    panel.x = {fmt::format("{} [{}]", metric, unit.name), spans_decades(all, 1.5), 10, {}};
    panel.y = {"fraction of iterations <= x", false, 10, {}};
    panel.y.min = 0;
    panel.y.max = 1;
    for (auto& [name, v] : by_series) {
      std::sort(v.begin(), v.end());
      Series s{name, Style::kSteps, 0, {}};
      // Start each staircase at 0 so a single-valued series is still a visible step.
      if (!v.empty()) s.rows.push_back({v.front() / unit.ns, 0});
      for (std::size_t i = 0; i < v.size(); ++i) {
        s.rows.push_back(
            {v[i] / unit.ns, static_cast<double>(i + 1) / static_cast<double>(v.size())});
      }
      panel.series.push_back(std::move(s));
    }
    figure.panels.push_back(std::move(panel));
  }
  return figure;
}

}  // namespace papbench::report::plot
