#pragma once
// `papbench-report model scatter-gather FILE`: Hockney alpha and beta fitted to the file's
// ping-pong cases, then every scatter/gather case measured beside [Proficz2020] Eqs. 3-24
// (docs/MODEL.md).

#include <optional>
#include <string>
#include <vector>

#include "models/hockney_fit.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

// Which round trip of a ping-pong case stands for it.
enum class PingpongStat { kMin, kMedian };

struct ModelOptions {
  PingpongStat pingpong_stat = PingpongStat::kMin;
  // Fit two Hockney segments, messages up to and above this many bytes (an eager limit).
  std::optional<double> split_bytes;
};

// The usable ping-pong cases of a result set (at least two ranks, no planned delay, a known
// datatype, not failed) as one-way times for Hockney's fit: rank 0's round trip / 2, the fastest
// (kMin) or median of the iterations. `cases` holds each point's case index; `skipped` says why
// the other ping-pong cases were left out ("[3] (delayed arrivals)").
struct PingpongSamples {
  std::vector<PingpongPoint> points;
  std::vector<std::size_t> cases;
  std::vector<std::string> skipped;
};
PingpongSamples pingpong_samples(const ResultFile& file, PingpongStat stat);

// The scatter/gather cases come from `file`, the ping-pong cases from `pingpong_file` (the same
// object when the user names no other file). Throws UsageError when it holds no usable ping-pong
// case (at least two ranks, no planned delay, two distinct message sizes, per segment when split).
Report build_model_scatter_gather(const ResultFile& file, const ResultFile& pingpong_file,
                                  const ModelOptions& options);

}  // namespace papbench::report
