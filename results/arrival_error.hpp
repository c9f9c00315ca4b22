#pragma once
// The arrival rule (issue 26): an iteration measures the planned arrival pattern only when every
// rank entered the call close to its planned arrival. A rank's arrival error is a_i - planned_i
// (signed, ns, global clock); the iteration is left out of the statistics when some rank's
// |error| exceeds the case's tolerance (--arrival-tolerance). A rank planned 20 ms after the
// start that enters 50 us late still arrives as planned; a rank that misses its planned arrival
// by 500 us on a 50 us call does not, whether or not it made the agreed start.

#include <cstdint>
#include <limits>
#include <optional>
#include <span>

#include "results/result_set.hpp"

namespace papbench::results {

// The case attribute arrival_tolerance_ns (format 1.8) holds a duration in ns or this for off;
// only the file's reader and writer, and the exports that show the attribute as stored (summary's
// arrival_tolerance_ns column), meet it: everything else holds an ArrivalTolerance.
inline constexpr std::int64_t kArrivalToleranceOffAttr = -1;
constexpr std::int64_t arrival_tolerance_attr(const ArrivalTolerance& tolerance) {
  return tolerance.value().value_or(kArrivalToleranceOffAttr);
}
constexpr ArrivalTolerance arrival_tolerance_from_attr(std::int64_t attr) {
  return attr < 0 ? ArrivalTolerance::off() : ArrivalTolerance::of(attr);
}
// The default's floor: below it, the wake-up of an idle rank (timer slack, a context switch)
// would drop iterations on an unloaded machine.
inline constexpr std::int64_t kMinArrivalToleranceNs = 5'000;

// --arrival-tolerance's default: the larger of 5 us and 1% of the planned delay span.
constexpr std::int64_t default_arrival_tolerance_ns(std::int64_t planned_span_ns) {
  return planned_span_ns / 100 > kMinArrivalToleranceNs ? planned_span_ns / 100
                                                        : kMinArrivalToleranceNs;
}

// Whether an arrival error invalidates the rank's iteration: strictly beyond the tolerance
// (an error of exactly the tolerance is kept); never when off. The tolerance is a case's, so
// never auto (CaseRunner resolves it).
constexpr bool beyond_arrival_tolerance(std::int64_t error_ns, const ArrivalTolerance& tolerance) {
  const std::optional<std::int64_t> ns = tolerance.value();
  return ns && (error_ns > *ns || error_ns < -*ns);
}

// The larger of two cases' tolerances, off being below every duration (it drops nothing).
constexpr ArrivalTolerance larger_tolerance(const ArrivalTolerance& a, const ArrivalTolerance& b) {
  if (!a.value()) return b;
  if (!b.value()) return a;
  return *a.value() >= *b.value() ? a : b;
}

// One case's (or one side's, several launches pooled) arrival errors, over every rank of every
// timed iteration (the dropped ones included: they are what the tolerance judged).
struct ArrivalErrorSummary {
  bool recorded = false;  // false: a file older than format 1.8 (no arrival_error_ns)
  // The tolerance the run applied; with several launches the largest. Meaningless unless
  // recorded.
  ArrivalTolerance tolerance = ArrivalTolerance::off();
  double median_abs_ns = std::numeric_limits<double>::quiet_NaN();
  double p99_abs_ns = std::numeric_limits<double>::quiet_NaN();
  int iterations = 0;  // timed iterations
  // Iterations the record flags (CaseRecord::late): beyond the tolerance from format 1.8, a
  // missed agreed start before; left out of the statistics unless --include-late.
  int flagged = 0;

  // flagged / iterations; NaN without iterations.
  double dropped_fraction() const;
};

ArrivalErrorSummary summarize_arrival_errors(std::span<const CaseRecord* const> launches);
ArrivalErrorSummary summarize_arrival_errors(const CaseRecord& record);

// Whether two sides of a comparison left out such different shares of their iterations for
// arrival errors (more than kDroppedFractionWarnPoints apart) that their kept iterations are no
// longer the same kind of sample: one side kept only its calm iterations. False when a side has
// no iterations.
inline constexpr double kDroppedFractionWarnPoints = 0.05;
bool dropped_fractions_differ(const ArrivalErrorSummary& a, const ArrivalErrorSummary& b);

}  // namespace papbench::results
