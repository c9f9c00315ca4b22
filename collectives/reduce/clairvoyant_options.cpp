#include "collectives/reduce/clairvoyant_options.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <string_view>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/shared_alg_options.hpp"

namespace papbench {

ClvOptions parse_clv_options(const AlgOptions& resolved) {
  ClvOptions o;
  if (const auto n = option_number(resolved, "segments")) o.segments = *n;
  if (const auto n = option_number(resolved, "segsize")) o.segsize_bytes = *n;
  o.round_time_ns = option_number(resolved, "round-time");  // nullopt: auto
  return o;
}

std::size_t clv_segment_count(const ClvOptions& o, std::size_t count, std::size_t extent,
                              int ranks) {
  if (count == 0) return 0;
  std::uint64_t n = std::min<std::uint64_t>(count, static_cast<std::uint64_t>(std::max(ranks, 1)));
  if (o.segments) {
    n = *o.segments;
  } else if (o.segsize_bytes) {
    const std::uint64_t bytes = static_cast<std::uint64_t>(count) * extent;
    n = (bytes + *o.segsize_bytes - 1) / *o.segsize_bytes;
  }
  return static_cast<std::size_t>(std::clamp<std::uint64_t>(n, 1, count));
}

namespace {

std::string clv_segments_effective(const AlgOptions& resolved, std::uint64_t count,
                                   std::size_t extent, int ranks) {
  return std::to_string(clv_segment_count(parse_clv_options(resolved), count, extent, ranks));
}

constexpr std::string_view kClvSegmentsSamples[] = {"1", "5", "1001"};
constexpr std::string_view kClvSegsizeSamples[] = {"300", "1Ki"};
constexpr std::string_view kClvRoundTimeSamples[] = {"20us", "1ms"};
constexpr AlgOptionSpec kClairvoyantOptions[] = {
    {.name = "segments",
     .type = OptionType::kInteger,
     .help = "number of segments N, clamped to count (default min(count, ranks))",
     .min = 1,
     .flag = "--clv-segments",
     .excludes = "segsize",
     .samples = kClvSegmentsSamples,
     .effective = clv_segments_effective},
    {.name = "segsize",
     .type = OptionType::kBytes,
     .help = "segment size in bytes instead of segments: N = ceil(count * extent / BYTES), at "
             "most count",
     .min = 1,
     .flag = "--clv-segsize",
     .excludes = "segments",
     .samples = kClvSegsizeSamples},
    {.name = "round-time",
     .type = OptionType::kDuration,
     .default_value = "auto",
     .help = "round time d of the schedule; auto calibrates one segment's transfer + combine "
             "time before each case",
     .min = 1,
     .words = kAutoWord,
     .flag = "--clv-round-time",
     .samples = kClvRoundTimeSamples},
};

}  // namespace

std::span<const AlgOptionSpec> clairvoyant_option_specs() {
  return kClairvoyantOptions;
}

}  // namespace papbench
