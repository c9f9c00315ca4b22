#include "imbalance/pattern_compute.hpp"

#include <fmt/format.h>

#include <charconv>

#include "common/units.hpp"

namespace papbench {
namespace {

class ComputePattern final : public ArrivalPattern {
 public:
  explicit ComputePattern(std::int64_t xtime) : xtime_(xtime) {}
  std::int64_t delay_ns(int, int) const override { return 0; }
  std::int64_t max_delay_ns() const override { return 0; }
  std::int64_t xtime() const override { return xtime_; }

 private:
  std::int64_t xtime_;
};

}  // namespace

std::int64_t parse_compute_xtime(std::string_view spec) {
  std::string_view text = spec.substr(spec.find(':') + 1);
  std::int64_t scale = 1;
  if (!text.empty() && (text.back() == 'k' || text.back() == 'K')) {
    scale = 1000;
    text.remove_suffix(1);
  }
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || p != text.data() + text.size() || v < 0 ||
      v > 1'000'000'000) {
    throw UsageError(fmt::format(
        "--pattern: in '{}' XTIME must be a loop count 0..1000000000, optionally with a k "
        "suffix (thesis levels: 0, 10k, 20k, 40k, 80k, 160k)",
        spec));
  }
  return v * scale;
}

std::unique_ptr<ArrivalPattern> make_compute_pattern(std::int64_t xtime) {
  return std::make_unique<ComputePattern>(xtime);
}

}  // namespace papbench
