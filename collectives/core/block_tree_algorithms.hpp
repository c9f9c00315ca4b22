#pragma once
// The binomial scatters and gathers of [Proficz2020] are one algorithm in two directions whose
// trees differ (collectives/core/block_tree.hpp): Open MPI's BNOM on the in-order tree of the
// root, SBN on a tree sorted by the ranks' exchanged arrivals at every call. These Algorithms
// hold the order of steps once (a communicator of their own, the tree, the blocks moved along
// it); each algorithm's file (gather/bnom.cpp, scatter/sbn.cpp, ...) says which tree and which
// direction (the arrival-sorted trees: collectives/pat/arrival_tree_algorithm.hpp). The
// background variants (bsbn, bsls, bsln) split the moves between the PAT thread
// and the call differently in each direction and keep their own classes.

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/block_tree.hpp"

namespace papbench {

enum class BlockFlow { kScatter, kGather };

// Moves the blocks of one call along `tree`: a scatter from the root, or a gather to it.
void move_blocks(BlockFlow flow, const BlockTree& tree, const Args& a, MPI_Comm comm, int tag,
                 std::vector<std::byte>& staging);

// The tree of a root, built at prepare and again only when a call's root moves (no new
// communicator: Algorithm::run's contract).
using RootTree = BlockTree (*)(int size, int root);
std::unique_ptr<Algorithm> make_root_tree_algorithm(BlockFlow flow, RootTree tree);

}  // namespace papbench
