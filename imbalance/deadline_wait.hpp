#pragma once
// Waiting for a deadline on the global clock: sleep until shortly before it (so oversubscribed
// ranks yield the core), then spin the rest (so wake-up latency does not become arrival error).
//
// The spin is inline and reads the clock directly (it was a std::function call per reading):
// how late the wait returns is one spin period, the clock read plus the comparison. A rank that
// has a core of its own spins through the whole wait (start_spin_ns): a sleep of most of the
// start margin let the core idle, and the timed call then met cold caches and a cold MPI
// progress path (issue 30; bench/micro start_path_micro.cpp measures both).

#include <cstdint>
#include <limits>

#include "common/smpi_platform.hpp"

namespace papbench {

// The spin of the last stretch before a deadline when ranks share cores.
inline constexpr std::int64_t kDefaultSpinNs = 200'000;
// A spin as long as any wait: never sleep.
inline constexpr std::int64_t kSpinWholeWait = std::numeric_limits<std::int64_t>::max();

struct WaitResult {
  std::int64_t late_at_entry_ns;  // > 0: the deadline had already passed when the wait began
  std::int64_t overshoot_ns;      // now - deadline when the wait returned (>= 0)
};

// The spin for the waits of the start (the agreed start, the planned arrival): the whole wait
// when every thread that spins there has a CPU of its own (`spinning_threads` on the host, at
// most `cpus` of them), else kDefaultSpinNs, so that ranks sharing a core sleep through most of
// the wait and hand the core to the ranks that are due. cpus <= 0 (unknown) counts as shared.
std::int64_t start_spin_ns(int spinning_threads, int cpus);

// A spin that overshot its deadline by more than this lost its CPU on the way (an interrupt
// costs microseconds, a preemption milliseconds).
inline constexpr std::int64_t kPreemptedSpinNs = 50'000;

// The spin for the next waits after one that returned `overshoot_ns` late: a whole-wait spin
// that was preempted gives way to sleep-then-spin. The machine is then loaded from outside the
// run, and there a rank that spins through the margin uses up its share of the CPU and is
// preempted near the deadline, where one that slept is woken promptly (measured on 2 cores
// under a load of 18: arrival error p50 254 us spinning throughout against 1.8 us sleeping).
std::int64_t spin_after_wait(std::int64_t spin_ns, std::int64_t overshoot_ns);

namespace detail {
// A relative sleep (the global clock is not a kernel clock, so absolute sleeps cannot be used).
void sleep_for_ns(std::int64_t ns);
}  // namespace detail

// `clock.now()` returns the global clock in nanoseconds. Under SMPI the whole wait is one
// simulated sleep, which ends exactly at the deadline: a spin there either never ends (the clock
// does not move while a rank computes, smpi/simulate-computation:no) or turns the host's time in
// the loop into simulated time (docs/SIMULATION.md).
template <typename Clock>
WaitResult wait_until(const Clock& clock, std::int64_t deadline_ns,
                      std::int64_t spin_ns = kDefaultSpinNs) {
  if constexpr (smpi::kSimulated) spin_ns = 0;
  std::int64_t t = clock.now();
  if (t >= deadline_ns) return {t - deadline_ns, t - deadline_ns};
  while (deadline_ns - t > spin_ns) {
    detail::sleep_for_ns(deadline_ns - t - spin_ns);
    t = clock.now();
  }
  while (t < deadline_ns) t = clock.now();
  return {0, t - deadline_ns};
}

}  // namespace papbench
