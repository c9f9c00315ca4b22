#pragma once
// --setting S1..S8: [Kang2019] §5's parameter settings as a dimension of the intergroup
// collectives' case matrix. The settings themselves (ratios, k_A/k_B factors, distributions) are
// the one table in models/intergroup_model; this file checks what the user asked of them.

#include <vector>

#include "models/intergroup_model.hpp"

namespace papbench {

struct RawRunOptions;
struct RunOptions;

// Each listed setting belongs to a listed collective, none twice, each listed intergroup
// collective has at least one, and no explicit --groups, --ka-factor, --kb-factor or --dist says
// otherwise. `o` holds the already parsed collectives and block options. Throws UsageError.
std::vector<const intergroup_model::SettingInfo*> parse_settings(const RawRunOptions& raw,
                                                                 const RunOptions& o);

// What needs the run's size: whole multiples of each setting's group ratio, equal nodes (--count
// is then per node) and at least one element per rank. Throws UsageError.
void check_settings_against_size(const RunOptions& opts, int size, int nodes);

// With --setting, --count is per node: the ranks of a node that share it (size / nodes), or 0
// when nodes hold different numbers of ranks (check_settings_against_size refuses that).
int setting_ranks_per_node(int size, int nodes);

}  // namespace papbench
