#include "imbalance/xtime_loop.hpp"

namespace papbench {

XtimeLoop::XtimeLoop() {
  for (std::size_t k = 0; k < b_.size(); ++k) b_[k] = k * 2654435761u + 1;
}

std::uint64_t XtimeLoop::run(std::int64_t xtime) {
  std::uint64_t checksum = 0;
  for (std::int64_t m = 0; m < xtime; ++m) {
    // Listing 3.2 never writes a[0], which makes every repetition identical and would let an
    // optimizer prove all but the last one redundant; seeding a[0] with m keeps each one live
    // at the cost of one store per 998 steps.
    a_[0] = static_cast<std::uint64_t>(m);
    for (std::size_t k = 1; k < 999; ++k) a_[k] = b_[k + 1] - a_[k - 1] * 2;
    checksum = checksum * 31 + a_[998];
  }
  return checksum;
}

}  // namespace papbench
