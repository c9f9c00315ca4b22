// make_pattern and validate_pattern_syntax (declared in arrival_pattern.hpp beside the interface
// they return): the one file that knows every pattern, so the patterns include the interface and
// nothing includes back.
#include <fmt/format.h>

#include <charconv>

#include "common/files.hpp"
#include "common/units.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "imbalance/pattern_compute.hpp"
#include "imbalance/pattern_random.hpp"
#include "imbalance/pattern_replay.hpp"

namespace papbench {
namespace {

struct LateSpec {
  bool root = false;
  int rank = 0;
  std::int64_t delay_ns = -1;  // -1: use --maxdelay
};

[[noreturn]] void bad_pattern(std::string_view spec) {
  throw UsageError(
      fmt::format("--pattern: '{}' is not a pattern; accepted: {}", spec, kPatternHelp));
}

LateSpec parse_late(std::string_view spec) {
  std::string_view rest = spec.substr(5);  // after "late:"
  std::string_view rank_text = rest.substr(0, rest.find(':'));
  LateSpec late;
  if (rank_text == "root") {
    late.root = true;
  } else {
    auto [p, ec] =
        std::from_chars(rank_text.data(), rank_text.data() + rank_text.size(), late.rank);
    if (ec != std::errc() || p != rank_text.data() + rank_text.size() || late.rank < 0) {
      throw UsageError(
          fmt::format("--pattern: in '{}' RANK must be a rank number or 'root'", spec));
    }
  }
  if (auto colon = rest.find(':'); colon != std::string_view::npos) {
    late.delay_ns = parse_duration_ns(rest.substr(colon + 1));
  }
  return late;
}

}  // namespace

void validate_pattern_syntax(std::string_view spec) {
  if (spec == "none" || spec == "uniform" || spec == "normal" || spec == "exponential" ||
      spec == "ramp") {
    return;
  }
  if (spec.starts_with("late:")) {
    try {
      parse_late(spec);
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("--pattern: '{}': {}", spec, e.what()));
    }
    return;
  }
  if (spec.starts_with("replay:") && spec.size() > 7) {
    // Not read yet (its rank count needs the communicator), but a FIFO or a device is refused
    // now, before MPI starts (issue 47); a capture's FILE#N names no file and passes.
    require_regular_input("--pattern replay", std::string(spec.substr(7)));
    return;
  }
  if (spec.starts_with("compute:")) {
    parse_compute_xtime(spec);
    return;
  }
  bad_pattern(spec);
}

std::unique_ptr<ArrivalPattern> make_pattern(std::string_view spec, const PatternContext& ctx) {
  validate_pattern_syntax(spec);
  if (spec == "none") return make_none_pattern();
  if (spec == "uniform") return make_uniform_pattern(ctx);
  if (spec == "normal") return make_normal_pattern(ctx);
  if (spec == "exponential") return make_exponential_pattern(ctx);
  if (spec == "ramp") return make_ramp_pattern(ctx);
  if (spec.starts_with("late:")) {
    LateSpec late = parse_late(spec);
    const int rank = late.root ? ctx.root : late.rank;
    if (rank >= ctx.size) {
      throw UsageError(fmt::format("--pattern: '{}' names rank {}, but the run has {} ranks", spec,
                                   rank, ctx.size));
    }
    return make_late_pattern(rank, late.delay_ns >= 0 ? late.delay_ns : ctx.maxdelay_ns);
  }
  if (spec.starts_with("compute:")) return make_compute_pattern(parse_compute_xtime(spec));
  return make_replay_pattern(std::string(spec.substr(7)), ctx.size);
}

}  // namespace papbench
