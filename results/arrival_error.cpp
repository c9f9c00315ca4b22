#include "results/arrival_error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace papbench::results {
namespace {

// The q-quantile of `v` by the nearest-rank rule (sorts v): the value at least q of the sample
// lies at or below, so p99 is an observed error, never an interpolation.
double nearest_rank_quantile(std::vector<double>& v, double q) {
  if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
  return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

double middle_of_sorted(const std::vector<double>& v) {
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

double ArrivalErrorSummary::dropped_fraction() const {
  if (iterations == 0) return std::numeric_limits<double>::quiet_NaN();
  return static_cast<double>(flagged) / static_cast<double>(iterations);
}

ArrivalErrorSummary summarize_arrival_errors(std::span<const CaseRecord* const> launches) {
  ArrivalErrorSummary s;
  s.recorded = !launches.empty();
  std::vector<double> abs_errors;
  for (const CaseRecord* rec : launches) {
    const int rows = std::max(0, rec->arrival_ns.rows);
    s.iterations += rows;
    for (int it = 0; it < rows; ++it) {
      const auto i = static_cast<std::size_t>(it);
      if (i < rec->late.size() && rec->late[i] != 0) ++s.flagged;
    }
    // A shape-only matrix (an on-demand reader's case that was not loaded with its plan) holds
    // no errors to summarize: not recorded, as in an older file, rather than a median of none.
    const Matrix& e = rec->arrival_error_ns;
    if (!rec->arrival_tolerance || e.rows != rec->arrival_ns.rows ||
        e.cols != rec->arrival_ns.cols ||
        e.data.size() != static_cast<std::size_t>(e.rows) * static_cast<std::size_t>(e.cols)) {
      s.recorded = false;
      continue;
    }
    s.tolerance = larger_tolerance(s.tolerance, *rec->arrival_tolerance);
    for (std::int64_t v : e.data) abs_errors.push_back(static_cast<double>(std::llabs(v)));
  }
  if (!s.recorded || abs_errors.empty()) return s;
  s.p99_abs_ns = nearest_rank_quantile(abs_errors, 0.99);  // sorts
  s.median_abs_ns = middle_of_sorted(abs_errors);
  return s;
}

ArrivalErrorSummary summarize_arrival_errors(const CaseRecord& record) {
  const CaseRecord* one = &record;
  return summarize_arrival_errors(std::span<const CaseRecord* const>(&one, 1));
}

bool dropped_fractions_differ(const ArrivalErrorSummary& a, const ArrivalErrorSummary& b) {
  const double fa = a.dropped_fraction(), fb = b.dropped_fraction();
  // The slack keeps a difference of exactly 5 points (15% vs 10%) from tipping on rounding.
  return !std::isnan(fa) && !std::isnan(fb) &&
         std::abs(fa - fb) > kDroppedFractionWarnPoints + 1e-9;
}

}  // namespace papbench::results
