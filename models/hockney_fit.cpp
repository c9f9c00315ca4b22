#include "models/hockney_fit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace papbench::report {

HockneyFit fit_hockney(std::span<const PingpongPoint> points) {
  const auto n = static_cast<double>(points.size());
  HockneyFit fit;
  fit.points = static_cast<int>(points.size());
  if (points.empty()) throw std::invalid_argument("no ping-pong points to fit");
  double sx = 0, sy = 0;
  fit.min_bytes = fit.max_bytes = points.front().bytes;
  for (const PingpongPoint& p : points) {
    sx += p.bytes;
    sy += p.one_way_ns;
    fit.min_bytes = std::min(fit.min_bytes, p.bytes);
    fit.max_bytes = std::max(fit.max_bytes, p.bytes);
  }
  if (fit.min_bytes == fit.max_bytes) {
    throw std::invalid_argument(fmt::format(
        "{} ping-pong point(s), all of {} bytes: a line needs at least two message sizes",
        points.size(), fit.min_bytes));
  }
  // Centred sums: the textbook formulas without the cancellation of sum(x^2) - n mean^2.
  const double mx = sx / n, my = sy / n;
  double sxx = 0, sxy = 0, syy = 0;
  for (const PingpongPoint& p : points) {
    const double dx = p.bytes - mx, dy = p.one_way_ns - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  fit.model.beta_ns_per_byte = sxy / sxx;
  fit.model.alpha_ns = my - fit.model.beta_ns_per_byte * mx;
  double ss_res = 0;
  for (const PingpongPoint& p : points) {
    const double r = p.one_way_ns - (fit.model.alpha_ns + fit.model.beta_ns_per_byte * p.bytes);
    ss_res += r * r;
  }
  fit.r_squared = syy > 0 ? 1.0 - ss_res / syy : 1.0;
  return fit;
}

HockneyModel fit_hockney_model(std::span<const PingpongPoint> points,
                               std::optional<double> split_bytes) {
  HockneyModel model;
  if (!split_bytes) {
    model.small = model.large = fit_hockney(points);
    return model;
  }
  std::vector<PingpongPoint> small, large;
  for (const PingpongPoint& p : points) (p.bytes <= *split_bytes ? small : large).push_back(p);
  auto fit_segment = [&](const std::vector<PingpongPoint>& seg, const char* which) {
    try {
      return fit_hockney(seg);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(
          fmt::format("messages {} {} bytes: {}", which, *split_bytes, e.what()));
    }
  };
  model.small = fit_segment(small, "up to");
  model.large = fit_segment(large, "above");
  model.split_bytes = split_bytes;
  return model;
}

}  // namespace papbench::report
