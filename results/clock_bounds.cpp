#include "results/clock_bounds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "clocksync/estimate.hpp"
#include "results/statistics.hpp"

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

bool recorded(const Matrix& m) {
  return m.rows != 0 || m.cols != 0;
}

// A file without the bound over the call: the slew's part only. A slew changes the clock's rate
// by at most kMaxSlewRate, and by no more over the call than what was left of it at the arrival
// (it fades monotonically to 0); the call's local length is its global one divided by the clock's
// rate, taken as at least 1 - 2 * kMaxSlewRate (a slew and a drift below 1000 ppm). Without the
// slew at the arrival (a captured case) only the rate limit bounds it.
double elapsed_slew_only(const CaseRecord& rec, int it, std::size_t r) {
  constexpr double kRate = clocksync::kMaxSlewRate / (1 - 2 * clocksync::kMaxSlewRate);
  const auto call = static_cast<double>(rec.exit_ns.at(it, static_cast<int>(r)) -
                                        rec.arrival_ns.at(it, static_cast<int>(r)));
  const double by_rate = std::ceil(kRate * std::abs(call));
  if (!recorded(rec.clock_slew_ns)) return by_rate;
  const auto left = static_cast<double>(std::llabs(rec.clock_slew_ns.at(it, static_cast<int>(r))));
  return std::min(left, by_rate);
}

// Elapsed is the mean over ranks of f_r - a_r, so its bound is the mean of theirs.
double elapsed_bound(const CaseRecord& rec, int it) {
  const auto ranks = static_cast<std::size_t>(rec.arrival_ns.cols);
  double sum = 0;
  for (std::size_t r = 0; r < ranks; ++r) {
    sum += records_call_bounds(rec) ? static_cast<double>(rec.clock_elapsed_bound_ns.row(it)[r])
                                    : elapsed_slew_only(rec, it, r);
  }
  return sum / static_cast<double>(ranks);
}

// One iteration. An exit's error is its arrival's plus the error of the rank's interval f - a,
// so its bound is the sum of theirs (exit_clock_bounds).
double iteration_bound(const CaseRecord& rec, Metric m, int it) {
  const Row a = rec.arrival_ns.row(it);
  const Row b = rec.clock_bound_ns.row(it);
  const Row f = rec.exit_ns.row(it);
  const std::vector<std::int64_t> bf = exit_clock_bounds(rec, it);
  switch (m) {
    case Metric::kRunTime:  // max f - min a
      return static_cast<double>(max_error(f, bf) + min_error(a, b));
    case Metric::kAfterLastArrival:  // max f - max a
      return static_cast<double>(max_error(f, bf) + max_error(a, b));
    case Metric::kImbalance:  // max a - min a
      return static_cast<double>(max_error(a, b) + min_error(a, b));
    case Metric::kElapsed:
      return elapsed_bound(rec, it);
    default:
      return 0;
  }
}

}  // namespace

bool compares_clocks(Metric m) {
  return m == Metric::kRunTime || m == Metric::kAfterLastArrival || m == Metric::kImbalance;
}

bool has_clock_bound(Metric m) {
  return compares_clocks(m) || m == Metric::kElapsed;
}

bool records_call_bounds(const CaseRecord& record) {
  return recorded(record.clock_elapsed_bound_ns);
}

std::vector<std::int64_t> exit_clock_bounds(const CaseRecord& record, int it) {
  const Row b = record.clock_bound_ns.row(it);
  std::vector<std::int64_t> out(b.begin(), b.end());
  if (!records_call_bounds(record)) return out;
  const Row call = record.clock_elapsed_bound_ns.row(it);
  for (std::size_t r = 0; r < out.size(); ++r) out[r] += call[r];
  return out;
}

std::vector<double> clock_bound_series(const CaseRecord& record, Metric m) {
  std::vector<double> out;
  const Matrix& bound = record.clock_bound_ns;
  if (!has_clock_bound(m) || !recorded(bound)) return out;
  require_shape(record, bound, "clock_bound_ns");
  if (m != Metric::kImbalance) require_shape(record, record.exit_ns, "exit_ns");
  if (records_call_bounds(record)) {
    require_shape(record, record.clock_elapsed_bound_ns, "clock_elapsed_bound_ns");
  }
  if (m == Metric::kElapsed && recorded(record.clock_slew_ns)) {
    require_shape(record, record.clock_slew_ns, "clock_slew_ns");
  }
  if (bound.cols == 0) return out;
  out.reserve(static_cast<std::size_t>(bound.rows));
  for (int it = 0; it < bound.rows; ++it) out.push_back(iteration_bound(record, m, it));
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

double median_error_bound(std::span<const double> values, std::span<const double> bounds) {
  if (values.empty() || values.size() != bounds.size()) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  std::vector<double> low(values.size()), high(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    low[i] = values[i] - bounds[i];
    high[i] = values[i] + bounds[i];
  }
  const double mid = stats::median(values);
  return std::max({stats::median(high) - mid, mid - stats::median(low), 0.0});
}

double median_clock_bound(const CaseRecord& record, Metric m, const IterationSelection& selection) {
  const std::vector<double> bounds = clock_bound_series(record, m, selection);
  if (bounds.empty()) return std::numeric_limits<double>::quiet_NaN();
  return median_error_bound(metric_series(record, m, selection), bounds);
}

int slewing_iterations(const CaseRecord& record, const IterationSelection& selection) {
  const Matrix& slew = record.clock_slew_ns;
  if (!recorded(slew)) return -1;
  require_shape(record, slew, "clock_slew_ns");
  int n = 0;
  for (std::size_t it : selection.kept) {
    const Row row = slew.row(static_cast<int>(it));
    n += std::any_of(row.begin(), row.end(), [](std::int64_t s) { return s != 0; }) ? 1 : 0;
  }
  return n;
}

}  // namespace papbench::results
