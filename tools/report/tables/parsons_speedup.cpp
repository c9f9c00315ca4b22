#include "tools/report/tables/parsons_speedup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/errors.hpp"
#include "common/units.hpp"
#include "imbalance/pattern_compute.hpp"

namespace papbench::report::parsons {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// After every xtime level (the thesis' largest is 160000) whatever the delay of another pattern.
constexpr std::int64_t kOtherPatterns = std::int64_t{1} << 40;

}  // namespace

std::map<GridCell, double> cell_ratios(const CellTimes& baseline, const CellTimes& candidate) {
  std::map<GridCell, double> out;
  for (const auto& [cell, base_ns] : baseline) {
    const auto it = candidate.find(cell);
    if (it == candidate.end() || !(it->second > 0) || !std::isfinite(base_ns)) continue;
    out.emplace(cell, base_ns / it->second);
  }
  return out;
}

Speedup speedup_over(const CellTimes& baseline, const CellTimes& candidate) {
  const std::map<GridCell, double> ratios = cell_ratios(baseline, candidate);
  Speedup s;
  s.cells = ratios.size();
  s.baseline_only = baseline.size() - ratios.size();
  s.candidate_only = static_cast<std::size_t>(
      std::count_if(candidate.begin(), candidate.end(),
                    [&](const auto& kv) { return !baseline.contains(kv.first); }));
  if (ratios.empty()) {
    s.mean = s.max = kNaN;
    return s;
  }
  double sum = 0;
  s.max = 0;
  for (const auto& [cell, r] : ratios) {
    sum += r;
    s.max = std::max(s.max, r);
  }
  s.mean = sum / static_cast<double>(ratios.size());
  return s;
}

double mean_of_finite(std::span<const double> values) {
  double sum = 0;
  int n = 0;
  for (const double v : values) {
    if (!std::isfinite(v)) continue;
    sum += v;
    ++n;
  }
  return n == 0 ? kNaN : sum / n;
}

ImbalanceLevel imbalance_level(std::string_view pattern, std::int64_t maxdelay_ns,
                               const std::optional<std::int64_t>& replayed_xtime) {
  if (pattern.starts_with("compute:")) {
    try {
      const std::int64_t x = parse_compute_xtime(pattern);
      return {x, fmt::format("xtime {}", x)};
    } catch (const UsageError&) {
      // Not a level papbench could have run; named by its text below.
    }
  }
  if (pattern.starts_with("replay:") && replayed_xtime) {
    return {*replayed_xtime, fmt::format("xtime {} (replay)", *replayed_xtime)};
  }
  if (pattern == "none" || maxdelay_ns == 0) return {kOtherPatterns, std::string(pattern)};
  return {kOtherPatterns + maxdelay_ns,
          fmt::format("{} {}", pattern, format_duration_compact(maxdelay_ns))};
}

}  // namespace papbench::report::parsons
