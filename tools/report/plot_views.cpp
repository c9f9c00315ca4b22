#include "tools/report/plot_views.hpp"

#include <algorithm>

namespace papbench::report::plot {
namespace {

// Views that read result sets open them here, so each view gets ResultFiles.
template <Figure (*Build)(const std::vector<ResultFile>&, const PlotOptions&)>
Figure from_results(const std::vector<std::string>& paths, const PlotOptions& options) {
  std::vector<ResultFile> files;
  files.reserve(paths.size());
  for (const std::string& p : paths) files.push_back(open_result_file(p));
  return Build(files, options);
}

// One row per view: the generic ones, then the papers' figures in paper order.
const std::vector<PlotView>& registry() {
  static const std::vector<PlotView> kViews = {
      {"metric-vs",
       "--metric vs. --x (count, maxdelay, ranks, pattern): median and 95% CI, "
       "a line per algorithm",
       "generic", from_results<plot_metric_vs>},
      {"arrivals", "arrival and exit per rank in --iters of --case, on the global clock", "generic",
       from_results<plot_arrivals>},
      {"heatmap", "arrival offset per rank x iteration of --case", "generic",
       from_results<plot_heatmap>},
      {"cdf", "distribution of --metric over the iterations, a staircase per algorithm", "generic",
       from_results<plot_cdf>},
  };
  return kViews;
}

}  // namespace

std::span<const PlotView> plot_views() {
  return registry();
}

const PlotView* find_plot_view(std::string_view name) {
  const auto& all = registry();
  const auto it =
      std::find_if(all.begin(), all.end(), [&](const PlotView& v) { return v.name == name; });
  return it == all.end() ? nullptr : &*it;
}

}  // namespace papbench::report::plot
