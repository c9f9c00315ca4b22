#pragma once
// The arithmetic of clock synchronization, free of MPI so that it can be unit tested: offsets from
// ping-pong samples (Cristian [Cristian1989]), a least-squares drift fit over sync points, the
// linear local-to-global mapping, and the slew that keeps the global clock continuous across a
// resync.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>

namespace papbench::clocksync {

// --sync-estimator: the fastest exchange's interval, or the median of the exchanges' offsets.
enum class Estimator { kMinRtt, kMedian };

// One Cristian exchange as the synchronizing rank sees it: it sent at local_send, the reference
// read its clock at ref, the answer arrived at local_recv.
struct PingPong {
  std::int64_t local_send = 0;
  std::int64_t ref = 0;
  std::int64_t local_recv = 0;

  std::int64_t rtt() const { return local_recv - local_send; }
  // The reference reading is assumed to lie halfway through the round trip (symmetric paths).
  std::int64_t local_mid() const { return local_send + (local_recv - local_send) / 2; }
  // global = local + offset: at local_mid() the reference clock read `ref`.
  std::int64_t offset() const { return ref - local_mid(); }
};

// A measured offset and the local instant it holds at.
struct SyncPoint {
  std::int64_t local = 0;
  std::int64_t offset_ns = 0;
  // The true offset lies within offset_ns +- width_ns / 2: one exchange's round trip, or the
  // narrower intersection of a burst's exchanges (estimate_offset).
  std::int64_t width_ns = 0;
  std::int64_t rtt_min_ns = 0;  // the fastest exchange of the sync (how clean the sync was)
};

// The largest drift between two clocks assumed before two syncs measured one: two oscillators
// within the usual +-100 ppm crystal specification.
inline constexpr double kPriorMaxDrift = 200e-6;

// The drifts (offset change per local ns) that may hold while a burst of exchanges runs:
// center +- half_width.
struct DriftRange {
  double center = 0;
  double half_width = kPriorMaxDrift;
};

// kMinRtt: the offset the burst's exchanges prove, at the fastest exchange's instant. Each
// exchange proves that the reference read its clock between the send and the receive, so the
// offset lies in [ref - local_recv, ref - local_send]; the fastest exchange alone gives its
// round trip as the width (Cristian's rtt/2), and the intersection of all of them is narrower
// wherever one exchange was delayed only on the way out and another only on the way back (on a
// loaded node 2-4x narrower than the fastest round trip, measured; the midpoint's error shrank
// alike). The intervals hold at different instants, so each is widened by what `drift` allows
// between its instant and the fastest exchange's; an empty intersection (a drift outside the
// range) falls back to the fastest exchange alone.
// kMedian: [Parsons2015] Listing 3.1, the median offset, whose own round trip bounds it.
// Throws std::invalid_argument on an empty span.
SyncPoint estimate_offset(std::span<const PingPong> samples, Estimator estimator,
                          DriftRange drift = {});

// offset(local) ~ offset_at_ref + slope * (local - ref_local), least squares weighted by
// 1/width^2 (each offset is known to within width/2), with ref_local the
// last point's instant. Fewer than two distinct instants give slope 0 and the last offset.
struct LineFit {
  std::int64_t ref_local = 0;
  std::int64_t offset_at_ref = 0;
  double slope = 0;
};
LineFit fit_offset_line(std::span<const SyncPoint> points);

// The newest points of `history` (oldest first) that a single drift can explain: the longest
// suffix, of at least two points when there are two, in which the slope intervals of all pairs
// intersect (each offset is within width/2 of the truth, so a linear drift lies in every pair's
// interval). A drift that changed (a step, a slow wander) leaves the older points out of the fit.
std::span<const SyncPoint> linear_suffix(std::span<const SyncPoint> history);

// The drifts that every pair of `points` allows, [lo, hi]; lo > hi when none does. With fewer
// than two distinct instants: [-prior, prior].
struct SlopeRange {
  double lo = 0;
  double hi = 0;
};
SlopeRange slope_range(std::span<const SyncPoint> points, double prior);

// The drift term of a mapping, drift * dt rounded to the nearest ns (halves up), in fixed point:
// drift as an integer of 2^-56 ns per ns, the product in 128 bits. One integer multiply and a
// shift, so GlobalClock::now() (ClockSnapshot) adds a few cycles to the clock read where a
// double product and its rounding added ~20; Mapping::apply uses the same arithmetic, so both
// give the same nanosecond. The fixed point's own error is below 1e-4 ns over 1e13 ns (~3 h).
inline constexpr int kDriftFracBits = 56;
// Drifts beyond +-64 (6.4e7 ppm) are no clock's; they are clamped so the integer cannot overflow.
inline std::int64_t drift_fixed(double drift) {
  constexpr double kLimit = 64;
  return std::llround(std::ldexp(std::clamp(drift, -kLimit, kLimit), kDriftFracBits));
}
inline std::int64_t drift_correction(std::int64_t dt, std::int64_t drift_q) {
  __extension__ using Wide = __int128;  // GCC and Clang on 64-bit targets
  const Wide product = static_cast<Wide>(dt) * drift_q + (Wide{1} << (kDriftFracBits - 1));
  return static_cast<std::int64_t>(product >> kDriftFracBits);
}

// global = local + offset_ns + drift * (local - ref_local) (drift_correction's rounding).
struct Mapping {
  std::int64_t ref_local = 0;
  std::int64_t offset_ns = 0;
  double drift = 0;

  std::int64_t apply(std::int64_t local) const;
};

// How far a rank's global clock may be from the reference's: at_sync_ns at the sync instant
// ref_local, growing by `growth` ns per ns of local time away from it. It holds as long as the
// drift changes between two syncs by less than the newest pair of syncs can resolve; sync-check
// measures whether it does.
struct ErrorBound {
  std::int64_t ref_local = 0;
  std::int64_t at_sync_ns = 0;
  double growth = 0;

  std::int64_t at(std::int64_t local) const;
};

// The bound of a mapping `used` computed from `points` (oldest first, the newest at the sync):
// the newest offset's width/2 plus how far `used` sits from it at that instant, and the largest
// distance from `used.drift` to a drift that the newest two points allow.
ErrorBound bound_mapping(std::span<const SyncPoint> points, const Mapping& used);

// A correction delta_ns that fades out linearly over [start_local, start_local + length_ns):
// added to a new mapping it reproduces the old global time at start_local, so a resync bends the
// global clock instead of stepping it.
struct Slew {
  std::int64_t start_local = 0;
  std::int64_t length_ns = 0;
  std::int64_t delta_ns = 0;

  std::int64_t residual(std::int64_t local) const;
};

// The slew from a clock that reads `current_global` at `at_local` to `next`. Its rate stays
// below max_rate (so the clock keeps running forward at >= 1 - max_rate - |drift|) and it lasts
// at least min_length_ns; a step larger than max_delta_ns is not slewed (length 0) because a
// mapping that wrong is better replaced at once.
Slew make_slew(std::int64_t current_global, std::int64_t at_local, const Mapping& next,
               double max_rate, std::int64_t min_length_ns, std::int64_t max_delta_ns);

// How far an interval from local instant a_local to f_local, read on a global clock that is a
// mapping with error bound `bound` plus the slew `slew`, may be from the same interval on the
// reference's clock (docs/RESULTS_FORMAT.md, "Clock error bounds", derives it). The offset
// cancels; the drift, known only to within bound.growth, adds growth * |f_local - a_local|, and a
// slew in progress changes the clock's rate by delta / length (up to kMaxSlewRate), by
// |residual(a_local) - residual(f_local)| over the interval. The error at f_local is the error at
// a_local plus this one, so a timed call's exit is bounded by its arrival's bound plus this:
// the bound grows with the call.
std::int64_t interval_bound(const ErrorBound& bound, const Slew& slew, std::int64_t a_local,
                            std::int64_t f_local);

// The fastest a slew may change the global clock's rate (GlobalClock's resyncs): 1000 ppm. A file
// that recorded only the slew at the arrival bounds a call's slew term by this rate times the call.
inline constexpr double kMaxSlewRate = 1e-3;

}  // namespace papbench::clocksync
