#pragma once
// Waiting for a deadline on the global clock: sleep until shortly before it (so oversubscribed
// ranks yield the core), then spin the rest (so wake-up latency does not become arrival error).

#include <cstdint>
#include <functional>

namespace papbench {

inline constexpr std::int64_t kDefaultSpinNs = 200'000;

struct WaitResult {
  std::int64_t late_at_entry_ns;  // > 0: the deadline had already passed when the wait began
  std::int64_t overshoot_ns;      // now - deadline when the wait returned (>= 0)
};

// `now` returns the global clock in nanoseconds.
WaitResult wait_until(const std::function<std::int64_t()>& now, std::int64_t deadline_ns,
                      std::int64_t spin_ns = kDefaultSpinNs);

template <typename Clock>
WaitResult wait_until(const Clock& clock, std::int64_t deadline_ns,
                      std::int64_t spin_ns = kDefaultSpinNs) {
  return wait_until(std::function<std::int64_t()>([&clock] { return clock.now(); }), deadline_ns,
                    spin_ns);
}

}  // namespace papbench
