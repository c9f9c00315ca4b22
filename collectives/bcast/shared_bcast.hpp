#pragma once
// The intra-node phase of the hierarchical broadcasts ([Parsons2015] §3.7.2): one process of a
// node puts the message into node-shared memory and marks it valid; every process of the node
// copies it out as soon as it is valid and leaves, without waiting for the others (the structure
// "that tracks which processes have arrived and allows early arriving processes to copy out the
// data and leave the collective before later arriving processes", §3.7.2). Arrival positions
// come from the same structure, for the first-arriving dynamic leader.
//
// Calls use two buffers in turn; the last process of a node to copy out frees its call's buffer
// for call g + 2, and a process that far ahead waits for that.

#include <mpi.h>

#include <cstddef>
#include <cstdint>

#include "collectives/core/node_shared.hpp"

namespace papbench {

class SharedBcastBuffer {
 public:
  SharedBcastBuffer() = default;
  // Collective over node_comm: buffers of `capacity` bytes.
  SharedBcastBuffer(MPI_Comm node_comm, std::size_t capacity);

  // Whether a message of `bytes` fits (false before the collective constructor ran).
  bool fits(std::size_t bytes) const { return allocated_ && bytes <= capacity_; }
  // The message size of the following calls (local; the same on every rank). Between calls only.
  void reshape(std::size_t bytes);

  // Starts the next call (waiting until its buffer is free) and returns its generation.
  std::uint64_t begin_call();
  // This process's arrival position on the node in the current call: 0 first.
  int arrive();
  std::byte* data() const;
  // The buffer holds the message (release).
  void publish();
  void wait_published() const;
  // Copies the published message out; the node's last process to do so frees the buffer.
  void copy_out(void* to);
  // For a process that needs no copy (the root): counts as one.
  void done();
  // From now on its waits also drive MPI progress on `comm` (MpiProgress): for the landing ranks
  // of dynleader-os, the targets of one-sided operations. Local.
  void drive_progress(MPI_Comm comm) { progress_ = comm; }

 private:
  std::atomic_ref<std::uint64_t> word(int i) const;

  NodeSharedSegment buffers_;  // local rank 0's part holds them
  NodeControl control_;
  bool allocated_ = false;
  std::size_t capacity_ = 0, stride_ = 0, bytes_ = 0;
  int slot_ = 0;
  MPI_Comm progress_ = MPI_COMM_NULL;
};

}  // namespace papbench
