#include "imbalance/deadline_wait.hpp"

#include "common/smpi_platform.hpp"

namespace papbench {

std::int64_t start_spin_ns(int spinning_threads, int cpus) {
  return cpus > 0 && spinning_threads <= cpus ? kSpinWholeWait : kDefaultSpinNs;
}

std::int64_t spin_after_wait(std::int64_t spin_ns, std::int64_t overshoot_ns) {
  return spin_ns == kSpinWholeWait && overshoot_ns > kPreemptedSpinNs ? kDefaultSpinNs : spin_ns;
}

namespace detail {

void sleep_for_ns(std::int64_t ns) {
  smpi::sleep_ns(ns);
}

}  // namespace detail
}  // namespace papbench
