#include "clocksync/exchange_pin.hpp"

#include "common/smpi_platform.hpp"

namespace papbench::clocksync {

// Under SMPI a simulated rank has no host CPU of its own (every rank runs in smpimain's one
// thread), and pinning that thread would change nothing simulated: unknown, and no pin.
int current_cpu() {
  return smpi::kSimulated ? -1 : sched_getcpu();
}

ExchangePin::ExchangePin(int avoid) {
  if (smpi::kSimulated) return;
  if (sched_getaffinity(0, sizeof saved_, &saved_) != 0) return;
  int target = current_cpu();
  if (target < 0 || !CPU_ISSET(target, &saved_)) return;
  if (target == avoid) {
    target = -1;
    for (int c = 0; c < CPU_SETSIZE; ++c) {
      if (c != avoid && CPU_ISSET(c, &saved_)) {
        target = c;
        break;
      }
    }
    if (target < 0) return;  // the one CPU it may use is the one to avoid
  }
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(target, &one);
  if (sched_setaffinity(0, sizeof one, &one) == 0) cpu_ = target;
}

ExchangePin::~ExchangePin() {
  if (cpu_ >= 0) sched_setaffinity(0, sizeof saved_, &saved_);
}

}  // namespace papbench::clocksync
