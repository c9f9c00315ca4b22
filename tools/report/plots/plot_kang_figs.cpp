// [Kang2019] Figs. 4-6 drawn from the Reports `table kang-fig4|5|6` build (table_kang_figs.cpp),
// so the figures and the tables cannot disagree: Figs. 4 and 5 the paper's timing per block size,
// a line per algorithm, one panel per process count and setting; Fig. 6 the speed-ups per block
// size, a line per setting, with §5's Eq. (5) limit as markers in the line's colour.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/errors.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/plots/plot_views.hpp"

namespace papbench::report::plot {
namespace {

constexpr std::size_t kMaxKangPanels = 12;
constexpr std::string_view kTimeSuffix = "_ns";

Axis size_axis() {
  return {"maximum block per process [bytes] (per node at 1 process per node)", true, 2, {}};
}

void check_panels(const Figure& figure, std::string_view kind) {
  if (figure.panels.size() > kMaxKangPanels) {
    throw UsageError(fmt::format(
        "plot {}: the files hold {} panels (at most {}); plot one process count at a time", kind,
        figure.panels.size(), kMaxKangPanels));
  }
}

}  // namespace

Figure plot_kang_times(const Report& report) {
  Figure figure;
  figure.title = report.kind == "kang-fig4"
                     ? "[Kang2019] Fig. 4: intergroup Allgather, paper's timing"
                     : "[Kang2019] Fig. 5: intergroup Allgatherv, paper's timing";
  for (const Section& section : report.sections) {
    if (is_claim_section(section)) continue;  // trend verdicts, no data to plot
    const Table& t = section.table;
    const std::size_t x_col = column_of(t, "block_bytes");
    double max_ns = 0;
    std::vector<double> ys;
    std::vector<std::size_t> series_cols;
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
      const std::string& key = t.columns[c].key;
      if (key.size() > kTimeSuffix.size() && key.ends_with(kTimeSuffix)) series_cols.push_back(c);
    }
    for (const Row& r : t.rows) {
      for (std::size_t c : series_cols) {
        const double v = raw_number(r.cells[c]);
        if (std::isnan(v)) continue;
        max_ns = std::max(max_ns, v);
        ys.push_back(v);
      }
    }
    const TimeUnit unit = time_unit_for(max_ns);
    Panel panel;
    panel.title = section.title;
    panel.x = size_axis();
    panel.y = {fmt::format("time (slowest rank, trimmed mean) [{}]", unit.name),
               spans_decades(ys, 1.5),
               10,
               {}};
    for (std::size_t c : series_cols) {
      Series s{t.columns[c].title, Style::kLines, 0, {}};
      for (const Row& r : t.rows) {
        const double v = raw_number(r.cells[c]);
        if (!std::isnan(v)) s.rows.push_back({raw_number(r.cells[x_col]), v / unit.ns});
      }
      panel.series.push_back(std::move(s));
    }
    figure.panels.push_back(std::move(panel));
  }
  check_panels(figure, report.kind);
  return figure;
}

Figure plot_kang_speedups(const Report& report) {
  Figure figure;
  figure.title = "[Kang2019] Fig. 6: T_old/T_new (native over alg1, alg2) and Eq. (5)";
  for (const Section& section : report.sections) {
    if (is_claim_section(section)) continue;  // trend verdicts, no data to plot
    const Table& t = section.table;
    const std::size_t setting = column_of(t, "setting"), curve = column_of(t, "curve");
    const std::size_t x_col = column_of(t, "block_bytes"), y_col = column_of(t, "speedup");
    const std::size_t paper_col = column_of(t, "paper_eq5");
    Panel panel;
    panel.title = section.title;
    panel.x = size_axis();
    panel.y = {"improvement T_old / T_new", false, 10, {}};
    FirstSeen<std::vector<const Row*>> curves;
    for (const Row& r : t.rows) {
      curves[fmt::format("{} {}", r.cells[setting].text, r.cells[curve].text)].push_back(&r);
    }
    int color = 0;
    for (const auto& [name, rows] : curves) {
      ++color;
      Series line{name, Style::kLines, color, {}};
      Series limit{"", Style::kPoints, color, {}};
      for (const Row* r : rows) {
        const double x = raw_number(r->cells[x_col]);
        const double y = raw_number(r->cells[y_col]);
        const double paper = raw_number(r->cells[paper_col]);
        if (!std::isnan(y)) line.rows.push_back({x, y});
        if (!std::isnan(paper)) limit.rows.push_back({x, paper});
      }
      if (line.rows.size() == 1) line.style = Style::kDots;  // one size: a line would not show
      if (!limit.rows.empty()) limit.title = fmt::format("{}: Eq. (5) limit (paper)", name);
      panel.series.push_back(std::move(line));
      panel.series.push_back(std::move(limit));  // empty series are not drawn
    }
    figure.panels.push_back(std::move(panel));
  }
  check_panels(figure, report.kind);
  return figure;
}

}  // namespace papbench::report::plot
