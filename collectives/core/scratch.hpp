#pragma once
// What an algorithm holds beside the workload's buffers, stated by its registry row
// (AlgorithmInfo::scratch_bytes) so that the memory check (bench/run/buffer_memory.hpp) counts a
// case's real peak before anything is allocated (issue 43, item 4: Bruck's copy of the whole
// receive vector, a tree's staging of a subtree, the UHA's node-shared copies).
//
// A row's formula gives one rank's peak bytes: its scratch vectors and staging, and its part of
// the node-shared and RMA windows it allocates (a window held by local rank 0 counts there only,
// so that a node's sum is the node's real use). Only buffers that grow with the count are
// counted: arrays of O(P) ints, requests and the windows' control lines are left out, as small
// beside them. Memory is counted as allocated, whether or not its pages are touched; scratch
// that prepare() holds and scratch that one call grows are counted alike, for every case of an
// --order group (their algorithms live together).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/node_shared.hpp"  // round_to_line, kCacheLine: slots as allocated

namespace papbench {

// The inputs of a scratch formula: one rank's part of one case, from the same shared inputs on
// every rank, so no MPI call is needed to evaluate it.
struct ScratchShape {
  std::uint64_t count = 0;       // Args::count
  std::uint64_t send_elems = 0;  // this rank's send buffer as Workload lays it out
  std::uint64_t recv_elems = 0;  // ... and its receive buffer
  std::size_t elem_size = 1;     // the datatype's extent in bytes
  int ranks = 1;                 // of the algorithm's communicator (intergroup: the own group)
  int rank = 0;
  int root = 0;                   // rooted collectives; 0 otherwise
  int remote_ranks = 0;           // intergroup: the other group's size
  std::uint64_t group_elems = 0;  // intergroup: the own group's blocks together
  // The case's (real or --virtual-ppn) nodes: this rank's node, its size and the rank's local
  // rank there, the largest node, and how many nodes.
  int node = 0;  // this rank's node, 0 .. nodes - 1
  int node_ranks = 1;
  int local_rank = 0;
  int max_node_ranks = 1;
  int nodes = 1;
  const AlgOptions* options = nullptr;  // the row's resolved options; never null when called

  std::uint64_t vector_bytes() const { return count * elem_size; }  // one block of `count`
  std::uint64_t send_bytes() const { return send_elems * elem_size; }
  std::uint64_t recv_bytes() const { return recv_elems * elem_size; }
  std::uint64_t group_bytes() const { return group_elems * elem_size; }
  // All P blocks of `count` (Bruck's copies, the root's staging of a whole tree).
  std::uint64_t all_blocks_bytes() const {
    return static_cast<std::uint64_t>(ranks) * vector_bytes();
  }
  bool node_holder() const { return local_rank == 0; }  // holds the node-shared windows
};

// The UHA family's node block (collectives/uha): every node's ranks padded to the largest node,
// max_node_ranks * count elements, in bytes.
inline std::uint64_t uha_node_block_bytes(const ScratchShape& s) {
  return static_cast<std::uint64_t>(s.max_node_ranks) * s.vector_bytes();
}

// The two node-shared slots of `slot_bytes` each that the leaders' result lands in, for the rows
// with option copyout (uha/copy_out.cpp prepare, uha/driver.cpp SharedSlots): an MPI window of
// exactly that, or with copyout=cow a memory file (NodeSharedFile) whose slots start on pages,
// each rounded up to whole pages, one page at least.
std::uint64_t uha_result_slots_bytes(const ScratchShape& s, std::uint64_t slot_bytes);

// The formulas several rows share.
inline std::uint64_t no_scratch(const ScratchShape& /*shape*/) {
  return 0;
}
// A copy of all P blocks on every rank: allgather and alltoall mpich-bruck, scatter
// mpich-binomial (each reserves P * count elements in prepare, whatever the rank).
inline std::uint64_t all_blocks_scratch(const ScratchShape& s) {
  return s.all_blocks_bytes();
}
// The MPI library's own algorithm, whose allocations papbench cannot see: as much as MPICH's
// variants of the same collective hold (a receive vector's copy for Bruck allgather and
// alltoall, a subtree's staging up to all P blocks for binomial gather and scatter).
inline std::uint64_t library_scratch(const ScratchShape& s) {
  return std::max({s.recv_bytes(), s.send_bytes(), s.vector_bytes()});
}
// Binomial trees over block_tree.hpp (tree_scatter_*, tree_gather_*): staging_for grows one
// vector to the largest subtree a rank has forwarded (a leaf stages nothing), the root's to all
// P blocks unless its buffer is already in slot order (bnom with root 0).
enum class TreeStaging {
  kRotatedLowbit,  // bnom: lowbit_tree of rotated slots, rank r at slot (r - root) mod P
  kAnyLowbit,      // scatter sbn, bsbn: lowbit_tree, slots by arrival: any slot's subtree
  kAnyHighbit,     // gather sbn, bsbn: highbit_tree, slots by arrival: any slot's subtree
};
std::uint64_t binomial_tree_staging(const ScratchShape& s, TreeStaging tree);

// The scratch of the registry row `collective`/`algorithm` with its default options, run by the
// node leaders of a hierarchical algorithm on node blocks of `block_bytes` bytes (MPI_BYTE), with
// send and receive buffers of the sizes given: one leader per node, `shape.nodes` of them, this
// one at rank `shape.node`. A name the registry lacks counts as unstated_scratch_bytes.
std::uint64_t leaders_scratch(std::string_view collective, std::string_view algorithm,
                              const ScratchShape& shape, std::uint64_t block_bytes,
                              std::uint64_t send_bytes, std::uint64_t recv_bytes);

}  // namespace papbench
