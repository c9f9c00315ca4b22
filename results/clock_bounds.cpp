#include "results/clock_bounds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <span>

namespace papbench::results {
namespace {

using Row = std::span<const std::int64_t>;

// Every timestamp t_r of a row is its rank's reading, within b_r of rank 0's clock; so the true
// largest lies in [max(t_r - b_r), max(t_r + b_r)], and the measured max(t) can be off by up to
// max(t_r + b_r) - max(t). That is the bound of the rank holding the maximum when it leads the
// others by more than their bounds; when another rank's reading is that close, its clock could
// make it the true maximum, and its bound counts instead.
std::int64_t max_error(Row t, Row b) {
  const std::int64_t measured = *std::max_element(t.begin(), t.end());
  std::int64_t error = 0;
  for (std::size_t r = 0; r < t.size(); ++r) error = std::max(error, t[r] + b[r] - measured);
  return error;
}

// The same for the smallest timestamp: min(t) - min(t_r - b_r).
std::int64_t min_error(Row t, Row b) {
  const std::int64_t measured = *std::min_element(t.begin(), t.end());
  std::int64_t error = 0;
  for (std::size_t r = 0; r < t.size(); ++r) error = std::max(error, measured - (t[r] - b[r]));
  return error;
}

// One iteration. The exits use the bound at the arrival: the bound grows by bound_growth_ppb
// per second of the call, 0.1 ns for a 1 ms call at 100 ppb, far below what it starts from.
std::int64_t iteration_bound(const CaseRecord& rec, Metric m, int it) {
  const Row a = rec.arrival_ns.row(it);
  const Row b = rec.clock_bound_ns.row(it);
  switch (m) {
    case Metric::kRunTime:  // max f - min a
      return max_error(rec.exit_ns.row(it), b) + min_error(a, b);
    case Metric::kAfterLastArrival:  // max f - max a
      return max_error(rec.exit_ns.row(it), b) + max_error(a, b);
    case Metric::kImbalance:  // max a - min a
      return max_error(a, b) + min_error(a, b);
    default:
      return 0;
  }
}

}  // namespace

bool compares_clocks(Metric m) {
  return m == Metric::kRunTime || m == Metric::kAfterLastArrival || m == Metric::kImbalance;
}

std::vector<double> clock_bound_series(const CaseRecord& record, Metric m) {
  std::vector<double> out;
  const Matrix& bound = record.clock_bound_ns;
  if (!compares_clocks(m) || (bound.rows == 0 && bound.cols == 0)) return out;
  require_shape(record, bound, "clock_bound_ns");
  if (m != Metric::kImbalance) require_shape(record, record.exit_ns, "exit_ns");
  if (bound.cols == 0) return out;
  out.reserve(static_cast<std::size_t>(bound.rows));
  for (int it = 0; it < bound.rows; ++it) {
    out.push_back(static_cast<double>(iteration_bound(record, m, it)));
  }
  return out;
}

std::vector<double> clock_bound_series(const CaseRecord& record, Metric m,
                                       const IterationSelection& selection) {
  const std::vector<double> all = clock_bound_series(record, m);
  if (all.empty()) return all;
  std::vector<double> out;
  out.reserve(selection.kept.size());
  for (std::size_t it : selection.kept) out.push_back(all.at(it));
  return out;
}

int slewing_iterations(const CaseRecord& record, const IterationSelection& selection) {
  const Matrix& slew = record.clock_slew_ns;
  if (slew.rows == 0 && slew.cols == 0) return -1;
  require_shape(record, slew, "clock_slew_ns");
  int n = 0;
  for (std::size_t it : selection.kept) {
    const Row row = slew.row(static_cast<int>(it));
    n += std::any_of(row.begin(), row.end(), [](std::int64_t s) { return s != 0; }) ? 1 : 0;
  }
  return n;
}

}  // namespace papbench::results
