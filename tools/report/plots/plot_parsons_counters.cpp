// [Parsons2015] Figs. 3.7-3.13: a hardware counter of each process against its normalized
// arrival, one panel per recorded PAPI event of --case, with the Pearson and Spearman
// coefficients `papbench-report counters` prints.
#include <fmt/format.h>

#include <algorithm>

#include "common/errors.hpp"
#include "results/correlation.hpp"
#include "tools/report/core/case_text.hpp"
#include "tools/report/plots/plot_views.hpp"

namespace papbench::report::plot {
namespace {

constexpr std::size_t kMaxEvents = 8;
constexpr std::size_t kMaxDots = 20000;

}  // namespace

Figure plot_parsons_counters(const std::vector<ResultFile>& files, const PlotOptions& options) {
  const results::CaseRecord& c = chosen_kept_case(files, options, "parsons-counters");
  if (c.counters.empty()) {
    throw UsageError(
        fmt::format("plot parsons-counters: case {} recorded no counters (run "
                    "papbench with --counters EV1,EV2,...)",
                    options.case_index));
  }
  if (c.counters.size() > kMaxEvents) {
    throw UsageError(fmt::format("plot parsons-counters: case {} has {} events, at most {} fit",
                                 options.case_index, c.counters.size(), kMaxEvents));
  }
  const std::vector<double> arrival = stats::normalized_arrivals(c.arrival_ns);
  Figure figure;
  figure.title = fmt::format("Parsons 2015 Figs. 3.7-3.13, counters vs. normalized arrival: {}",
                             case_title(options.case_index, c));
  figure.footer = run_footer(files);
  int color = 1;
  for (const auto& [event, m] : c.counters) {
    const std::vector<double> values(m.data.begin(), m.data.end());
    const bool aligned = m.rows == c.arrival_ns.rows && m.cols == c.arrival_ns.cols;
    Panel panel;
    panel.title =
        aligned ? fmt::format("{}: Pearson r {:.3f}, Spearman rho {:.3f}", event,
                              stats::pearson(arrival, values), stats::spearman(arrival, values))
                : fmt::format("{}: not one value per arrival (damaged case)", event);
    panel.x = {"normalized arrival (0: first, 1: last of the invocation)", false, 10, {}};
    panel.y = {fmt::format("{} [events]", event), false, 10, {}};
    Series s{"", Style::kDots, color++, {}};
    // Every k-th sample when there are very many (8192 ranks x 1000 iterations): the cloud
    // keeps its shape, the SVG stays small; the coefficients use every sample.
    const std::size_t stride = std::max<std::size_t>(1, values.size() / kMaxDots + 1);
    if (aligned) {
      for (std::size_t i = 0; i < values.size(); i += stride) {
        s.rows.push_back({arrival[i], values[i]});
      }
      if (stride > 1)
        panel.title += fmt::format(" (every {}th of {} samples drawn)", stride, values.size());
    }
    panel.series.push_back(std::move(s));
    figure.panels.push_back(std::move(panel));
  }
  return figure;
}

}  // namespace papbench::report::plot
