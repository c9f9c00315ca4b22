// [Parsons2015] Figs. 3.3-3.6, the process-arrival-pattern statistics of §3.3, from the
// statistics `papbench-report pap` prints (imbalance/pap_statistics): average (delta-bar) and
// worst-case (omega) imbalance over the cases (Fig. 3.3 plots them against the computation
// time), the histogram of arrivals about each node's mean (Fig. 3.4), the heat map of entry
// times (Fig. 3.5) and the imbalance per invocation (Fig. 3.6) of --case.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "imbalance/pap_statistics.hpp"
#include "results/kept_iterations.hpp"
#include "tools/report/core/case_text.hpp"
#include "tools/report/plots/plot_views.hpp"
#include "tools/report/tables/figure_grid.hpp"

namespace papbench::report::plot {
namespace {

constexpr int kHistogramBins = 30;

// Fig. 3.3: the x axis is what the cases vary: the computation time in the thesis, else the
// maximum delay, else the pattern (papbench imbalance's "compute:40k" names the xtime).
Panel imbalance_over_cases(const ResultFile& file) {
  const auto& cases = file.reader.cases();
  std::set<std::int64_t> computes, delays;
  std::vector<std::string> patterns;
  for (const results::CaseRecord& c : cases) {
    computes.insert(c.compute_ns);
    delays.insert(c.maxdelay_ns);
    if (std::find(patterns.begin(), patterns.end(), c.pattern) == patterns.end()) {
      patterns.push_back(c.pattern);
    }
  }
  enum {
    kCompute,
    kDelay,
    kPattern
  } x_kind = computes.size() > 1 ? kCompute
             : delays.size() > 1 ? kDelay
                                 : kPattern;
  std::vector<PapMeans> means;
  std::vector<bool> drawn;  // a case that kept no iteration has no point (its means are NaN)
  double max_ns = 0;
  for (const results::CaseRecord& c : cases) {
    // The iterations the report keeps, as `pap` and `summary` do.
    const std::vector<std::size_t> kept = kept_iterations(file, c).kept;
    drawn.push_back(!kept.empty());
    const results::Matrix a = results::kept_rows(c.arrival_ns, c.arrival_ns.rows, kept);
    const PapMeans m = summarize_pap(a, {}).all;
    means.push_back(m);
    if (drawn.back()) max_ns = std::max({max_ns, m.delta_bar_ns, m.omega_bar_ns});
  }
  const TimeUnit unit = time_unit_for(max_ns);
  Panel panel;
  panel.title = "Fig. 3.3: average and worst-case imbalance per case";
  panel.x = {x_kind == kCompute ? "computation time [ms]"
             : x_kind == kDelay ? "maximum delay [ms]"
                                : "arrival pattern",
             false,
             10,
             {}};
  if (x_kind == kPattern) {
    for (std::size_t i = 0; i < patterns.size(); ++i) {
      panel.x.tics.emplace_back(static_cast<double>(i), patterns[i]);
    }
    panel.x.min = -0.5;
    panel.x.max = static_cast<double>(patterns.size()) - 0.5;
  }
  panel.y = {fmt::format("imbalance [{}]", unit.name), false, 10, {}};
  Series delta{"average imbalance (delta-bar)", Style::kPoints, 1, {}};
  Series omega{"worst-case imbalance (omega-bar)", Style::kPoints, 2, {}};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (!drawn[i]) continue;
    const results::CaseRecord& c = cases[i];
    const double x =
        x_kind == kCompute ? static_cast<double>(c.compute_ns) / 1e6
        : x_kind == kDelay
            ? static_cast<double>(c.maxdelay_ns) / 1e6
            : static_cast<double>(std::find(patterns.begin(), patterns.end(), c.pattern) -
                                  patterns.begin());
    delta.rows.push_back({x, means[i].delta_bar_ns / unit.ns});
    omega.rows.push_back({x, means[i].omega_bar_ns / unit.ns});
  }
  std::sort(delta.rows.begin(), delta.rows.end());
  std::sort(omega.rows.begin(), omega.rows.end());
  panel.series = {std::move(delta), std::move(omega)};
  return panel;
}

// Fig. 3.4: each arrival minus the mean arrival of its node in that invocation, over the kept
// iterations.
Panel node_histogram(const results::CaseRecord& c, const std::vector<std::size_t>& kept,
                     const std::vector<int>& node_of_rank) {
  const results::Matrix& a = c.arrival_ns;
  std::vector<double> offsets;
  for (const std::size_t k : kept) {
    const int it = static_cast<int>(k);
    std::map<int, std::pair<double, int>> sums;  // node -> sum, ranks
    for (int r = 0; r < a.cols; ++r) {
      auto& [sum, n] = sums[node_of_rank.empty() ? 0 : node_of_rank[static_cast<std::size_t>(r)]];
      sum += static_cast<double>(a.at(it, r));
      ++n;
    }
    for (int r = 0; r < a.cols; ++r) {
      const auto& [sum, n] =
          sums[node_of_rank.empty() ? 0 : node_of_rank[static_cast<std::size_t>(r)]];
      offsets.push_back(static_cast<double>(a.at(it, r)) - sum / n);
    }
  }
  const auto [lo_it, hi_it] = std::minmax_element(offsets.begin(), offsets.end());
  const double lo = offsets.empty() ? 0 : *lo_it, hi = offsets.empty() ? 0 : *hi_it;
  const TimeUnit unit = time_unit_for(std::max(std::fabs(lo), std::fabs(hi)));
  const double width = hi > lo ? (hi - lo) / kHistogramBins : 1;
  std::vector<double> counts(kHistogramBins, 0);
  for (const double o : offsets) {
    const int bin = std::min(kHistogramBins - 1, static_cast<int>((o - lo) / width));
    counts[static_cast<std::size_t>(bin)] += 1;
  }
  Panel panel;
  panel.title = "Fig. 3.4: arrivals about their node's mean arrival";
  panel.x = {fmt::format("arrival - node mean [{}]", unit.name), false, 10, {}};
  panel.y = {"processes x invocations", false, 10, {}};
  Series bars{"", Style::kBoxes, 1, {}};
  for (int b = 0; b < kHistogramBins; ++b) {
    bars.rows.push_back(
        {(lo + (b + 0.5) * width) / unit.ns, counts[static_cast<std::size_t>(b)], width / unit.ns});
  }
  panel.series.push_back(std::move(bars));
  return panel;
}

// Fig. 3.6: delta-bar and omega of every kept invocation, at its timed iteration's number (the
// one summary's notes and export's rows give): an iteration left out is a gap in the lines, where
// gnuplot meets an undefined (NaN) point, rather than a renumbering of the ones after it.
Panel imbalance_per_invocation(const results::CaseRecord& c, const std::vector<std::size_t>& kept) {
  std::vector<PapInvocation> inv;
  double max_ns = 0;
  for (const std::size_t k : kept) {
    inv.push_back(pap_of(c.arrival_ns.row(static_cast<int>(k))));
    max_ns = std::max(max_ns, inv.back().omega_ns);
  }
  const TimeUnit unit = time_unit_for(max_ns);
  Panel panel;
  panel.title = "Fig. 3.6: imbalance per invocation";
  panel.x = {"invocation (timed iteration)", false, 10, {}};
  panel.y = {fmt::format("imbalance [{}]", unit.name), false, 10, {}};
  Series delta{"average imbalance (delta-bar)", Style::kLines, 1, {}};
  Series omega{"worst-case imbalance (omega)", Style::kLines, 2, {}};
  const double gap = std::nan("");
  for (std::size_t i = 0; i < inv.size(); ++i) {
    const auto x = static_cast<double>(kept[i]);
    if (i > 0 && kept[i] > kept[i - 1] + 1) {
      delta.rows.push_back({x - 0.5, gap});
      omega.rows.push_back({x - 0.5, gap});
    }
    delta.rows.push_back({x, inv[i].delta_bar_ns / unit.ns});
    omega.rows.push_back({x, inv[i].omega_ns / unit.ns});
  }
  panel.series = {std::move(delta), std::move(omega)};
  return panel;
}

}  // namespace

Figure plot_parsons_pap(const std::vector<ResultFile>& files, const PlotOptions& options) {
  const results::CaseRecord c = chosen_case(files, options, "parsons-pap");
  const ResultFile& file = files.front();
  // The iterations summary keeps, by their own numbers (Fig. 3.5's heat map draws them so too).
  const results::IterationSelection selection = kept_iterations(file, c);
  require_kept_iterations(options.case_index, selection, "parsons-pap");
  const std::vector<std::size_t>& kept = selection.kept;
  std::vector<int> nodes = file.reader.run_info().node_index;
  if (static_cast<int>(nodes.size()) != c.arrival_ns.cols) nodes.clear();
  Figure figure;
  figure.title = fmt::format(
      "Parsons 2015 Figs. 3.3-3.6, arrival-pattern statistics; Figs. "
      "3.4-3.6 of {}",
      case_title(options.case_index, c));
  figure.footer = run_footer(files);
  figure.panels.push_back(imbalance_over_cases(file));
  figure.panels.push_back(node_histogram(c, kept, nodes));
  Panel heat = plot_heatmap(files, options).panels.front();
  heat.title = "Fig. 3.5: entry times";
  figure.panels.push_back(std::move(heat));
  figure.panels.push_back(imbalance_per_invocation(c, kept));
  return figure;
}

}  // namespace papbench::report::plot
