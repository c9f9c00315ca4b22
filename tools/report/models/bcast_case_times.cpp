#include "tools/report/models/bcast_case_times.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "results/clock_bounds.hpp"

namespace papbench::report {
namespace {

// max_r (f_r + b_r) - max_r f_r: how far the measured latest exit can be from the true one
// (results/clock_bounds.cpp's rule for run time's max f, with the exits' own bounds).
std::int64_t latest_exit_error(const results::CaseRecord& rec, int it) {
  const auto f = rec.exit_ns.row(it);
  const std::vector<std::int64_t> b = results::exit_clock_bounds(rec, it);
  const std::int64_t latest = *std::max_element(f.begin(), f.end());
  std::int64_t error = 0;
  for (std::size_t r = 0; r < f.size(); ++r) error = std::max(error, f[r] + b[r] - latest);
  return error;
}

// max over ranks of exit - the root's arrival, in iteration `it`.
std::int64_t last_rank_ns(const results::CaseRecord& rec, int it) {
  const auto f = rec.exit_ns.row(it);
  return *std::max_element(f.begin(), f.end()) - rec.arrival_ns.at(it, rec.root);
}

}  // namespace

void BcastTime::pool(const BcastTime& other) {
  sum_s += other.sum_s;
  bound_sum_s += other.bound_sum_s;
  iterations += other.iterations;
  bounded = bounded && other.bounded;
}

std::optional<BcastTime> root_clock_time(const results::CaseRecord& rec,
                                         const results::IterationSelection& selection) {
  BcastTime t;
  for (const std::size_t kept : selection.kept) {
    const int it = static_cast<int>(kept);
    t.sum_s +=
        static_cast<double>(rec.exit_ns.at(it, rec.root) - rec.arrival_ns.at(it, rec.root)) * 1e-9;
    ++t.iterations;
  }
  if (t.iterations == 0) return std::nullopt;
  return t;
}

std::optional<BcastTime> last_rank_time(const results::CaseRecord& rec,
                                        const results::IterationSelection& selection) {
  const auto shaped = [&](const results::Matrix& m) {
    return m.rows == rec.arrival_ns.rows && m.cols == rec.ranks;
  };
  const bool bounds = shaped(rec.clock_bound_ns) &&
                      (!results::records_call_bounds(rec) || shaped(rec.clock_elapsed_bound_ns));
  BcastTime t;
  t.bounded = bounds;
  for (const std::size_t kept : selection.kept) {
    const int it = static_cast<int>(kept);
    t.sum_s += static_cast<double>(last_rank_ns(rec, it)) * 1e-9;
    if (bounds) {
      t.bound_sum_s +=
          static_cast<double>(latest_exit_error(rec, it) + rec.clock_bound_ns.at(it, rec.root)) *
          1e-9;
    }
    ++t.iterations;
  }
  if (t.iterations == 0) return std::nullopt;
  return t;
}

std::vector<double> last_rank_series_ns(const results::CaseRecord& rec,
                                        const results::IterationSelection& selection) {
  std::vector<double> v;
  v.reserve(selection.kept.size());
  for (const std::size_t it : selection.kept) {
    v.push_back(static_cast<double>(last_rank_ns(rec, static_cast<int>(it))));
  }
  return v;
}

}  // namespace papbench::report
