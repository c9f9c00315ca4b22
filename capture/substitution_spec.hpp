#pragma once
// What `papbench capture --substitute` (and PAPBENCH_SUBSTITUTE) asks for: which of the
// application's collectives a papbench algorithm serves in place of the MPI library's
// (docs/CAPTURE.md, "papbench's algorithms inside the application"). Parsed and checked against
// the registry alike by the command, before the application starts, and by the capture library
// at MPI_Init, so that both refuse the same text with the same words.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/registry.hpp"

namespace papbench::capture {

// The collectives whose C calls can be substituted (intracommunicator): the blocking ones, and
// the nonblocking ones papbench has schedules of its own for (collectives/nonblocking/), which the
// application's own waits and tests then move on (substitution_nbc.cpp).
inline constexpr std::string_view kSubstitutableCollectives[] = {
    "reduce", "bcast", "scatter", "gather", "allreduce", "iallreduce", "ibcast"};

// One --substitute: `[site=SITE:]COLLECTIVE=ALG[:key=value...]`. Without a site every call of
// the collective; with one the calls made from SITE as `papbench-report pap` names it
// (symbol+offset; a --sites "#hash" suffix is not part of it).
struct SubstitutionRule {
  std::string site;        // "" for every call of the collective
  std::string collective;  // one of kSubstitutableCollectives
  const AlgorithmInfo* algorithm = nullptr;
  AlgOptions options;  // resolved (resolve_options)
  std::string text;    // as given
};

// Each item parsed and checked: UsageError naming `option`, the item and what is accepted (the
// collectives, the collective's algorithms that can serve an application, the row's options).
// An algorithm that needs the PAT runtime is refused: an application has no compute phase the
// runtime could learn arrivals from. A collective (or a site's collective) named twice is
// refused too.
std::vector<SubstitutionRule> parse_substitutions(std::span<const std::string> items,
                                                  std::string_view option);
// The registry rows of `collective` a substitution may name, in table order.
std::vector<std::string_view> substitutable_algorithms(std::string_view collective);

// The items as one environment value (PAPBENCH_SUBSTITUTE) and back: newline-separated, a
// character that no site name or option holds.
std::string join_substitutions(std::span<const std::string> items);
std::vector<std::string> split_substitutions(std::string_view value);

}  // namespace papbench::capture
