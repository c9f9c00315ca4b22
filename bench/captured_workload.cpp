#include "bench/captured_workload.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <exception>
#include <string>
#include <string_view>

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
