#include "imbalance/pattern_random.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>

namespace papbench {
namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

class NonePattern final : public ArrivalPattern {
 public:
  std::int64_t delay_ns(int, int) const override { return 0; }
  std::int64_t max_delay_ns() const override { return 0; }
};

// Maps U[0,1) through a quantile function scaled to [0, maxdelay].
template <typename Quantile>
class QuantilePattern final : public ArrivalPattern {
 public:
  QuantilePattern(const PatternContext& ctx, Quantile q) : ctx_(ctx), quantile_(q) {}
  std::int64_t delay_ns(int iteration, int rank) const override {
    double u = unit_uniform(ctx_.seed, iteration, rank);
    double fraction = std::clamp(quantile_(u), 0.0, 1.0);
    return std::llround(fraction * static_cast<double>(ctx_.maxdelay_ns));
  }
  std::int64_t max_delay_ns() const override { return ctx_.maxdelay_ns; }

 private:
  PatternContext ctx_;
  Quantile quantile_;
};

template <typename Quantile>
std::unique_ptr<ArrivalPattern> quantile_pattern(const PatternContext& ctx, Quantile q) {
  return std::make_unique<QuantilePattern<Quantile>>(ctx, q);
}

class RampPattern final : public ArrivalPattern {
 public:
  explicit RampPattern(const PatternContext& ctx) : ctx_(ctx) {}
  std::int64_t delay_ns(int, int rank) const override {
    if (ctx_.size <= 1) return 0;
    // floor(M * r / D) split as (M / D) * r + floor((M % D) * r / D): exact, and no overflow.
    const std::int64_t d = ctx_.size - 1;
    return (ctx_.maxdelay_ns / d) * rank + (ctx_.maxdelay_ns % d) * rank / d;
  }
  std::int64_t max_delay_ns() const override { return ctx_.maxdelay_ns; }

 private:
  PatternContext ctx_;
};

class LatePattern final : public ArrivalPattern {
 public:
  LatePattern(int rank, std::int64_t delay) : rank_(rank), delay_(delay) {}
  std::int64_t delay_ns(int, int rank) const override { return rank == rank_ ? delay_ : 0; }
  std::int64_t max_delay_ns() const override { return delay_; }

 private:
  int rank_;
  std::int64_t delay_;
};

}  // namespace

double unit_uniform(std::uint64_t seed, int iteration, int rank, std::uint64_t stream) {
  std::uint64_t h = splitmix64(seed);
  h = splitmix64(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(iteration)));
  h = splitmix64(h ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(rank)) << 32));
  h = splitmix64(h ^ stream);
  // 53 random bits give every double in [0,1) on a uniform grid.
  return static_cast<double>(h >> 11) * 0x1.0p-53;
}

std::unique_ptr<ArrivalPattern> make_none_pattern() {
  return std::make_unique<NonePattern>();
}

std::unique_ptr<ArrivalPattern> make_uniform_pattern(const PatternContext& ctx) {
  return quantile_pattern(ctx, [](double u) { return u; });
}

std::unique_ptr<ArrivalPattern> make_normal_pattern(const PatternContext& ctx) {
  // Truncation by rescaling u into the CDF range of [0,1] keeps the shape without rejection.
  return quantile_pattern(ctx, [](double u) {
    const boost::math::normal dist(0.5, 1.0 / 6.0);
    const double lo = boost::math::cdf(dist, 0.0);
    const double hi = boost::math::cdf(dist, 1.0);
    return boost::math::quantile(dist, lo + u * (hi - lo));
  });
}

std::unique_ptr<ArrivalPattern> make_exponential_pattern(const PatternContext& ctx) {
  return quantile_pattern(ctx, [](double u) {
    constexpr double kScale = 0.25;  // of maxdelay
    const double tail = 1.0 - std::exp(-1.0 / kScale);
    return -kScale * std::log1p(-u * tail);
  });
}

std::unique_ptr<ArrivalPattern> make_ramp_pattern(const PatternContext& ctx) {
  return std::make_unique<RampPattern>(ctx);
}

std::unique_ptr<ArrivalPattern> make_late_pattern(int late_rank, std::int64_t delay_ns) {
  return std::make_unique<LatePattern>(late_rank, delay_ns);
}

}  // namespace papbench
