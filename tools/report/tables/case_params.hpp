#pragma once
// A case's recorded params ("inter=mpich-isend,copyout=memcpy", results::CaseRecord::params) as
// key -> value, for the views that pick cases by an algorithm's options. Items without '=' carry
// no option and are skipped.

#include <algorithm>
#include <map>
#include <span>
#include <string>
#include <string_view>

namespace papbench::report {

inline std::map<std::string, std::string> parse_case_params(const std::string& params) {
  std::map<std::string, std::string> out;
  std::size_t start = 0;
  while (start < params.size()) {
    const std::size_t end = std::min(params.find(',', start), params.size());
    const std::string item = params.substr(start, end - start);
    if (const std::size_t eq = item.find('='); eq != std::string::npos)
      out[item.substr(0, eq)] = item.substr(eq + 1);
    start = end + 1;
  }
  return out;
}

// The params that say how the harness ran a case, not which variant of its algorithm it was
// (bench/run/case_runner.cpp): the PAT source, the monitoring thread, the copy-out's semantics
// note.
inline constexpr std::string_view kHarnessParams[] = {"pat-source", "bg-thread", "mpi-semantics"};

// A configuration of an algorithm as a paper's table names it: every option the algorithm
// declares, defaults spelt out, as params record them (registry effective_params).
using AlgConfiguration = std::map<std::string, std::string>;

// Whether `params` record exactly `configuration`, beside the keys of `ignored` and of
// kHarnessParams: each of its options with the same value and no other option, so that a variant
// (dynleader:kdeg=4, cleanup=deferred) never passes for the configuration a table row names.
inline bool runs_exactly(const std::map<std::string, std::string>& params,
                         const AlgConfiguration& configuration,
                         std::span<const std::string_view> ignored = {}) {
  const auto skipped = [&](const std::string& key) {
    return std::find(std::begin(kHarnessParams), std::end(kHarnessParams), key) !=
               std::end(kHarnessParams) ||
           std::find(ignored.begin(), ignored.end(), key) != ignored.end();
  };
  std::size_t compared = 0;
  for (const auto& [key, value] : params) {
    if (skipped(key)) continue;
    const auto it = configuration.find(key);
    if (it == configuration.end() || it->second != value) return false;
    ++compared;
  }
  return compared == configuration.size();
}

}  // namespace papbench::report
