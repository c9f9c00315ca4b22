#pragma once
// The linear synchronized gather shared by LS, SLS and BSLS ([Proficz2020] §2.1, Figs. 9-10;
// [OpenMPI] gather_intra_linear_sync): a leaf waits for an empty message from the root, then sends
// its block in two parts; the root, rank by rank in a given order, posts the first part's receive,
// sends the sync message, posts the second part's receive and waits for the first. The sync message
// lets the root choose the order in which leaves send.

#include <mpi.h>

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "collectives/core/algorithm.hpp"

namespace papbench {

// The resolved "first-segment" option (declared in the registry rows of ls, sls and bsls):
// "auto" gives nullopt, else a byte count.
std::optional<std::size_t> parse_first_segment(const AlgOptions& resolved);
// First part of a block, in elements: `bytes`, or with nullopt Open MPI's fixed rule (32768 B
// when the block exceeds 92160 B, else 1024 B); whole elements, at least one, at most the block.
int ls_first_segment(const Args& a, std::optional<std::size_t> bytes);

// Root: collects the ranks of `order` (all ranks; at its own place it copies its block).
void linear_sync_root(const Args& a, MPI_Comm comm, int tag, std::span<const int> order, int first);
void linear_sync_leaf(const Args& a, MPI_Comm comm, int tag, int first);

}  // namespace papbench
