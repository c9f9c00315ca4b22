// heatmap: each rank's arrival after the iteration's first arrival, rank x timed iteration
// ([Parsons2015] Fig. 3.5 draws entry times so): a fixed skew shows as horizontal stripes, a
// random pattern as noise. Only the iterations the report keeps (summary's) are drawn, each at
// its own number: a column left blank is one the filter left out.
#include <fmt/format.h>

#include <algorithm>

#include "tools/report/core/case_text.hpp"
#include "tools/report/plots/plot_views.hpp"

namespace papbench::report::plot {

Figure plot_heatmap(const std::vector<ResultFile>& files, const PlotOptions& options) {
  const results::CaseRecord& c = chosen_case(files, options, "heatmap");
  const results::Matrix& a = c.arrival_ns;
  const results::IterationSelection selection = kept_iterations(files.front(), c);
  require_kept_iterations(options.case_index, selection, "heatmap");
  const std::vector<std::size_t>& kept = selection.kept;
  double max_offset = 0;
  for (const std::size_t k : kept) {
    const int it = static_cast<int>(k);
    const auto row = a.row(it);
    const auto [lo, hi] = std::minmax_element(row.begin(), row.end());
    max_offset = std::max(max_offset, static_cast<double>(*hi - *lo));
  }
  const TimeUnit unit = time_unit_for(max_offset);
  Figure figure;
  figure.title = "Arrival offset per rank and timed iteration";
  figure.footer = run_footer(files);
  Panel panel;
  panel.title = fmt::format("{} ({})", case_title(options.case_index, c), case_facts(c));
  panel.x = {"timed iteration", false, 10, {}};
  panel.y = {"rank", false, 10, {}};
  panel.x.min = -0.5;
  panel.x.max = a.rows - 0.5;
  panel.y.min = -0.5;
  panel.y.max = a.cols - 0.5;
  if (a.cols <= 32) panel.y.step = 1;
  panel.color_label = fmt::format("arrival after the first rank [{}]", unit.name);
  Series s{"", Style::kImage, 0, {}};
  for (const std::size_t k : kept) {
    const int it = static_cast<int>(k);
    const auto row = a.row(it);
    const std::int64_t first = *std::min_element(row.begin(), row.end());
    for (int r = 0; r < a.cols; ++r) {
      s.rows.push_back({double(it), double(r),
                        static_cast<double>(row[static_cast<std::size_t>(r)] - first) / unit.ns});
    }
  }
  panel.series.push_back(std::move(s));
  figure.panels.push_back(std::move(panel));
  return figure;
}

}  // namespace papbench::report::plot
