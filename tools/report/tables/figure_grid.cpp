#include "tools/report/tables/figure_grid.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "common/datatype_size.hpp"
#include "common/errors.hpp"
#include "common/units.hpp"
#include "results/statistics.hpp"
#include "tools/report/core/metric_choice.hpp"

namespace papbench::report {
namespace {

// "65.0 ± 3.10 ms": mean and sd in the mean's unit, so a column of cells reads evenly.
std::string mean_sd_text(double mean, double sd) {
  const bool ms = std::fabs(mean) >= 1e6;
  const double scale = ms ? 1e6 : 1e3;
  const double m = mean / scale;
  const int decimals = std::fabs(m) >= 100 ? 0 : (std::fabs(m) >= 10 ? 1 : 2);
  if (std::isnan(sd)) return fmt::format("{:.{}f} {}", m, decimals, ms ? "ms" : "us");
  return fmt::format("{:.{}f} ± {:.{}f} {}", m, decimals, sd / scale, decimals, ms ? "ms" : "us");
}

// The kept iterations (kept_iterations, as summary keeps them) of every case in one cell, pooled.
struct Pool {
  std::vector<std::pair<const ResultFile*, const results::CaseRecord*>> cases;
};

struct Group {
  std::string condition;
  // x -> algorithm -> cases
  std::map<std::int64_t, std::map<std::string, Pool>> cells;
};

std::vector<double> pooled(const Pool& cell, results::Metric m, const std::string& what) {
  std::vector<double> all;
  for (const auto& [file, c] : cell.cases) {
    try {
      const auto s = results::metric_series(*c, m, kept_iterations(*file, *c));
      all.insert(all.end(), s.begin(), s.end());
    } catch (const results::FormatError& e) {
      throw UsageError(fmt::format("{}: {}", what, e.what()));
    }
  }
  return all;
}

std::string x_text(FigureAxis axis, std::int64_t x) {
  switch (axis) {
    case FigureAxis::kMaxDelay:
      return format_duration_compact(x);
    case FigureAxis::kSize:
      return total_label(static_cast<std::uint64_t>(x));
    case FigureAxis::kProcesses:
      break;
  }
  return fmt::format("{}", x);
}

Column x_column(FigureAxis axis, SizeMeaning size) {
  switch (axis) {
    case FigureAxis::kMaxDelay:
      return {"maxdelay_ns", "max delay"};
    case FigureAxis::kSize:
      return size == SizeMeaning::kTotal ? Column{"total", "total"} : Column{"count", "count"};
    case FigureAxis::kProcesses:
      break;
  }
  return {"processes", "P"};
}

}  // namespace

std::uint64_t paper_total(std::uint64_t count, int processes,
                          std::span<const std::uint64_t> totals) {
  const auto p = static_cast<std::uint64_t>(std::max(processes, 1));
  for (const std::uint64_t t : totals) {
    if (count == t / p || count == (t + p - 1) / p) return t;
  }
  return count * p;
}

std::string total_label(std::uint64_t total) {
  if (total != 0 && total % 1024 == 0) return fmt::format("{}K", total / 1024);
  return fmt::format("{}", total);
}

int case_processes(const results::CaseRecord& record, const ResultFile& file) {
  return record.ranks > 0 ? record.ranks : file.reader.run_info().mpi_size;
}

std::string condition_label(const results::CaseRecord& r, int processes, SizeMeaning size,
                            ConditionAxes axes) {
  std::vector<std::string> parts{r.collective};
  if (!axes.size) {
    if (size == SizeMeaning::kTotal) {
      // The papers' total ("64K float total"), with its bytes as the tables give a count's.
      const std::uint64_t total = paper_total(r.count, processes);
      const std::optional<std::size_t> elem = datatype_size(r.dtype);
      parts.push_back(fmt::format("{} {} total{}", total_label(total), r.dtype,
                                  elem ? fmt::format(" ({})", format_bytes(total * *elem)) : ""));
    } else {
      parts.push_back(fmt::format("count {}", format_count_bytes(r.count, r.dtype)));
    }
  } else {
    parts.push_back(r.dtype);
  }
  if (!r.op.empty()) parts.push_back(r.op);
  parts.push_back(fmt::format("root {}", r.root));
  parts.push_back(r.pattern);
  if (!axes.maxdelay)
    parts.push_back(fmt::format("maxdelay {}", format_duration_compact(r.maxdelay_ns)));
  if (r.compute_ns != 0)
    parts.push_back(fmt::format("compute {}", format_duration_compact(r.compute_ns)));
  if (!r.default_start()) parts.push_back(fmt::format("sync {}", r.sync_mode));
  if (!axes.processes) parts.push_back(fmt::format("P = {}", processes));
  return fmt::format("{}", fmt::join(parts, ", "));
}

Report build_figure(const std::vector<ResultFile>& files, const FigureSpec& spec) {
  const ConditionAxes axes{spec.axis == FigureAxis::kSize, spec.axis == FigureAxis::kMaxDelay,
                           spec.axis == FigureAxis::kProcesses};
  std::map<std::string, Group> groups;  // condition -> grid
  std::size_t other_collective = 0, other_algorithm = 0;
  for (const ResultFile& f : files) {
    for (const results::CaseRecord& c : f.reader.cases()) {
      if (c.collective != spec.collective) {
        ++other_collective;
        continue;
      }
      const bool wanted =
          std::any_of(spec.series.begin(), spec.series.end(),
                      [&](const FigureSeries& s) { return s.algorithm == c.algorithm; });
      if (!wanted) {
        ++other_algorithm;
        continue;
      }
      const int processes = case_processes(c, f);
      const std::string condition = condition_label(c, processes, spec.size, axes);
      Group& g = groups[condition];
      g.condition = condition;
      std::int64_t x = processes;
      if (spec.axis == FigureAxis::kMaxDelay) x = c.maxdelay_ns;
      if (spec.axis == FigureAxis::kSize) {
        x = static_cast<std::int64_t>(
            spec.size == SizeMeaning::kTotal ? paper_total(c.count, processes) : c.count);
      }
      g.cells[x][c.algorithm].cases.emplace_back(&f, &c);
    }
  }
  if (groups.empty()) {
    std::vector<std::string> names;
    for (const FigureSeries& se : spec.series) names.push_back(se.algorithm);
    throw UsageError(fmt::format("{}: no {} case of {} in the given files", spec.kind,
                                 spec.collective, fmt::join(names, ", ")));
  }

  Report report;
  report.kind = spec.kind;
  report.section_key = "conditions";
  for (const auto& [condition, g] : groups) {
    Section s;
    s.title = fmt::format("{}: {}", spec.title, condition);
    std::vector<std::string> inputs;
    for (const ResultFile& f : files) inputs.push_back(f.path);
    s.meta.push_back({"files", "files", Cell::str(fmt::format("{}", fmt::join(inputs, ", ")))});
    s.table.columns.push_back({"metric", "metric", Audience::kMachine, true});
    s.table.columns.push_back(x_column(spec.axis, spec.size));
    for (const FigureSeries& se : spec.series) {
      s.table.columns.push_back({se.algorithm, se.paper_name, Audience::kHuman});
      s.table.columns.push_back({se.algorithm + "_mean_ns", "", Audience::kMachine});
      s.table.columns.push_back({se.algorithm + "_sd_ns", "", Audience::kMachine});
      s.table.columns.push_back({se.algorithm + "_n", "", Audience::kMachine});
    }
    s.table.columns.push_back({"fastest", "fastest", Audience::kBoth, true});

    std::vector<std::string> missing;
    for (const results::Metric m : spec.metrics) {
      for (const auto& [x, by_alg] : g.cells) {
        Row row;
        row.group = fmt::format("{} (mean ± sd over iterations)", metric_title(m));
        row.cells.push_back(Cell::str(std::string(results::metric_name(m))));
        row.cells.push_back(spec.axis == FigureAxis::kProcesses ? Cell::integer(x)
                                                                : Cell{x_text(spec.axis, x), x});
        double best = std::numeric_limits<double>::infinity();
        std::string best_name = "-";
        for (const FigureSeries& se : spec.series) {
          const auto it = by_alg.find(se.algorithm);
          if (it == by_alg.end()) {
            row.cells.push_back(Cell::none());
            for (int i = 0; i < 3; ++i) row.cells.push_back({"", nullptr});
            if (m == spec.metrics.front()) {
              missing.push_back(fmt::format("{} at {}", se.paper_name, x_text(spec.axis, x)));
            }
            continue;
          }
          const std::vector<double> v = pooled(it->second, m, spec.kind);
          const stats::Summary sum = stats::summarize(v);
          row.cells.push_back({mean_sd_text(sum.mean, sum.sd), nullptr});
          row.cells.push_back(Cell::fixed(sum.mean, 0));
          row.cells.push_back(Cell::fixed(sum.sd, 0));
          row.cells.push_back(Cell::integer(static_cast<long long>(sum.n)));
          if (sum.n > 0 && sum.mean < best) {
            best = sum.mean;
            best_name = se.paper_name;
          }
        }
        row.cells.push_back(Cell::str(best_name));
        s.table.rows.push_back(std::move(row));
      }
    }
    if (!missing.empty()) {
      s.notes.push_back(fmt::format("missing (not in the files): {}", fmt::join(missing, "; ")));
    }
    if (other_collective + other_algorithm > 0) {
      s.notes.push_back(fmt::format(
          "left out: {} case(s) of other collectives, {} of algorithms the figure does not plot",
          other_collective, other_algorithm));
    }
    for (const std::string& c : spec.claims) s.notes.push_back("paper: " + c);
    s.extra["claims"] = spec.claims;
    s.extra["missing"] = missing;
    report.sections.push_back(std::move(s));
  }
  return report;
}

}  // namespace papbench::report
