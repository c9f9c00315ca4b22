#pragma once
// The linear scatter shared by LIN, SLIN and BSLN ([Proficz2020] §2.1 and Figs. 5-6): the root
// sends every other rank its block with a blocking send, one after another in a given order; the
// order is the whole difference between them.

#include <mpi.h>

#include <span>

#include "collectives/core/algorithm.hpp"

namespace papbench {

// Root: serves the ranks of `order` (all ranks, the root included, where it copies its block).
void linear_scatter_root(const Args& a, MPI_Comm comm, int tag, std::span<const int> order);
// Non-root: receives its block from the root.
void linear_scatter_receive(const Args& a, MPI_Comm comm, int tag);

}  // namespace papbench
