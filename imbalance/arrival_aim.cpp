#include "imbalance/arrival_aim.hpp"

#include <algorithm>

namespace papbench {

void ArrivalAim::record(std::int64_t exit_latency_ns) {
  ring_[static_cast<std::size_t>(next_)] = std::clamp<std::int64_t>(exit_latency_ns, 0, kMaxLeadNs);
  next_ = (next_ + 1) % kWindow;
  size_ = std::min(size_ + 1, kWindow);
  std::array<std::int64_t, kWindow> sorted = ring_;
  const auto end = sorted.begin() + size_;
  const auto mid = sorted.begin() + size_ / 2;
  std::nth_element(sorted.begin(), mid, end);
  lead_ns_ = *mid;
}

}  // namespace papbench
