#pragma once
// The cartesian product of the list options: one Case per combination that makes sense for its
// collective (no root for unrooted collectives, no op for ones without reduction, ...).

#include <cstdint>
#include <string>
#include <vector>

#include "bench/run/run_options.hpp"
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
  StartSync sync = StartSync::kWindow;
  // Intergroup collectives: the [Kang2019] setting the case is (null: none), the size of group A
  // (0: half/half) and the blocks per group, from the setting or else from the run options.
  const intergroup_model::SettingInfo* setting = nullptr;
  int groups_p = 0;
  IntergroupShape shape;
  // What the case's set-up fills on the busiest node, all its ranks together (buffers and
  // scratch, WorkloadFootprint): set by check_counts_fit, for the set-up's time limit.
  std::uint64_t node_fill_bytes = 0;
};

// Same order on every rank; with opts.shuffle a seeded permutation of it. `ranks` and `nodes`
// are the run's (check_against_size has accepted them); only --setting needs them, to size the
// groups from the setting's ratio and to turn its per-node --count into blocks per rank.
std::vector<Case> expand_cases(const RunOptions& opts, int ranks = 0, int nodes = 1);

// A [Kang2019] setting as papbench runs it: group A's size on `ranks` ranks (a multiple of the
// setting's p + q) and the blocks per group (its factors and distribution).
int setting_groups_p(const intergroup_model::SettingInfo& s, int ranks);
IntergroupShape setting_block_shape(const intergroup_model::SettingInfo& s);

// Group A's size of an intergroup case on `ranks` ranks.
int case_groups_p(const Case& c, int ranks);

}  // namespace papbench
