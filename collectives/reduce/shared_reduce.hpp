#pragma once
// The intra-node phase of the hierarchical reduces ([Parsons2015] §3.7.1): every process of a
// node reduces its vector into one buffer in node-shared memory and may leave at once; only a
// leader waits until every contribution is in. The first contribution is copied, the others
// combined, under a lock: one for the whole buffer (serial), or one per segment of at least a
// cache line (parallel), each process starting at its own segment so several combine at once
// ("parallel falling back to serial" below a cache line, which segments would falsely share).
//
// Calls use two buffers in turn. A process may start call g only when call g - 2's buffer has
// been released by its leader; until then it waits (it is two calls ahead of that leader).

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/node_shared.hpp"

namespace papbench {

enum class ReduceLock { kSerial, kParallel };

class SharedReduceBuffer {
 public:
  SharedReduceBuffer() = default;
  // Collective over node_comm: buffers of `capacity` bytes.
  SharedReduceBuffer(MPI_Comm node_comm, std::size_t capacity);

  // Whether a vector of `bytes` fits (false before the collective constructor ran).
  bool fits(std::size_t bytes) const { return allocated_ && bytes <= capacity_; }
  // The shape of the following calls (local; every rank of the node gives the same): `count`
  // elements of `dtype` (at most the capacity), and the locks. Between calls only.
  void reshape(std::size_t count, MPI_Datatype dtype, ReduceLock lock);

  // Starts the next call (waiting until its buffer is free) and returns its generation.
  std::uint64_t begin_call();
  // This process's arrival position on the node in the current call: 0 first, size - 1 last.
  int arrive();
  // Reduces `count` elements of `data` into the buffer: one contribution.
  void contribute(const void* data, MPI_Op op);
  // Waits until `contributions` contributions are in (acquire: their data is visible).
  void wait_contributions(int contributions);
  std::byte* data() const;
  // After the last read of the buffer: resets its counters and frees it for call g + 2.
  void release();

  int segments() const { return segments_; }
  // From now on its waits also drive MPI progress on `comm` (MpiProgress): for the landing ranks
  // of dynleader-os, the targets of one-sided operations. Local.
  void drive_progress(MPI_Comm comm) { progress_ = comm; }

 private:
  std::atomic_ref<std::uint64_t> word(int i) const;

  NodeSharedSegment buffers_;  // local rank 0's part holds them
  NodeControl control_;
  bool allocated_ = false;
  std::size_t capacity_ = 0, stride_ = 0;
  int max_segments_ = 1;  // the node size: words are laid out for that many
  std::size_t count_ = 0, extent_ = 0;
  MPI_Datatype dtype_ = MPI_DATATYPE_NULL;
  int segments_ = 1;
  int slot_ = 0;
  MPI_Comm progress_ = MPI_COMM_NULL;
};

// A node's leader, once its own vector is in: waits for the node's contributions plus the
// `children` vectors it has combined, then delivers the node's result (into the root's receive
// buffer, or to rank `to` of `comm` with `tag`) and releases the buffer.
void deliver_node_result(SharedReduceBuffer& buffer, const Args& a, int children, int node_size,
                         int to, MPI_Comm comm, int tag);

// reduce/hier-barrier and reduce/hier-opt ([Parsons2015] §3.7.1), which differ only in these:
// every process reduces its vector into its node's shared buffer under `lock`, the node meets in
// MPI_Barrier if `barrier`, and the static leaders (HierLayout) run MPICH's binomial reduce between
// nodes (children nearest first, each received into scratch and combined into the shared buffer),
// then deliver_node_result to the parent node's static leader, on messages tagged `tag`.
struct StaticLeaderReduce {
  const char* name;  // "reduce/NAME", for messages
  bool barrier;
  ReduceLock lock;
  int tag;
};
std::unique_ptr<Algorithm> make_static_leader_reduce(const StaticLeaderReduce& variant);

}  // namespace papbench
