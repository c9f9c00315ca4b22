#include "results/case_metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>

namespace papbench::results {
namespace {

using Row = std::span<const std::int64_t>;

// The plan is input, not measurement: a record built without it (0x0) simply has no planned
// metrics, where a half-filled array is damage.
bool absent(const Matrix& m) {
  return m.rows == 0 && m.cols == 0 && m.data.empty();
}

std::int64_t row_min(Row r) {
  return *std::min_element(r.begin(), r.end());
}
std::int64_t row_max(Row r) {
  return *std::max_element(r.begin(), r.end());
}

double spread(Row r) {
  return static_cast<double>(row_max(r) - row_min(r));
}

}  // namespace

void require_shape(const CaseRecord& record, const Matrix& m, const char* name) {
  const Matrix& ref = record.arrival_ns;
  if (m.rows != ref.rows || m.cols != ref.cols ||
      m.data.size() != static_cast<std::size_t>(m.rows) * static_cast<std::size_t>(m.cols)) {
    throw FormatError(fmt::format("case {}/{}: {} is {}x{} but arrival_ns is {}x{}",
                                  record.collective, record.algorithm, name, m.rows, m.cols,
                                  ref.rows, ref.cols));
  }
}

std::string_view metric_name(Metric m) {
  switch (m) {
    case Metric::kRunTime:
      return "run_time";
    case Metric::kElapsed:
      return "elapsed";
    case Metric::kAfterLastArrival:
      return "after_last_arrival";
    case Metric::kImbalance:
      return "imbalance";
    case Metric::kPlannedImbalance:
      return "planned_imbalance";
    case Metric::kArrivalError:
      return "arrival_error";
    case Metric::kPatOverlap:
      return "pat_overlap";
  }
  return "unknown";
}

std::vector<double> metric_series(const CaseRecord& record, Metric m) {
  const Matrix& arrival = record.arrival_ns;
  require_shape(record, arrival, "arrival_ns");
  std::vector<double> out;
  if (arrival.cols == 0) return out;  // no ranks, no iterations worth a number
  out.reserve(static_cast<std::size_t>(arrival.rows));

  switch (m) {
    case Metric::kRunTime:
    case Metric::kElapsed:
    case Metric::kAfterLastArrival:
      require_shape(record, record.exit_ns, "exit_ns");
      break;
    case Metric::kPlannedImbalance:
      if (absent(record.planned_delay_ns)) return out;
      require_shape(record, record.planned_delay_ns, "planned_delay_ns");
      break;
    case Metric::kArrivalError:
      if (absent(record.planned_arrival_ns)) return out;
      require_shape(record, record.planned_arrival_ns, "planned_arrival_ns");
      break;
    case Metric::kPatOverlap:
      if (!record.pat_work_done_ns) return out;
      require_shape(record, record.exit_ns, "exit_ns");
      require_shape(record, *record.pat_work_done_ns, "pat_work_done_ns");
      break;
    case Metric::kImbalance:
      break;
  }

  for (int it = 0; it < arrival.rows; ++it) {
    const Row a = arrival.row(it);
    switch (m) {
      case Metric::kRunTime:
        out.push_back(static_cast<double>(row_max(record.exit_ns.row(it)) - row_min(a)));
        break;
      case Metric::kElapsed: {
        // Integer sum first: the per-rank durations are exact and the mean rounds only once.
        const Row f = record.exit_ns.row(it);
        std::int64_t sum = 0;
        for (std::size_t r = 0; r < a.size(); ++r) sum += f[r] - a[r];
        out.push_back(static_cast<double>(sum) / static_cast<double>(a.size()));
        break;
      }
      case Metric::kAfterLastArrival:
        out.push_back(static_cast<double>(row_max(record.exit_ns.row(it)) - row_max(a)));
        break;
      case Metric::kImbalance:
        out.push_back(spread(a));
        break;
      case Metric::kPlannedImbalance:
        out.push_back(spread(record.planned_delay_ns.row(it)));
        break;
      case Metric::kArrivalError: {
        const Row planned = record.planned_arrival_ns.row(it);
        std::int64_t worst = 0;
        for (std::size_t r = 0; r < a.size(); ++r)
          worst = std::max(worst, std::abs(a[r] - planned[r]));
        out.push_back(static_cast<double>(worst));
        break;
      }
      case Metric::kPatOverlap: {
        const Row f = record.exit_ns.row(it);
        const Row w = record.pat_work_done_ns->row(it);
        std::int64_t sum = 0;
        for (std::size_t r = 0; r < a.size(); ++r) {
          sum += std::max<std::int64_t>(0, std::min(f[r], w[r]) - a[r]);
        }
        out.push_back(static_cast<double>(sum) / static_cast<double>(a.size()));
        break;
      }
    }
  }
  return out;
}

IterationSelection select_iterations(const CaseRecord& record, const IterationFilter& filter) {
  IterationSelection s;
  const auto rows = static_cast<std::size_t>(std::max(0, record.arrival_ns.rows));
  for (std::size_t it = 0; it < rows; ++it) {
    const bool invalid =
        it < record.validation.size() &&
        record.validation[it] == static_cast<std::uint8_t>(IterationCheck::kFailed);
    const bool late = it < record.late.size() && record.late[it] != 0;
    if (invalid && !filter.include_invalid) {
      ++s.dropped_invalid;
    } else if (late && !filter.include_late) {
      ++s.dropped_late;
    } else {
      s.kept.push_back(it);
    }
  }
  return s;
}

std::vector<double> metric_series(const CaseRecord& record, Metric m,
                                  const IterationSelection& selection) {
  const std::vector<double> all = metric_series(record, m);
  if (all.empty()) return all;  // a metric the case does not record
  std::vector<double> out;
  out.reserve(selection.kept.size());
  for (std::size_t it : selection.kept) out.push_back(all.at(it));
  return out;
}

}  // namespace papbench::results
