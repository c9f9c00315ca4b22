#include "bench/run/resume.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

#include "bench/run/case_runner.hpp"
#include "bench/run/run_option_spec.hpp"
#include "common/errors.hpp"
#include "results/result_set.hpp"

namespace papbench {
namespace {

// Same file, whichever way it is named; a path that does not exist compares as written.
bool same_path(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec)) return true;
  auto normal = [](const std::string& p) {
    std::error_code err;
    return std::filesystem::absolute(p, err).lexically_normal();
  };
  return normal(a) == normal(b);
}

}  // namespace

RunFingerprint run_fingerprint(const RawRunOptions& raw, int ranks, int nodes,
                               const std::string& mpi_library, const std::string& build) {
  RunFingerprint f{
      {"MPI processes", std::to_string(ranks)},
      {"nodes", std::to_string(nodes)},
      {"MPI library", mpi_library},
      {"papbench build", build},
  };
  static const RawRunOptions defaults;
  for (const RunOptionSpec& spec : run_option_specs()) {
    if (!spec.resume_may_differ.empty()) continue;
    std::string value = run_option_text(spec, raw);
    // Files written before such an option existed lack it; a run leaving it at its default
    // still resumes them (--setting).
    if (spec.compared_unless_default && value == run_option_text(spec, defaults)) continue;
    f[std::string(spec.name)] = std::move(value);
  }
  // Algorithm shorthand flags exist only when given; an absent one reads as "(not given)".
  for (const auto& [name, value] : raw.alg_options) f[name] = value;
  return f;
}

std::string fingerprint_to_json(const RunFingerprint& f) {
  return nlohmann::json(f).dump();
}

void check_recordable(const RunFingerprint& f, const std::string& command_line) {
  const std::size_t json = fingerprint_to_json(f).size();
  if (json <= kMaxRecordedText && command_line.size() <= kMaxRecordedText) return;
  // The option to shorten: the longest value (a typed-out list; a range says the same in a few
  // characters).
  auto longest = f.begin();
  for (auto it = f.begin(); it != f.end(); ++it) {
    if (it->second.size() > longest->second.size()) longest = it;
  }
  const std::string option = longest == f.end() ? "the command line" : longest->first;
  const std::size_t size = longest == f.end() ? 0 : longest->second.size();
  throw UsageError(fmt::format(
      "{}: {} characters as typed; the result file records the options as typed, at most {} "
      "characters in all (HDF5's attribute limit; here {}): give the values as a range (e.g. "
      "--count 1:15000:+1) or split the run",
      option, size, kMaxRecordedText, std::max(json, command_line.size())));
}

RunFingerprint fingerprint_from_json(const std::string& text, const std::string& path) {
  try {
    return nlohmann::json::parse(text).get<RunFingerprint>();
  } catch (const nlohmann::json::exception&) {
    throw UsageError(fmt::format(
        "--resume: '{}' holds a damaged run_options attribute; cannot tell whether this run "
        "matches it",
        path));
  }
}

std::vector<std::string> fingerprint_differences(const RunFingerprint& recorded,
                                                 const RunFingerprint& now,
                                                 const std::string& path) {
  auto shown = [](const RunFingerprint& f, const std::string& key) {
    const auto it = f.find(key);
    return it == f.end() ? std::string("(not given)") : fmt::format("'{}'", it->second);
  };
  std::vector<std::string> out;
  RunFingerprint keys = recorded;
  keys.insert(now.begin(), now.end());
  for (const auto& [key, unused] : keys) {
    const auto a = recorded.find(key);
    const auto b = now.find(key);
    if (a != recorded.end() && b != now.end() && a->second == b->second) continue;
    out.push_back(fmt::format("{}: '{}' has {}, this run {}", key, path, shown(recorded, key),
                              shown(now, key)));
  }
  return out;
}

void apply_resume_option(const RawRunOptions& raw, RunOptions& opts) {
  if (raw.resume.empty()) return;
  if (raw.force) {
    throw UsageError(
        "--resume: continues the file and never overwrites it; --force cannot go with it");
  }
  if (!raw.out.empty() && !same_path(raw.out, raw.resume)) {
    throw UsageError(fmt::format(
        "--resume: writes into '{}', but --out names '{}'; drop --out or give the same file",
        raw.resume, raw.out));
  }
  opts.out = raw.resume;
  opts.resume = true;
}

ResumePlan plan_resume(const RunOptions& opts, const std::vector<Case>& cases, int ranks,
                       const RunFingerprint& now) {
  const std::string& path = opts.out;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw UsageError(fmt::format("--resume: '{}' is not an existing file", path));
  }
  std::optional<results::ResultReader> reader;
  try {
    reader.emplace(path);
  } catch (const results::FormatError& e) {
    throw UsageError(fmt::format("--resume: {}", e.what()));
  }
  if (reader->format_major() != results::kFormatMajor ||
      reader->format_minor() > results::kFormatMinor) {
    throw UsageError(fmt::format(
        "--resume: '{}' is format {}.{}; this papbench appends to format {}.{} and older minor "
        "versions only (resume it with the papbench that wrote it)",
        path, reader->format_major(), reader->format_minor(), results::kFormatMajor,
        results::kFormatMinor));
  }
  const auto& extra = reader->run_info().extra;
  const auto recorded = extra.find("run_options");
  if (recorded == extra.end()) {
    throw UsageError(fmt::format(
        "--resume: '{}' does not record its run options (written before format 1.6), so this "
        "run cannot be checked against it",
        path));
  }
  const std::vector<std::string> diff =
      fingerprint_differences(fingerprint_from_json(recorded->second, path), now, path);
  if (!diff.empty()) {
    throw UsageError(fmt::format(
        "--resume: the run options differ from those '{}' was written with, so its cases would "
        "not measure the same thing:\n  {}\n(only --out, --progress, --counters-strict, "
        "--call-timeout and --one-rank may differ; start a new file for a different run)",
        path, fmt::join(diff, "\n  ")));
  }

  std::map<std::string, int> held;
  ResumePlan plan;
  for (const auto& c : reader->cases()) {
    ++held[c.match_key()];
    plan.session = std::max(plan.session, c.session + 1);
  }
  plan.done.assign(cases.size(), 0);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    int& n = held[describe_case(cases[i], opts, ranks).match_key()];
    if (n > 0) {
      plan.done[i] = 1;
      --n;
    }
  }
  return plan;
}

}  // namespace papbench
