// The papers' tables as figures, drawn from the Report `table` builds: [Proficz2020] Tables 3-4
// (acceleration over the maximum delay, a line per size), Table 5 (the FFT's gather times as
// multiples of LS, bars), [ProficzOcetkiewicz2021] Table 1 (segment-tree speedups over P). The
// paper's value of each cell is an open circle in its line's colour; ratios, unlike times, can be
// compared across machines.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "common/errors.hpp"
#include "tools/report/plots/plot_views.hpp"
#include "tools/report/tables/figure_grid.hpp"

namespace papbench::report::plot {
namespace {

std::string after_colon(const std::string& title) {
  const std::size_t colon = title.find(": ");
  return colon == std::string::npos ? title : title.substr(colon + 2);
}

std::string before_colon(const std::string& title) {
  return title.substr(0, title.find(": "));
}

}  // namespace

Figure plot_proficz_table34(const Report& report) {
  Figure figure;
  for (const Section& section : report.sections) {
    const Table& t = section.table;
    const std::size_t total_col = column_of(t, "total_floats");
    const std::size_t delay_col = column_of(t, "maxdelay_ns");
    const std::size_t acc_col = column_of(t, "acceleration");
    const std::size_t paper_col = column_of(t, "paper_acceleration");
    figure.title = before_colon(section.title) + ": acceleration = mean(base) / mean(PAP-aware)";
    // The delays as categories: the paper's 0, 1, 5, 10, 50, 100, 500 ms are not a scale.
    std::set<double> delays;
    std::set<double> totals;
    for (const Row& r : t.rows) {
      delays.insert(raw_number(r.cells[delay_col]));
      totals.insert(raw_number(r.cells[total_col]));
    }
    const std::vector<double> delay_list(delays.begin(), delays.end());
    const auto index_of = [&](double d) {
      return static_cast<double>(std::find(delay_list.begin(), delay_list.end(), d) -
                                 delay_list.begin());
    };
    Panel panel;
    panel.title = after_colon(section.title);
    panel.x = {"maximum delay [ms]", false, 10, {}};
    for (std::size_t i = 0; i < delay_list.size(); ++i) {
      panel.x.tics.emplace_back(static_cast<double>(i), fmt::format("{:g}", delay_list[i] / 1e6));
    }
    panel.x.min = -0.5;
    panel.x.max = static_cast<double>(delay_list.size()) - 0.5;
    panel.y = {"acceleration (> 1: PAP-aware faster)", false, 10, {}};
    int color = 1;
    for (const double total : totals) {
      const std::string size = total_label(static_cast<std::uint64_t>(total)) + " floats";
      Series ours{size, Style::kLines, color, {}};
      Series paper{size + " (paper, 48 nodes)", Style::kPoints, color, {}};
      for (const Row& r : t.rows) {
        if (raw_number(r.cells[total_col]) != total) continue;
        const double x = index_of(raw_number(r.cells[delay_col]));
        if (const double a = raw_number(r.cells[acc_col]); !std::isnan(a))
          ours.rows.push_back({x, a});
        if (const double p = raw_number(r.cells[paper_col]); !std::isnan(p)) {
          paper.rows.push_back({x, p});
        }
      }
      // A line needs two points; a single measured delay is a marker on it.
      if (ours.rows.size() == 1) ours.style = Style::kDots;
      panel.series.push_back(std::move(ours));
      panel.series.push_back(std::move(paper));
      ++color;
    }
    panel.series.push_back({"equal (1.0)", Style::kLines, 9, {{-0.5, 1}, {panel.x.max, 1}}});
    figure.panels.push_back(std::move(panel));
  }
  return figure;
}

Figure plot_proficz_table5(const Report& report) {
  Figure figure;
  figure.title = "Proficz 2020 Table 5: FFT gather, each algorithm as a multiple of LS";
  for (const Section& section : report.sections) {
    const Table& t = section.table;
    const std::size_t alg_col = column_of(t, "algorithm");
    const std::size_t name_col = column_of(t, "paper_name");
    for (const auto& [key, label] :
         {std::pair{"total", "total time per repetition"}, std::pair{"run", "gather run time"},
          std::pair{"elapsed", "gather elapsed time"}}) {
      const std::size_t ours_col = column_of(t, fmt::format("{}_vs_ls", key));
      const std::size_t paper_col = column_of(t, fmt::format("paper_{}_vs_ls", key));
      Panel panel;
      panel.title = fmt::format("{}: {}", label, section.title);
      panel.x = {"gather algorithm", false, 10, {}};
      panel.y = {fmt::format("{} relative to LS", label), false, 10, {}};
      panel.y.min = 0;  // bars start at zero
      panel.x.min = -0.6;
      panel.x.max = static_cast<double>(t.rows.size()) - 0.4;
      Series ours{"papbench", Style::kBoxes, 1, {}};
      Series paper{"paper (8 nodes, 1 GbE)", Style::kPoints, 2, {}};
      for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const Row& r = t.rows[i];
        const double x = static_cast<double>(i);
        const std::string& name = r.cells[name_col].raw.is_string()
                                      ? r.cells[name_col].raw.get_ref<const std::string&>()
                                      : r.cells[alg_col].raw.get_ref<const std::string&>();
        panel.x.tics.emplace_back(x, name);
        if (const double v = raw_number(r.cells[ours_col]); !std::isnan(v)) {
          ours.rows.push_back({x, v, 0.6});
        }
        if (const double v = raw_number(r.cells[paper_col]); !std::isnan(v)) {
          paper.rows.push_back({x, v});
        }
      }
      panel.series = {std::move(ours), std::move(paper)};
      figure.panels.push_back(std::move(panel));
    }
  }
  return figure;
}

Figure plot_clv_table1(const Report& report) {
  Figure figure;
  figure.title =
      "Clairvoyant Table 1: schedule generation, speedup of the segment tree (mean X / mean "
      "segtree)";
  for (const Section& section : report.sections) {
    const Table& t = section.table;
    const std::size_t pattern_col = column_of(t, "pattern");
    const std::size_t p_col = column_of(t, "P");
    std::map<std::string, Panel> panels;  // per pattern
    std::vector<std::string> order;
    for (const Row& r : t.rows) {
      const std::string pattern = r.cells[pattern_col].raw.get<std::string>();
      if (!panels.contains(pattern)) {
        order.push_back(pattern);
        Panel& p = panels[pattern];
        p.title = fmt::format("{} pattern: {}", pattern, section.title);
        p.x = {"processes P = N", true, 2, {}};
        p.y = {"speedup of segtree (> 1: segtree faster)", true, 2, {}};
        p.series = {{"linear / segtree", Style::kLines, 1, {}},
                    {"linear / segtree (paper)", Style::kPoints, 1, {}},
                    {"pairing / segtree", Style::kLines, 2, {}},
                    {"pairing / segtree (paper)", Style::kPoints, 2, {}}};
      }
      Panel& p = panels[pattern];
      const double x = raw_number(r.cells[p_col]);
      const char* keys[] = {"linear_speedup", "linear_paper", "pairing_speedup", "pairing_paper"};
      for (std::size_t i = 0; i < 4; ++i) {
        const double v = raw_number(r.cells[column_of(t, keys[i])]);
        if (!std::isnan(v) && v > 0) p.series[i].rows.push_back({x, v});
      }
    }
    for (const std::string& pattern : order) {
      Panel& p = panels[pattern];
      for (Series& s : p.series) std::sort(s.rows.begin(), s.rows.end());
      p.series.push_back({"equal (1.0)", Style::kLines, 9, {}});
      if (!p.series.front().rows.empty()) {
        p.series.back().rows = {{p.series.front().rows.front()[0], 1},
                                {p.series.front().rows.back()[0], 1}};
      }
      figure.panels.push_back(std::move(p));
    }
  }
  return figure;
}

}  // namespace papbench::report::plot
