// [Parsons2015] Tables 2.1, 2.2 and 3.6-3.8 drawn from the Reports `table parsons-table*` build
// (table_parsons.cpp), so the figure and the table cannot disagree: per section a bar per row,
// its mean speed-up over the row's baseline, and the thesis' value as a marker (chapter 3: at
// this core count, else its mean over 512..32768 cores; chapter 2: the 32k-core mean).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/errors.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/plots/plot_views.hpp"

namespace papbench::report::plot {
namespace {

constexpr std::size_t kMaxParsonsPanels = 12;

bool has_column(const Table& t, std::string_view key) {
  return std::any_of(t.columns.begin(), t.columns.end(),
                     [&](const Column& c) { return c.key == key; });
}

// The thesis' value beside a row, NaN where it has none.
double thesis_value(const Table& t, const Row& r) {
  if (!has_column(t, "thesis_at_p")) return raw_number(r.cells[column_of(t, "thesis_mean")]);
  const double at_p = raw_number(r.cells[column_of(t, "thesis_at_p")]);
  return std::isnan(at_p) ? raw_number(r.cells[column_of(t, "thesis_mean_over_cores")]) : at_p;
}

}  // namespace

Figure plot_parsons_speedups(const Report& report) {
  Figure figure;
  figure.title = fmt::format("[Parsons2015] {}: speed-ups (bars), thesis (circles)", report.kind);
  for (const Section& section : report.sections) {
    if (is_claim_section(section)) continue;  // trend verdicts, no data to plot
    const Table& t = section.table;
    const std::size_t candidate = column_of(t, "candidate"), mean = column_of(t, "mean");
    Panel panel;
    panel.title = section.title;
    panel.x = {"candidate (over the row's baseline)", false, 10, {}};
    panel.y = {"mean speed-up T_baseline / T_candidate", false, 10, {}};
    Series bars{"measured", Style::kBoxes, 1, {}};
    Series thesis{"thesis", Style::kPoints, 2, {}};
    double x = 0;
    for (const Row& r : t.rows) {
      x += 1;
      panel.x.tics.push_back({x, r.cells[candidate].text});
      if (const double m = raw_number(r.cells[mean]); !std::isnan(m))
        bars.rows.push_back({x, m, 0.6});
      if (const double v = thesis_value(t, r); !std::isnan(v)) thesis.rows.push_back({x, v});
    }
    panel.x.min = 0.4;
    panel.x.max = x + 0.6;
    panel.series.push_back(std::move(bars));
    panel.series.push_back(std::move(thesis));  // empty series are not drawn
    figure.panels.push_back(std::move(panel));
  }
  if (figure.panels.size() > kMaxParsonsPanels) {
    throw UsageError(
        fmt::format("plot {}: the files hold {} sections (at most {}); plot one "
                    "process count at a time",
                    report.kind, figure.panels.size(), kMaxParsonsPanels));
  }
  return figure;
}

}  // namespace papbench::report::plot
