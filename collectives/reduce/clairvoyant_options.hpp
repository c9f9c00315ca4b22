#pragma once
// The options of reduce/clairvoyant (AlgOptions keys segments, segsize, round-time), their
// registry declarations and the segment count they give, shared by the executor, the registry rows
// (reduce/clairvoyant, allreduce/clairvoyant-bcast) and the harness's description of a case.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/algorithm.hpp"

namespace papbench {

struct ClvOptions {
  std::optional<std::uint64_t> segments;       // N (--clv-segments)
  std::optional<std::uint64_t> segsize_bytes;  // --clv-segsize; exclusive with segments
  std::optional<std::int64_t> round_time_ns;   // d; nullopt: auto (calibrated in prepare())
};

// Reads the options as the registry resolved them (its row declares and checks segments,
// segsize and round-time, and that segments and segsize exclude each other).
ClvOptions parse_clv_options(const AlgOptions& resolved);

// The number of segments N of a `count`-element vector of `extent`-byte elements over `ranks`
// ranks: segments, or ceil(count * extent / segsize), or by default min(count, ranks) (one segment
// per process, as in [ProficzOcetkiewicz2021] §5.7); clamped to [1, count] (0 when count is 0,
// since an empty segment carries nothing).
std::size_t clv_segment_count(const ClvOptions& o, std::size_t count, std::size_t extent,
                              int ranks);

// The declarations of segments, segsize and round-time, shared by reduce/clairvoyant and
// allreduce/clairvoyant-bcast (the same shorthand flags set both).
std::span<const AlgOptionSpec> clairvoyant_option_specs();

}  // namespace papbench
