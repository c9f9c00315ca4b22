#pragma once
// Arrival patterns: the planned delay of every rank in every iteration. A delay is a pure
// function of (seed, iteration, rank), so every rank computes its own without communication and
// a run can be repeated exactly.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace papbench {

struct PatternContext {
  int size = 1;                  // ranks taking part
  int root = 0;                  // for late:root
  std::int64_t maxdelay_ns = 0;  // amplitude of the random and ramp patterns
  std::uint64_t seed = 1;
};

class ArrivalPattern {
 public:
  virtual ~ArrivalPattern() = default;
  // Planned delay of `rank` in timed iteration `iteration` (warm-up iterations are negative).
  virtual std::int64_t delay_ns(int iteration, int rank) const = 0;
  // The largest delay_ns of any rank in any iteration: the longest an early rank may wait in a
  // call for a late one (the call watchdog's default timeout is sized from it).
  virtual std::int64_t max_delay_ns() const = 0;
  // Repetitions of the Listing 3.2 loop to run after the agreed start instead of waiting
  // (compute:XTIME); 0 for every pattern that plans its delays.
  virtual std::int64_t xtime() const { return 0; }
  // The compute between post and wait of `rank` in `iteration`, where the pattern replays a
  // capture of a nonblocking site (the capture's nbc_compute_ns + nbc_test_ns of that call,
  // cycling as the delays do: the wall time from the post's return to the call that completed
  // it); -1 for every other pattern. `--overlap-compute captured` runs it (docs/CAPTURE.md).
  virtual std::int64_t overlap_compute_ns(int /*iteration*/, int /*rank*/) const { return -1; }
};

// Accepted specs: none, uniform, normal, exponential, ramp, late:RANK[:DELAY] (RANK may be
// "root"; DELAY defaults to --maxdelay), replay:FILE (CSV or papbench result set),
// compute:XTIME (the balanced loop of Listing 3.2, no planned delay).
// Throws UsageError naming the accepted forms.
std::unique_ptr<ArrivalPattern> make_pattern(std::string_view spec, const PatternContext& ctx);

// Checks a spec's syntax without knowing the communicator (for early option validation), and
// that a replay file, where it exists, is a regular file.
void validate_pattern_syntax(std::string_view spec);

inline constexpr std::string_view kPatternHelp =
    "none, uniform, normal, exponential, ramp, late:RANK[:DELAY] (RANK a number or 'root'), "
    "replay:FILE (CSV of per-iteration per-rank delays, or a papbench .h5 result set), "
    "compute:XTIME (run Parsons' balanced loop XTIME times: natural imbalance, e.g. compute:40k)";

}  // namespace papbench
