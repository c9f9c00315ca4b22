#include "collectives/core/registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <vector>

#include "collectives/core/registry_tables.hpp"
#include "common/errors.hpp"

namespace papbench {
namespace {

// Rows of add_test_algorithms, and whether the table has been built (after which none may come).
std::vector<AlgorithmInfo>& test_rows() {
  static std::vector<AlgorithmInfo> rows;
  return rows;
}
bool& table_built() {
  static bool built = false;
  return built;
}

std::vector<AlgorithmInfo> with_test_rows(std::vector<AlgorithmInfo> rows) {
  rows.insert(rows.end(), test_rows().begin(), test_rows().end());
  table_built() = true;
  return rows;
}

// The collectives' tables in the order of `papbench list`, docs/ALGORITHMS.md and the tests,
// which is collective_table()'s order.
constexpr std::vector<AlgorithmInfo> (*kTables[])() = {
    reduce_algorithms,
    allreduce_algorithms,
    bcast_algorithms,
    scatter_algorithms,
    gather_algorithms,
    allgather_algorithms,
    allgatherv_algorithms,
    alltoall_algorithms,
    alltoallv_algorithms,
    reduce_scatter_algorithms,
    barrier_algorithms,
    intergroup_allgather_algorithms,
    intergroup_allgatherv_algorithms,
    pingpong_algorithms,
    nonblocking_algorithms,
};

std::vector<AlgorithmInfo> every_row() {
  std::vector<AlgorithmInfo> rows;
  for (const auto table : kTables) {
    std::vector<AlgorithmInfo> more = table();
    rows.insert(rows.end(), std::make_move_iterator(more.begin()),
                std::make_move_iterator(more.end()));
  }
  return rows;
}

}  // namespace

void add_test_algorithms(std::span<const AlgorithmInfo> rows) {
  if (table_built()) {
    throw std::logic_error("add_test_algorithms: called after the registry was first read");
  }
  test_rows().insert(test_rows().end(), rows.begin(), rows.end());
}

std::span<const AlgorithmInfo> algorithm_registry() {
  // One row per algorithm, grouped by collective; the command line, experiment files, `papbench
  // list`, docs/ALGORITHMS.md's tables and the tests all read this table.
  static const std::vector<AlgorithmInfo> table = with_test_rows(every_row());
  return table;
}

std::uint64_t unstated_scratch_bytes(const ScratchShape& shape) {
  return 2 * (shape.send_bytes() + shape.recv_bytes());
}

std::uint64_t algorithm_scratch_bytes(const AlgorithmInfo& alg, const ScratchShape& shape) {
  return alg.scratch_bytes ? alg.scratch_bytes(shape) : unstated_scratch_bytes(shape);
}

std::string AlgorithmInfo::full_name() const {
  return fmt::format("{}/{}", collective, name);
}

const AlgOptionSpec* AlgorithmInfo::find_option(std::string_view option) const {
  const auto it = std::find_if(options.begin(), options.end(),
                               [&](const AlgOptionSpec& o) { return o.name == option; });
  return it == options.end() ? nullptr : &*it;
}

const AlgorithmInfo* find_algorithm(std::string_view collective, std::string_view name) {
  for (const auto& a : algorithm_registry()) {
    if (a.collective == collective && a.name == name) return &a;
  }
  return nullptr;
}

std::vector<std::string_view> algorithms_of(std::string_view collective) {
  std::vector<std::string_view> out;
  for (const auto& a : algorithm_registry()) {
    if (a.collective == collective) out.push_back(a.name);
  }
  return out;
}

std::vector<const AlgOptionSpec*> option_shorthands() {
  std::vector<const AlgOptionSpec*> out;
  for (const AlgorithmInfo& a : algorithm_registry()) {
    for (const AlgOptionSpec& o : a.options) {
      const bool seen = std::any_of(out.begin(), out.end(),
                                    [&](const AlgOptionSpec* s) { return s->flag == o.flag; });
      if (!o.flag.empty() && !seen) out.push_back(&o);
    }
  }
  return out;
}

AlgOptions resolve_options(const AlgorithmInfo& alg, const AlgOptions& given) {
  AlgOptions out;
  for (const auto& [key, text] : given) {
    const AlgOptionSpec* spec = alg.find_option(key);
    if (spec == nullptr) {
      std::vector<std::string_view> names;
      for (const AlgOptionSpec& o : alg.options) names.push_back(o.name);
      throw UsageError(
          fmt::format("--alg: {} has no option '{}'; accepted: {}", alg.full_name(), key,
                      names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
    }
    if (!spec->excludes.empty() && given.contains(std::string(spec->excludes))) {
      throw UsageError(fmt::format("--alg: {}: give either {} or {}, not both", alg.full_name(),
                                   key, spec->excludes));
    }
    try {
      out[key] = canonical_value(*spec, text);
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("--alg: {} option {}: {}", alg.full_name(), key, e.what()));
    }
    if (!spec->needs_option.empty() && !given.contains(std::string(spec->needs_option))) {
      throw UsageError(fmt::format("--alg: {} option {} needs option {} too", alg.full_name(), key,
                                   spec->needs_option));
    }
  }
  for (const AlgOptionSpec& spec : alg.options) {
    if (!spec.default_value.empty()) out.try_emplace(std::string(spec.name), spec.default_value);
  }
  return out;
}

std::unique_ptr<Algorithm> make_algorithm(const AlgorithmInfo& alg, const AlgOptions& given) {
  return alg.make(resolve_options(alg, given));
}

std::vector<std::string> effective_params(const AlgorithmInfo& alg, const AlgOptions& resolved,
                                          std::uint64_t count, std::size_t extent, int ranks) {
  std::vector<std::string> out;
  for (const AlgOptionSpec& spec : alg.options) {
    // The effective value wins over the given one: it is what the algorithm really uses (a
    // segment count clamped to the vector, say), and so what tells two cases apart.
    std::string value;
    if (spec.effective != nullptr) {
      value = spec.effective(resolved, count, extent, ranks);
    } else if (const auto it = resolved.find(std::string(spec.name)); it != resolved.end()) {
      value = it->second;
    }
    if (!value.empty()) out.push_back(fmt::format("{}={}", spec.name, value));
  }
  return out;
}

}  // namespace papbench
