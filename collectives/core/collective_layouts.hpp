#pragma once
// Internal to the workload: the collective table and, beside each row, the function that lays
// out that collective's buffers and expected output for one rank.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "collectives/core/workload.hpp"

namespace papbench::layout {

// A run of `len` output elements that must equal input `src`'s elements from `src_start` on
// (data movement), or the reduction over all ranks of elements from `src_start` on.
struct Block {
  int label;  // the block number reported on failure
  std::size_t offset, len;
  std::uint64_t src, src_start;
};

// The shared inputs of a case and this rank's place in them (root is 0 when not rooted).
struct Inputs {
  const CollectiveInfo& collective;
  MPI_Comm comm;
  int rank;
  int size;
  int root;
  std::uint64_t count;
  IntergroupShape shape;
};

// One rank's buffers: their lengths in elements, the v-variants' counts and displacements, the
// input it holds, and what check() compares.
struct Layout {
  std::size_t send_elems = 0, recv_elems = 0;
  int report_rank = 0;            // rank named in failure messages (global index for intergroup)
  std::uint64_t fill_src = 0;     // whose input this rank holds
  bool fill_recv = false;         // bcast: the input lives in the one (receive) buffer
  bool send_is_recv = false;      // bcast: MPI_Bcast has one buffer; send aliases it
  bool sets_send_count = false;   // v-variants whose send count is not Args::count
  std::uint64_t args_count = 0;   // Args::count: the count, or the remote block (intergroup)
  std::uint64_t group_elems = 0;  // intergroup: the own group's blocks together (for scratch)
  std::vector<int> counts, displs, recv_counts, recv_displs;
  std::vector<Block> expect;
};

// Throws std::overflow_error when a count, displacement or buffer length would not fit in an
// int, on every rank alike, and std::invalid_argument for an unknown collective.
Layout lay_out(const Inputs& in);

}  // namespace papbench::layout
