#include "bench/run/captured_workload.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <exception>
#include <string>
#include <string_view>

#include "common/units.hpp"
#include "results/result_set.hpp"

namespace papbench {
namespace {

// The spellings of papbench's --dtype and --op that a capture can hold (mpi_names.cpp); a
// derived datatype or a user-defined op stays at the option's default.
constexpr std::array<std::string_view, 13> kCapturedDtypes = {
    "int8",   "uint8", "int16", "uint16", "int",   "int32", "unsigned",
    "uint32", "long",  "int64", "uint64", "float", "double"};
constexpr std::array<std::string_view, 10> kCapturedOps = {"sum", "prod", "max",  "min", "land",
                                                           "lor", "lxor", "band", "bor", "bxor"};

// The papbench collective that replays a captured site: its own, or the nearest of the same
// shape (reduce_scatter_block's equal blocks are reduce_scatter's; gatherv and scatterv replay
// as gather and scatter of the site's first block); "" for scan and exscan, which papbench does
// not run (the run keeps its --collective).
std::string_view replay_collective(std::string_view captured) {
  if (captured == "reduce_scatter_block") return "reduce_scatter";
  if (captured == "gatherv") return "gather";
  if (captured == "scatterv") return "scatter";
  if (captured == "scan" || captured == "exscan") return "";
  return captured;
}

bool is_nonblocking_name(std::string_view c) {
  constexpr std::array<std::string_view, 7> kNonblocking = {
      "iallreduce", "ireduce", "ibcast", "iallgather", "ialltoall", "igather", "iscatter"};
  for (std::string_view n : kNonblocking) {
    if (n == c) return true;
  }
  return false;
}

bool captured_name_listed(std::string_view v, std::span<const std::string_view> names) {
  for (std::string_view n : names) {
    if (n == v) return true;
  }
  return false;
}

bool at_default(const RawRunOptions& raw, std::string RawRunOptions::*member,
                std::string_view name) {
  const RunOptionSpec* spec = find_run_option(name);
  return spec != nullptr && raw.*member == spec->default_value;
}

}  // namespace

RawRunOptions with_captured_workload(RawRunOptions raw) {
  constexpr std::string_view kReplay = "replay:";
  if (!raw.pattern.starts_with(kReplay) || raw.pattern.find(',') != std::string::npos) return raw;
  const std::string source = raw.pattern.substr(kReplay.size());
  const auto hash = source.rfind('#');
  if (hash == std::string::npos) return raw;
  int index = -1;
  const std::string idx = source.substr(hash + 1);
  auto [p, ec] = std::from_chars(idx.data(), idx.data() + idx.size(), index);
  if (ec != std::errc() || p != idx.data() + idx.size() || index < 0) return raw;
  try {
    const results::ResultReader reader(source.substr(0, hash));
    const auto& extra = reader.run_info().extra;
    const auto kind = extra.find("result_kind");
    if (kind == extra.end() || kind->second != "capture") return raw;
    if (index >= static_cast<int>(reader.cases().size())) return raw;
    const results::CaseRecord& rec = reader.cases()[static_cast<std::size_t>(index)];
    // The site's own collective: an allreduce site replays as allreduce, a nonblocking one as
    // its nonblocking collective.
    if (const std::string_view c = replay_collective(rec.collective);
        !c.empty() && at_default(raw, &RawRunOptions::collective, "--collective")) {
      raw.collective = std::string(c);
    }
    // ... with each rank's captured compute between post and wait, unless the compute is given.
    const bool any_nonblocking = std::ranges::any_of(
        split_list(raw.collective), [](const std::string& c) { return is_nonblocking_name(c); });
    if (any_nonblocking && rec.metrics.contains("nbc_compute_ns") &&
        !raw.alg_options.contains("--overlap-compute") &&
        raw.alg.find("overlap-compute=") == std::string::npos) {
      raw.alg_options["--overlap-compute"] = "captured";
    }
    if (rec.count > 0 && at_default(raw, &RawRunOptions::count, "--count")) {
      raw.count = std::to_string(rec.count);
    }
    if (captured_name_listed(rec.dtype, kCapturedDtypes) &&
        at_default(raw, &RawRunOptions::dtype, "--dtype")) {
      raw.dtype = rec.dtype;
    }
    if (captured_name_listed(rec.op, kCapturedOps) && at_default(raw, &RawRunOptions::op, "--op")) {
      raw.op = rec.op;
    }
    if (at_default(raw, &RawRunOptions::root, "--root")) raw.root = std::to_string(rec.root);
  } catch (const std::exception&) {
    // Not readable as a result set: make_replay_pattern reports it with the option's name.
  }
  return raw;
}

}  // namespace papbench
