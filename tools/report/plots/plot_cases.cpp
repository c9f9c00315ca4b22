// Case selection and naming shared by the plot views.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

#include "common/errors.hpp"
#include "common/units.hpp"
#include "results/kept_iterations.hpp"
#include "tools/report/plots/plot_views.hpp"

namespace papbench::report::plot {
results::CaseRecord chosen_case(const std::vector<ResultFile>& files, const PlotOptions& options,
                                std::string_view view) {
  if (files.size() != 1) {
    throw UsageError(
        fmt::format("plot {}: draws one case of one result set; give one file and --case N", view));
  }
  const auto& cases = files.front().reader.cases();
  if (options.case_index >= cases.size()) {
    throw UsageError(fmt::format(
        "plot {}: --case {} is out of range; {} has cases 0..{} (see "
        "papbench-report summary)",
        view, options.case_index, files.front().path, static_cast<long long>(cases.size()) - 1));
  }
  return load_case(files.front(), options.case_index);
}

results::CaseRecord chosen_kept_case(const std::vector<ResultFile>& files,
                                     const PlotOptions& options, std::string_view view) {
  results::CaseRecord c = chosen_case(files, options, view);
  const results::IterationSelection kept = kept_iterations(files.front(), c);
  require_kept_iterations(options.case_index, kept, view);
  return results::only_kept(std::move(c), kept);
}

void require_kept_iterations(std::size_t index, const results::IterationSelection& kept,
                             std::string_view view) {
  if (!kept.kept.empty()) return;
  throw UsageError(fmt::format(
      "plot {}: case {} kept no timed iteration ({} late: off their planned arrivals; {} with a "
      "wrong result), as summary shows (its notes say why): nothing to draw; --include-late / "
      "--include-invalid draw them",
      view, index, kept.dropped_late, kept.dropped_invalid));
}

std::string conditions_text(const results::CaseRecord& r, int processes, std::optional<XAxis> x) {
  std::vector<std::string> parts{r.collective};
  if (x != XAxis::kCount) {
    // As the tables' labels (CaseRecord::label): "count 1Ki int (4KiB)", 1M and 1Mi apart.
    parts.push_back(fmt::format("count {}", format_count_bytes(r.count, r.dtype)));
  } else {
    parts.push_back(r.dtype);  // counts of different types are not one line
  }
  if (!r.op.empty()) parts.push_back(r.op);
  parts.push_back(fmt::format("root {}", r.root));
  if (x != XAxis::kPattern) parts.push_back(r.pattern);
  if (x != XAxis::kMaxDelay)
    parts.push_back(fmt::format("maxdelay {}", format_duration_compact(r.maxdelay_ns)));
  if (r.compute_ns != 0)
    parts.push_back(fmt::format("compute {}", format_duration_compact(r.compute_ns)));
  if (!r.default_start()) parts.push_back(fmt::format("sync {}", r.sync_mode));
  if (x != XAxis::kRanks) parts.push_back(fmt::format("P = {}", processes));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string series_name(const results::CaseRecord& record) {
  if (record.params.empty()) return record.algorithm;
  return fmt::format("{}({})", record.algorithm, record.params);
}

std::vector<double> metric_values(const ResultFile& file, const results::CaseRecord& record,
                                  results::Metric metric, std::string_view view) {
  try {
    return results::metric_series(record, metric, kept_iterations(file, record));
  } catch (const results::FormatError& e) {
    throw UsageError(fmt::format("plot {}: {}", view, e.what()));
  }
}

std::size_t column_of(const Table& table, std::string_view key) {
  for (std::size_t i = 0; i < table.columns.size(); ++i) {
    if (table.columns[i].key == key) return i;
  }
  throw Error(fmt::format("plot: the table has no column '{}'", key));
}

double raw_number(const Cell& cell) {
  return cell.raw.is_number() ? cell.raw.get<double>() : std::nan("");
}

}  // namespace papbench::report::plot
