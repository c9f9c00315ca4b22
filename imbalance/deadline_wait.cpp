#include "imbalance/deadline_wait.hpp"

#include <time.h>

namespace papbench {

WaitResult wait_until(const std::function<std::int64_t()>& now, std::int64_t deadline_ns,
                      std::int64_t spin_ns) {
  std::int64_t t = now();
  if (t >= deadline_ns) return {t - deadline_ns, t - deadline_ns};
  // Relative sleeps: the global clock is not a kernel clock, so absolute sleeps cannot be used.
  while (deadline_ns - t > spin_ns) {
    const std::int64_t sleep_ns = deadline_ns - t - spin_ns;
    timespec ts{static_cast<time_t>(sleep_ns / 1'000'000'000),
                static_cast<long>(sleep_ns % 1'000'000'000)};
    nanosleep(&ts, nullptr);
    t = now();
  }
  while (t < deadline_ns) t = now();
  return {0, t - deadline_ns};
}

}  // namespace papbench
