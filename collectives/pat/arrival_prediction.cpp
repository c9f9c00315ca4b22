#include "collectives/pat/arrival_prediction.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace papbench {

std::int64_t edge_extrapolation(std::int64_t start_ns, std::int64_t edge_ns, double fraction) {
  if (!(fraction > 0 && fraction <= 1)) {
    throw std::invalid_argument(fmt::format("PAT edge fraction {} is not in (0, 1]", fraction));
  }
  const double elapsed = static_cast<double>(edge_ns - start_ns);
  return start_ns + static_cast<std::int64_t>(std::llround(elapsed / fraction));
}

SmaPredictor::SmaPredictor(int window) : window_(window) {
  if (window < 1) {
    throw std::invalid_argument(fmt::format("SMA window {} is not at least 1", window));
  }
}

void SmaPredictor::record(std::int64_t interval_ns) {
  history_.push_back(interval_ns);
  sum_ += interval_ns;
  if (static_cast<int>(history_.size()) > window_) {
    sum_ -= history_.front();
    history_.pop_front();
  }
}

std::optional<std::int64_t> SmaPredictor::predict(std::int64_t start_ns) const {
  if (history_.empty()) return std::nullopt;
  const auto n = static_cast<std::int64_t>(history_.size());
  // Nearest integer, halves away from zero, in integers so every platform agrees.
  const std::int64_t half = n / 2;
  const std::int64_t mean = sum_ >= 0 ? (sum_ + half) / n : -((-sum_ + half) / n);
  return start_ns + mean;
}

}  // namespace papbench
