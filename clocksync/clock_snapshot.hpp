#pragma once
// What GlobalClock::now() reads on every call: the local-to-global mapping and the slew of the
// latest sync, on one cache line of their own, published with a seqlock and converted inline.
//
// now() sits inside every timed region (the exit stamp of each call) and in every spin of the
// start wait, so its cost beyond the raw clock read is measured overhead. The earlier path called
// three functions out of line (LocalClock::now, Mapping::apply, Slew::residual) and std::llround
// twice (a libm call without SSE4.1); because the vDSO's clock read is ordered (lfence/rdtscp),
// the latency of everything after it adds to each call, so the drift term is a fixed-point
// integer product (drift_correction) and the slew is looked at only while one is in progress
// (bench/micro clock_micro.cpp, BM_GlobalNow against BM_GlobalNowOutOfLine). The seqlock lets a
// thread other than the syncing one (the PAT thread reads the clock) never see half a mapping, at
// the cost of two loads of a line it reads anyway.

#include <atomic>
#include <cmath>
#include <cstdint>

#include "clocksync/estimate.hpp"

namespace papbench::clocksync {

// std::llround (halves away from zero), exact for every double whose rounded value fits an
// int64, without the library call and with a short dependency chain (one add before the
// truncation): adding the largest double below one half, with x's sign, carries x across the next
// integer exactly when |frac(x)| >= 0.5 (below 2^52 the sum rounds up to the integer only then;
// from 2^52 on x is an integer and the sum rounds back to x). The chain matters because the vDSO's
// clock read is ordered (lfence/rdtscp): the conversion's latency adds to every now().
inline std::int64_t round_half_away(double x) {
  constexpr double kJustBelowHalf = 0.49999999999999994;  // std::nextafter(0.5, 0.0)
  return static_cast<std::int64_t>(x + std::copysign(kJustBelowHalf, x));
}

// The seqlock's memory orders. ThreadSanitizer does not model std::atomic_thread_fence (GCC
// refuses it under -fsanitize=thread, -Werror=tsan): there every access is sequentially
// consistent and the fences go, which orders the seqlock as well (a single total order of the
// sequence and field accesses), only slower; the TSan build is the only one that pays.
#if defined(__SANITIZE_THREAD__)
inline constexpr std::memory_order kSeqlockRelaxed = std::memory_order_seq_cst;
inline constexpr std::memory_order kSeqlockAcquire = std::memory_order_seq_cst;
inline constexpr std::memory_order kSeqlockRelease = std::memory_order_seq_cst;
inline void seqlock_fence(std::memory_order) {}
#else
inline constexpr std::memory_order kSeqlockRelaxed = std::memory_order_relaxed;
inline constexpr std::memory_order kSeqlockAcquire = std::memory_order_acquire;
inline constexpr std::memory_order kSeqlockRelease = std::memory_order_release;
inline void seqlock_fence(std::memory_order order) {
  std::atomic_thread_fence(order);
}
#endif

class alignas(64) ClockSnapshot {
 public:
  // One writer (the thread that synchronizes); readers on any thread.
  void publish(const Mapping& mapping, const Slew& slew) {
    const std::uint32_t s = seq_.load(kSeqlockRelaxed);
    seq_.store(s + 1, kSeqlockRelaxed);
    seqlock_fence(kSeqlockRelease);
    ref_local_.store(mapping.ref_local, kSeqlockRelaxed);
    offset_.store(mapping.offset_ns, kSeqlockRelaxed);
    drift_q_.store(drift_fixed(mapping.drift), kSeqlockRelaxed);
    slew_start_.store(slew.start_local, kSeqlockRelaxed);
    // A slew of length <= 0 ends where it starts (Slew::residual is 0 from there on).
    slew_end_.store(slew.start_local + (slew.length_ns > 0 ? slew.length_ns : 0), kSeqlockRelaxed);
    slew_length_.store(slew.length_ns, kSeqlockRelaxed);
    slew_delta_.store(slew.delta_ns, kSeqlockRelaxed);
    seq_.store(s + 2, kSeqlockRelease);
  }

  // mapping.apply(local) + slew.residual(local) of the last publish(), to the nanosecond.
  [[gnu::always_inline]] std::int64_t to_global(std::int64_t local) const {
    for (;;) {
      const std::uint32_t s = seq_.load(kSeqlockAcquire);
      const std::int64_t ref = ref_local_.load(kSeqlockRelaxed);
      const std::int64_t offset = offset_.load(kSeqlockRelaxed);
      const std::int64_t drift_q = drift_q_.load(kSeqlockRelaxed);
      const std::int64_t start = slew_start_.load(kSeqlockRelaxed);
      const std::int64_t end = slew_end_.load(kSeqlockRelaxed);
      const std::int64_t length = slew_length_.load(kSeqlockRelaxed);
      const std::int64_t delta = slew_delta_.load(kSeqlockRelaxed);
      seqlock_fence(kSeqlockAcquire);
      if ((s & 1U) != 0 || seq_.load(kSeqlockRelaxed) != s) continue;  // torn: retry
      const std::int64_t global = local + offset + drift_correction(local - ref, drift_q);
      if (local >= end) return global;  // the common case: no slew in progress
      if (local < start) return global + delta;
      return global +
             round_half_away(static_cast<double>(delta) * static_cast<double>(end - local) /
                             static_cast<double>(length));
    }
  }

 private:
  std::atomic<std::uint32_t> seq_{0};  // odd while publish() writes
  std::atomic<std::int64_t> ref_local_{0};
  std::atomic<std::int64_t> offset_{0};
  std::atomic<std::int64_t> drift_q_{0};  // drift_fixed(mapping.drift)
  std::atomic<std::int64_t> slew_start_{0};
  std::atomic<std::int64_t> slew_end_{0};
  std::atomic<std::int64_t> slew_length_{0};
  std::atomic<std::int64_t> slew_delta_{0};
};

}  // namespace papbench::clocksync
