#pragma once
// What a collective needs around an algorithm: its buffers with deterministic input, and an exact
// check of the output. One Workload per case; reset() and check() are outside the timed region.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench {

struct CollectiveInfo {
  std::string_view name;
  std::string_view summary;
  bool rooted;      // takes --root
  bool uses_op;     // takes --op
  bool intergroup;  // runs on an intercommunicator of two groups (--groups p:q)
};

std::span<const CollectiveInfo> collective_table();
const CollectiveInfo* find_collective(std::string_view name);

struct DatatypeInfo {
  std::string_view name;
  MPI_Datatype type;
  std::size_t size;
  bool floating;
};
std::span<const DatatypeInfo> datatype_table();
const DatatypeInfo* find_datatype(std::string_view name);

struct OpInfo {
  std::string_view name;
  MPI_Op op;
  bool integer_only;  // bitwise/logical ops
};
std::span<const OpInfo> op_table();
const OpInfo* find_op(std::string_view name);

// MPI defines the logical and bitwise ops for integer types only.
bool op_applies(const OpInfo& op, const DatatypeInfo& dtype);

// Block sizes of the v-variants (docs/ALGORITHMS.md), uneven and including zeros so that
// algorithms meet empty blocks: rank i's block of allgatherv and reduce_scatter, and remote rank
// i's block of intergroup_allgatherv, is max(0, count + i % 3 - 1); alltoallv's block from rank
// i to rank j is max(0, count + (i + 2 j) % 3 - 1).
std::uint64_t vblock_count(std::uint64_t count, int i);

// Block sizes of the intergroup collectives ([Kang2019] §5): each group's nominal block is the
// count times its factor (--ka-factor for A, --kb-factor for B), rounded to the nearest element,
// halves up. intergroup_allgatherv spreads it over the group's ranks as `dist` says (--dist):
// uneven: vblock_count(nominal, i), the tests' blocks with zeros; equal: nominal each;
// arith-code: 2 (i + 1) ceil(nominal / P) (the authors' code, [Kang2019] settings 6 and 8);
// arith-literal: nominal * i (§5 as printed: "rank i sends k i"; rank 0 sends nothing).
// every-other is alltoallv's alone ([Parsons2015] §2.5, alltoallv_block_count); the other words
// leave alltoallv's blocks as the tests make them.
enum class BlockDist { kUneven, kEqual, kArithCode, kArithLiteral, kEveryOther };
std::string_view block_dist_name(BlockDist dist);
BlockDist parse_block_dist(std::string_view text);  // UsageError naming --dist otherwise
struct IntergroupShape {
  double ka = 1.0, kb = 1.0;
  BlockDist dist = BlockDist::kUneven;
};
std::uint64_t group_block(std::uint64_t count, double factor);
// Local rank i's block in a group of `ranks` whose nominal block is `nominal`.
std::uint64_t intergroup_vblock(std::uint64_t nominal, int i, int ranks, BlockDist dist);
// alltoallv's block from rank `from` to rank `to`: the tests' max(0, count + (from + 2 to) mod 3
// - 1) (zeros and both neighbours of count), or with --dist every-other [Parsons2015] §2.5's
// "every other buffer length was shortened by one integer": count - (from + to) mod 2, so that
// both a rank's send and its receive blocks alternate (which of the two the thesis shortened is
// not said; our decision, docs/REPRODUCING.md).
std::uint64_t alltoallv_block_count(std::uint64_t count, int from, int to,
                                    BlockDist dist = BlockDist::kUneven);

// What one rank of a case holds in memory, so that a case that cannot fit is refused before
// anything is allocated (bench/run/buffer_memory.hpp).
struct WorkloadFootprint {
  std::uint64_t buffer_elems = 0;  // the send and receive buffers, as Workload allocates them
  // The scratch of the case's algorithm, as its registry row states it (AlgorithmInfo::
  // scratch_bytes: vectors, staging, its part of node-shared windows); 0 when no algorithm is
  // given.
  std::uint64_t scratch_bytes = 0;
  // Workload's count and displacement arrays and the check's table of expected blocks (what it
  // validates against: the expected values are computed, not copied).
  std::uint64_t index_bytes = 0;
  // elem_size: the datatype's, as the footprint was computed with.
  std::uint64_t bytes(std::size_t elem_size) const {
    return buffer_elems * elem_size + scratch_bytes + index_bytes;
  }
};

struct AlgorithmInfo;
// The algorithm whose scratch a footprint adds, and where this rank sits among the case's (real
// or --virtual-ppn) nodes (collectives/core/scratch.hpp, ScratchShape).
struct FootprintAlgorithm {
  const AlgorithmInfo* info = nullptr;
  const AlgOptions* resolved = nullptr;  // the row's options, resolved (resolve_options)
  std::size_t elem_size = 1;
  int node = 0, node_ranks = 1, local_rank = 0, max_node_ranks = 1, nodes = 1;
};

// Throws std::overflow_error where Workload(collective, comm, root, ..., count) would for a count,
// displacement or buffer length beyond an int, without allocating (root must be a rank of comm).
// Returns what the case would hold on this rank (above), with `alg`'s scratch where given.
WorkloadFootprint workload_footprint(const CollectiveInfo& collective, MPI_Comm comm, int root,
                                     std::uint64_t count, const IntergroupShape& shape = {},
                                     const FootprintAlgorithm* alg = nullptr);

class Workload {
 public:
  // comm: the communicator the algorithm runs on (an intercommunicator for intergroup ones).
  // count: elements per rank block (see docs/ALGORITHMS.md for each collective's meaning).
  // Throws std::invalid_argument for a combination MPI does not define (root out of range, a
  // bitwise op on floats, an intracommunicator for an intergroup collective or the reverse) and
  // std::overflow_error when a count, displacement or buffer length would not fit in an int.
  // Not collective: every rank computes the whole layout from the shared inputs.
  // shape: the intergroup collectives' block sizes (ignored by the others). intergroup_allgather
  // then has Args::send_count = this group's block and Args::count = the remote group's.
  Workload(const CollectiveInfo& collective, MPI_Comm comm, int root, const DatatypeInfo& dtype,
           const OpInfo& op, std::uint64_t count, const IntergroupShape& shape = {});
  ~Workload();
  Workload(const Workload&) = delete;
  Workload& operator=(const Workload&) = delete;

  const Args& args() const { return args_; }
  // Refills the input and poisons the output so a validated iteration cannot pass on stale data.
  void reset();
  // For buffers reused warm (--buffers warm): poisons only the first and last element of every
  // block this rank's check reads, a few cache lines instead of the buffer, so that a checked
  // call that leaves a block unwritten still fails although the rest of the buffer holds the
  // last call's correct result. Nothing on a rank whose checked output is its own input (the
  // bcast root), which no call writes and which must stay intact for the next call.
  void poison_block_ends();
  // Local check of this rank's output; on failure `why` says the first wrong element. `result`:
  // where the output lies (Algorithm::result_view), laid out as the receive buffer; null: the
  // receive buffer itself.
  bool check(std::string* why, const void* result = nullptr) const;

 private:
  struct Buffers;
  std::unique_ptr<Buffers> buffers_;
  Args args_;
};

}  // namespace papbench
