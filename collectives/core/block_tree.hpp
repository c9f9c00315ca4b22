#pragma once
// Binomial trees over "slots" for the rooted block collectives (scatter, gather), and the
// point-to-point code that moves rank blocks along them. A tree is a shape over slots 0..P-1 (slot
// 0 is the root) plus a mapping slot -> rank: Open MPI's in-order binomial tree uses slot = (rank -
// root) mod P, the PAP-aware trees of [Proficz2020] place ranks by arrival time. Every P and root
// work; subtrees are cut at P, never padded.

#include <mpi.h>

#include <cstddef>
#include <span>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench {

// Byte layout of the per-rank blocks of one scatter/gather call (count elements each).
struct RankBlockBytes {
  explicit RankBlockBytes(const Args& a);  // throws std::overflow_error for counts above INT_MAX
  int count = 0;                           // elements per block
  std::size_t bytes = 0;                   // bytes per block
  MPI_Aint extent = 0;                     // of the datatype
  std::byte* at(void* base, std::size_t block) const {
    return static_cast<std::byte*>(base) + block * bytes;
  }
  const std::byte* at(const void* base, std::size_t block) const {
    return static_cast<const std::byte*>(base) + block * bytes;
  }
  // MPI count of `blocks` whole blocks.
  int elements(std::size_t blocks) const;
};

struct BlockTree {
  std::vector<int> rank_of;  // slot -> rank
  std::vector<int> slot_of;  // rank -> slot
  std::vector<int> parent;   // slot -> parent slot; -1 for slot 0
  // slot -> child slots in the order the slot talks to them (scatter: sends, gather: receives).
  std::vector<std::vector<int>> children;
  // slot -> the slots whose blocks a slot's buffer holds, in buffer order: the slot itself, then
  // each child's list in communication order.
  std::vector<std::vector<int>> blocks;

  // slot -> offset, in blocks, of the slot's list inside its parent's buffer.
  std::vector<std::size_t> offset;

  int size() const { return static_cast<int>(rank_of.size()); }
};

std::size_t next_pow2(std::size_t p);  // 1 for p <= 1

// The lowbit binomial tree: slot x > 0 hangs under x - lowbit(x) and owns the slots [x, min(x +
// lowbit(x), P)). Children are x+1, x+2, x+4, ... (Open MPI's in-order tree talks to them smallest
// subtree first) or the reverse (MPICH and [Proficz2020]'s SBN scatter: largest first).
BlockTree lowbit_tree(std::vector<int> rank_of, bool largest_first);

// The highbit binomial tree of [Proficz2020]'s SBN gather (Fig. 11; docs/ALGORITHMS.md, Errata: SBN
// gather): slot x > 0 hangs under x - highbit(x); its children are x + i for i = k/2, k/4, ... >
// highbit(x) (k = next_pow2(P), highbit(0) := k), largest distance first.
BlockTree highbit_tree(std::vector<int> rank_of);

// slot -> rank of Open MPI's trees: slot = (rank - root) mod P.
std::vector<int> rotated_slots(int size, int root);

// Scatter along `tree` on `comm` (the algorithm's own communicator), split so the background
// variants can run the non-root part in the PAT thread. `staging` is scratch the caller keeps
// between calls. root: sends its children their subtrees and copies its own block.
void tree_scatter_root(const BlockTree& tree, const Args& a, MPI_Comm comm, int tag,
                       std::vector<std::byte>& staging);
// non-root: receives its subtree from its parent, forwards the children's parts, keeps its block.
void tree_scatter_nonroot(const BlockTree& tree, const Args& a, MPI_Comm comm, int tag,
                          std::vector<std::byte>& staging);

// Gather along `tree`: receives the children's subtrees into `staging` behind this slot's own
// block (whose place stays free), or, at a root whose tree lists slots in rank order, straight
// into the receive buffer.
void tree_gather_receive(const BlockTree& tree, const Args& a, MPI_Comm comm, int tag,
                         std::vector<std::byte>& staging);
// Then: a non-root adds its own block and sends everything to its parent; the root puts every
// block at its rank's place in the receive buffer.
void tree_gather_finish(const BlockTree& tree, const Args& a, MPI_Comm comm, int tag,
                        std::vector<std::byte>& staging);

}  // namespace papbench
