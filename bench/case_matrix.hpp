#pragma once
// The cartesian product of the list options: one Case per combination that makes sense for its
// collective (no root for unrooted collectives, no op for ones without reduction, ...).

#include <cstdint>
#include <string>
#include <vector>

#include "bench/run_options.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"

namespace papbench {

struct Case {
  const CollectiveInfo* collective = nullptr;
  const AlgorithmInfo* algorithm = nullptr;
  AlgOptions alg_options;  // given for this variant (variant_options), not yet resolved
  std::uint64_t count = 0;
  const DatatypeInfo* dtype = nullptr;
  const OpInfo* op = nullptr;  // null when the collective takes no op
  int root = 0;
  std::string pattern;
  std::int64_t maxdelay_ns = 0;
  std::int64_t compute_ns = 0;
};

// Same order on every rank; with opts.shuffle a seeded permutation of it.
std::vector<Case> expand_cases(const RunOptions& opts);

}  // namespace papbench
