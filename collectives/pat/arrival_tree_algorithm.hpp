#pragma once
// The binomial scatter and gather on a tree sorted by the ranks' arrivals ([Proficz2020]'s SBN):
// the family of collectives/core/block_tree_algorithms.hpp whose tree comes from the PAT
// runtime's exchanged arrivals at every call.

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "collectives/core/block_tree_algorithms.hpp"

namespace papbench {

// The tree of the PAT runtime's arrivals of this call (needs --pat; `name`, "gather/sbn", is what
// the refusal without one names). Each call records the rank's slot as the metric sbn_slot: where
// the exchanged arrivals placed it (e2e.sbn_placement checks it against a known late rank).
using ArrivalTree = BlockTree (*)(std::span<const std::int64_t> arrivals, int root);
std::unique_ptr<Algorithm> make_arrival_tree_algorithm(BlockFlow flow, ArrivalTree tree,
                                                       std::string_view name);

}  // namespace papbench
