#include "bench/run/warmup_settle.hpp"

#include <cmath>

#include "results/statistics.hpp"

namespace papbench {

bool warmup_settled(std::span<const double> values, double eps) {
  constexpr auto kWindow = static_cast<std::size_t>(kSettleWindow);
  if (values.size() < 2 * kWindow) return false;
  const double last = stats::median(values.last(kWindow));
  const double before = stats::median(values.last(2 * kWindow).first(kWindow));
  return std::abs(last - before) <= eps * std::abs(before);
}

}  // namespace papbench
