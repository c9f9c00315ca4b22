// The papers' "metric vs. maximum delay / process count, one line per algorithm" figures
// ([Proficz2020] Figs. 14-15, 17-20, [ProficzOcetkiewicz2021] Figs. 10-11), drawn from the Report
// `table` builds for them (figure_grid.cpp): mean ± sd over the iterations as the papers plot
// them, the papers' legend names, one panel per fixed condition and metric, and the values the
// paper's text gives as open circles in the line's colour.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/errors.hpp"
#include "results/case_metrics.hpp"
#include "tools/report/core/metric_choice.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/plots/plot_views.hpp"

namespace papbench::report::plot {
namespace {

constexpr std::size_t kMaxGridPanels = 12;

struct Reference {
  std::string_view kind, size, series, metric;
  double x, y_ms;  // x: max delay (ms) or P
};

// [Proficz2020] §5, Fig. 14 at 2M floats on 48 nodes: "LIN 65, SLIN 64, BSLN 64 ms" at 0 ms,
// "LIN 104, SLIN 94, BSLN 91 ms" at 50 ms. The other figures have no numbers in the text.
constexpr Reference kReferences[] = {
    {"proficz-fig14", "2048K ", "lin", "run_time", 0, 65},
    {"proficz-fig14", "2048K ", "slin", "run_time", 0, 64},
    {"proficz-fig14", "2048K ", "bsln", "run_time", 0, 64},
    {"proficz-fig14", "2048K ", "lin", "run_time", 50, 104},
    {"proficz-fig14", "2048K ", "slin", "run_time", 50, 94},
    {"proficz-fig14", "2048K ", "bsln", "run_time", 50, 91},
};

struct SeriesColumns {
  std::string algorithm, paper_name;
  std::size_t mean = 0, sd = 0;
};

std::string metric_text(const std::string& name) {
  for (const results::Metric m : results::kAllMetrics) {
    if (results::metric_name(m) == name) return std::string(metric_title(m));
  }
  return name;
}

}  // namespace

Figure plot_paper_grid(const Report& report, std::string_view source) {
  Figure figure;
  figure.title = std::string(source);
  for (const Section& section : report.sections) {
    if (is_claim_section(section)) continue;  // trend verdicts, no data to plot
    const Table& t = section.table;
    // The x column build_figure put after the metric: the figure's axis.
    const std::string x_key = t.columns.at(1).key;
    const std::size_t x_col = 1;
    const bool by_delay = x_key == "maxdelay_ns";
    Axis x_axis{"processes P", false, 10, {}};
    double x_scale = 1;
    if (by_delay) {
      x_axis = {"maximum delay [ms]", false, 10, {}};
      x_scale = 1e6;
    } else if (x_key == "total") {
      x_axis = {"total data size [K elements, K = 1024]", true, 2, {}};
      x_scale = 1024;
    } else if (x_key == "count") {
      x_axis = {"count per rank [elements]", true, 2, {}};
    }
    const std::size_t metric_col = column_of(t, "metric");
    std::vector<SeriesColumns> series;
    for (const Column& c : t.columns) {
      if (c.audience != Audience::kHuman) continue;
      series.push_back(
          {c.key, c.title, column_of(t, c.key + "_mean_ns"), column_of(t, c.key + "_sd_ns")});
    }
    const std::size_t colon = section.title.find(": ");
    if (colon != std::string::npos) figure.title = section.title.substr(0, colon);
    const std::string condition =
        colon == std::string::npos ? section.title : section.title.substr(colon + 2);

    std::vector<std::string> metrics;  // in row order
    for (const Row& r : t.rows) {
      const std::string m = r.cells[metric_col].raw.get<std::string>();
      if (std::find(metrics.begin(), metrics.end(), m) == metrics.end()) metrics.push_back(m);
    }
    for (const std::string& metric : metrics) {
      std::vector<const Reference*> refs;
      for (const Reference& ref : kReferences) {
        // Only beside our cells of the paper's size: 2M floats is "2048K float total".
        if (ref.kind == report.kind && ref.metric == metric &&
            condition.find(ref.size) != std::string::npos) {
          refs.push_back(&ref);
        }
      }
      double max_ns = 0;
      std::vector<double> ys;
      for (const Row& r : t.rows) {
        if (r.cells[metric_col].raw != metric) continue;
        for (const SeriesColumns& s : series) {
          const double m = raw_number(r.cells[s.mean]);
          if (!std::isnan(m)) {
            max_ns = std::max(max_ns, m);
            ys.push_back(m);
          }
        }
      }
      for (const Reference* ref : refs) {
        max_ns = std::max(max_ns, ref->y_ms * 1e6);
        ys.push_back(ref->y_ms * 1e6);
      }
      const TimeUnit unit = time_unit_for(max_ns);
      Panel panel;
      panel.title = condition;
      panel.x = x_axis;
      // Our small runs and the paper's 48-node values can lie decades apart; a log axis keeps
      // both readable.
      panel.y = {fmt::format("{}, mean ± sd [{}]", metric_text(metric), unit.name),
                 spans_decades(ys, 1.5),
                 10,
                 {}};
      for (std::size_t i = 0; i < series.size(); ++i) {
        const SeriesColumns& sc = series[i];
        const int color = static_cast<int>(i) + 1;
        Series s{sc.paper_name, Style::kErrorLines, color, {}};
        for (const Row& r : t.rows) {
          if (r.cells[metric_col].raw != metric) continue;
          const double m = raw_number(r.cells[sc.mean]);
          if (std::isnan(m)) continue;
          double sd = raw_number(r.cells[sc.sd]);
          if (std::isnan(sd)) sd = 0;
          const double x = raw_number(r.cells[x_col]) / x_scale;
          s.rows.push_back({x, m / unit.ns, (m - sd) / unit.ns, (m + sd) / unit.ns});
        }
        std::sort(s.rows.begin(), s.rows.end());
        panel.series.push_back(std::move(s));
        Series paper{sc.paper_name + " (paper, 48 nodes)", Style::kPoints, color, {}};
        for (const Reference* ref : refs) {
          if (ref->series == sc.algorithm)
            paper.rows.push_back({ref->x, ref->y_ms * 1e6 / unit.ns});
        }
        panel.series.push_back(std::move(paper));  // empty series are not drawn
      }
      // A panel none of whose cases kept an iteration (summary's rows of "-") has nothing
      // measured to draw, and gnuplot refuses a plot without a defined point.
      const bool measured = std::any_of(
          panel.series.begin(), panel.series.end(),
          [](const Series& se) { return se.style == Style::kErrorLines && !se.rows.empty(); });
      if (measured) figure.panels.push_back(std::move(panel));
    }
  }
  if (figure.panels.empty()) {
    throw UsageError(fmt::format(
        "plot {}: no case kept an iteration (every one late or wrong, as summary shows; see its "
        "notes for why): --include-late / --include-invalid draw them",
        report.kind));
  }
  if (figure.panels.size() > kMaxGridPanels) {
    throw UsageError(
        fmt::format("plot {}: the files hold {} panels of conditions and metrics (at "
                    "most {}); plot one size or pattern at a time",
                    report.kind, figure.panels.size(), kMaxGridPanels));
  }
  return figure;
}

}  // namespace papbench::report::plot
