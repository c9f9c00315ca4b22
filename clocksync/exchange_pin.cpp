#include "clocksync/exchange_pin.hpp"

namespace papbench::clocksync {

int current_cpu() {
  return sched_getcpu();
}

ExchangePin::ExchangePin(int avoid) {
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
