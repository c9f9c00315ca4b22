// metric-vs: a metric against count, maximum delay, process count or pattern; one line per
// algorithm through the medians, the distribution-free 95% CI of each median as error bars
// (the statistic `summary` prints). Cases that differ in anything else (size, pattern, ...) go
// to separate panels rather than into one line.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <utility>

#include "common/datatype_size.hpp"
#include "common/errors.hpp"
#include "common/units.hpp"
#include "results/statistics.hpp"
#include "tools/report/core/metric_choice.hpp"
#include "tools/report/plots/plot_views.hpp"
#include "tools/report/tables/figure_grid.hpp"

namespace papbench::report::plot {
namespace {

constexpr std::size_t kMaxMetricPanels = 8;

struct Key {
  double x = 0;
  std::string category;  // the pattern, for XAxis::kPattern
  auto operator<=>(const Key&) const = default;
};

// panel -> series -> x -> pooled iterations
using Grid = FirstSeen<FirstSeen<std::map<Key, std::vector<double>>>>;

Key key_of(const results::CaseRecord& c, int processes, XAxis x) {
  switch (x) {
    case XAxis::kCount:
      return {static_cast<double>(c.count), {}};
    case XAxis::kMaxDelay:
      return {static_cast<double>(c.maxdelay_ns) / 1e6, {}};
    case XAxis::kRanks:
      return {static_cast<double>(processes), {}};
    case XAxis::kPattern:
      return {0, c.pattern};
    case XAxis::kAuto:  // resolved before
      break;
  }
  return {};
}

Axis x_axis(XAxis x, const std::string& dtype, const std::vector<double>& xs) {
  switch (x) {
    case XAxis::kCount:
      return {fmt::format("count per rank [{} elements{}]", dtype,
                          datatype_size(dtype)
                              ? fmt::format(" of {}", format_bytes(*datatype_size(dtype)))
                              : ""),
              spans_decades(xs, 0.9),
              2,
              {}};
    case XAxis::kMaxDelay:
      return {"maximum delay [ms]", false, 10, {}};
    case XAxis::kRanks:
      return {"processes P", spans_decades(xs, 0.9), 2, {}};
    case XAxis::kPattern:
      return {"arrival pattern", false, 10, {}};
    case XAxis::kAuto:  // resolved before
      break;
  }
  return {};
}

XAxis resolve_auto(const std::vector<ResultFile>& files) {
  std::set<std::int64_t> delays, counts, ranks;
  std::set<std::string> patterns;
  for (const ResultFile& f : files) {
    for (const results::CaseRecord& c : f.reader.cases()) {
      delays.insert(c.maxdelay_ns);
      counts.insert(static_cast<std::int64_t>(c.count));
      ranks.insert(case_processes(c, f));
      patterns.insert(c.pattern);
    }
  }
  // Ties go to the first: the papers' figures are most often against the maximum delay.
  const std::pair<std::size_t, XAxis> candidates[] = {{delays.size(), XAxis::kMaxDelay},
                                                      {counts.size(), XAxis::kCount},
                                                      {ranks.size(), XAxis::kRanks},
                                                      {patterns.size(), XAxis::kPattern}};
  auto best = std::begin(candidates);
  for (auto it = std::begin(candidates); it != std::end(candidates); ++it) {
    if (it->first > best->first) best = it;
  }
  return best->second;
}

}  // namespace

Figure plot_metric_vs(const std::vector<ResultFile>& files, const PlotOptions& requested) {
  PlotOptions options = requested;
  if (options.x == XAxis::kAuto) options.x = resolve_auto(files);
  Grid grid;
  FirstSeen<std::string> dtypes;      // per panel, for the count axis label
  std::vector<std::string> patterns;  // category order: first seen
  for (const ResultFile& f : files) {
    for (std::size_t i = 0; i < f.reader.cases().size(); ++i) {
      // One case's data at a time: the files are opened on demand (plot_views.cpp).
      const results::CaseRecord c = load_case(f, i, {.counters = false, .metrics = false});
      const int processes = case_processes(c, f);
      const Key k = key_of(c, processes, options.x);
      if (options.x == XAxis::kPattern &&
          std::find(patterns.begin(), patterns.end(), c.pattern) == patterns.end()) {
        patterns.push_back(c.pattern);
      }
      const std::string condition = conditions_text(c, processes, options.x);
      dtypes[condition] = c.dtype;  // a condition holds one dtype (conditions_text names it)
      auto& cell = grid[condition][series_name(c)][k];
      const std::vector<double> v = metric_values(f, c, options.metric, "metric-vs");
      cell.insert(cell.end(), v.begin(), v.end());
    }
  }
  if (grid.empty()) throw UsageError("plot metric-vs: the given files hold no complete case");
  // A point without a kept iteration is a "-" row of summary: no point here either (a NaN
  // point, or a panel of them, is no figure gnuplot draws).
  std::size_t empty_cells = 0, points = 0;
  for (auto& [condition, by_series] : grid) {
    for (auto& [name, cells] : by_series) {
      empty_cells += static_cast<std::size_t>(
          std::erase_if(cells, [](const auto& cell) { return cell.second.empty(); }));
      points += cells.size();
    }
  }
  if (points == 0) {
    throw UsageError(
        "plot metric-vs: no case kept an iteration (every one late or wrong, as summary shows; "
        "see its notes for why): --include-late / --include-invalid draw them");
  }
  if (empty_cells > 0) {
    fmt::print(stderr,
               "plot metric-vs: {} point(s) not drawn: their cases kept no iteration (summary's "
               "rows of '-'; its notes say why); --include-late / --include-invalid draw them\n",
               empty_cells);
  }
  if (grid.size() > kMaxMetricPanels) {
    throw UsageError(fmt::format(
        "plot metric-vs: the files hold {} different case conditions besides the x axis (at most "
        "{} panels); plot fewer files or choose --x to match the varied parameter",
        grid.size(), kMaxMetricPanels));
  }

  Figure figure;
  const std::string metric = std::string(metric_title(options.metric));
  figure.title = fmt::format("{}: median with 95% CI over timed iterations", metric);
  figure.footer = run_footer(files);
  for (const auto& [condition, by_series] : grid) {
    const bool drawn = std::any_of(by_series.begin(), by_series.end(),
                                   [](const auto& series) { return !series.second.empty(); });
    if (!drawn) continue;
    Panel panel;
    panel.title = condition;
    double max_ns = 0;
    std::vector<double> xs, ys;
    for (const auto& [name, cells] : by_series) {
      for (const auto& [k, v] : cells) {
        max_ns = std::max(max_ns, stats::median(v));
        xs.push_back(k.x);
      }
    }
    const TimeUnit unit = time_unit_for(max_ns);
    for (const auto& [name, cells] : by_series) {
      if (cells.empty()) continue;
      Series s{name, Style::kErrorLines, 0, {}};
      for (const auto& [k, v] : cells) {
        const stats::Summary sum = stats::summarize(v);
        double x = k.x;
        if (options.x == XAxis::kPattern) {
          x = static_cast<double>(std::find(patterns.begin(), patterns.end(), k.category) -
                                  patterns.begin());
        }
        s.rows.push_back({x, sum.median / unit.ns, sum.ci_low / unit.ns, sum.ci_high / unit.ns});
        ys.push_back(sum.median);
      }
      std::sort(s.rows.begin(), s.rows.end());
      panel.series.push_back(std::move(s));
    }
    panel.x = x_axis(options.x, dtypes[condition], xs);
    if (options.x == XAxis::kPattern) {
      for (std::size_t i = 0; i < patterns.size(); ++i) {
        panel.x.tics.emplace_back(static_cast<double>(i), patterns[i]);
      }
      panel.x.min = -0.5;
      panel.x.max = static_cast<double>(patterns.size()) - 0.5;
    }
    // Sizes span decades of time as well; the papers plot both axes logarithmic there.
    panel.y = {fmt::format("{} [{}]", metric, unit.name),
               options.x == XAxis::kCount && spans_decades(ys, 0.9),
               10,
               {}};
    figure.panels.push_back(std::move(panel));
  }
  return figure;
}

}  // namespace papbench::report::plot
