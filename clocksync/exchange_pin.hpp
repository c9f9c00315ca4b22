#pragma once
// Keeps the calling thread on one CPU for the life of the object (one clock-sync exchange round),
// then gives it back its affinity. On a host with more ranks than CPUs the scheduler may put both
// ends of the Cristian ping-pong on one CPU, where each round trip is two context switches: 3.2 to
// 3.8 us on the issue-30 VM (4 ranks, 2 CPUs) instead of 0.6 to 1.2 us, and the offset's interval
// (its error bound) is as wide as the fastest round trip. Rank 0 stays where it is and tells each
// client its CPU; the client keeps off it. Where the affinity cannot be read or set (a cpuset that
// allows one CPU, a failing call) nothing changes: the exchange runs as before.

#include <sched.h>

namespace papbench::clocksync {

// The CPU the calling thread runs on now, -1 if unknown.
int current_cpu();

class ExchangePin {
 public:
  // Pins to the CPU the thread runs on or, when that is `avoid`, to another CPU it may run on
  // (avoid < 0: nothing to avoid).
  explicit ExchangePin(int avoid = -1);
  ~ExchangePin();
  ExchangePin(const ExchangePin&) = delete;
  ExchangePin& operator=(const ExchangePin&) = delete;

  // The CPU the thread is pinned to, -1 if it was left as it was.
  int cpu() const { return cpu_; }

 private:
  cpu_set_t saved_{};
  int cpu_ = -1;
};

}  // namespace papbench::clocksync
