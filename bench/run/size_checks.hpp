#pragma once
// The run options against the world: what only MPI's communicator size and the node count can
// decide. Above both run_options and setting_options, so neither includes the other.

#include "bench/run/run_options.hpp"

namespace papbench {

// Checks what needs the communicator size and node count (roots, groups, the settings, the
// algorithms' rank and node restrictions); `nodes` counts the nodes of --virtual-ppn when given.
// Throws UsageError.
void check_against_size(const RunOptions& opts, int size, int nodes);
// One algorithm's AlgRestrictions (P limits, node count); throws UsageError naming --alg.
void check_restrictions(const AlgorithmInfo& a, int size, int nodes);

}  // namespace papbench
