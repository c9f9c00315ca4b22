#pragma once
// The one-sided transfers between nodes of the dynamic-leader reduce and bcast "D.L. One-Sided"
// ([Parsons2015] §3.7.1, last paragraph; §3.7.2, Fig. B.8): a sender places a node's data onto
// the receiving node with one-sided operations and marks a data-ready flag, and whichever process
// leads the receiving node in this call picks it up, so neither side needs to know who leads the
// other (no identification messages, no MPI_ANY_SOURCE).
//
// The thesis opens the RMA window on the node-shared buffer itself. Open MPI 4.1.4 refuses
// MPI_Win_create on one host (MPI_ERR_WIN unless its single-copy mechanism is CMA), and an
// MPI_Win_allocate_shared window cannot span nodes, so papbench allocates the window with
// MPI_Win_allocate over all ranks and lands every transfer at a FIXED rank of the receiving node,
// its local rank 0 (the landing rank), in slots of that rank's window memory. The dynamic leader
// reads a slot with MPI_Get from its own node's landing rank (docs/ALGORITHMS.md, Decision:
// one-sided dynamic leaders).
//
// Each slot has a state word: 0 empty, else the generation of the call whose data it holds.
// A sender waits until the slot is empty, puts the data, flushes, then sets the state with
// MPI_Accumulate (MPI_REPLACE); the receiver polls the state with MPI_Fetch_and_op (MPI_NO_OP),
// gets the data and empties the slot. The state word is only ever touched by accumulate
// operations, which are atomic with respect to each other. One passive-target epoch
// (MPI_Win_lock_all, MPI_MODE_NOCHECK) spans the window's life; completion is by MPI_Win_flush.

#include <mpi.h>

#include <cstddef>
#include <cstdint>

#include "common/mpi_env.hpp"

namespace papbench {

class LandingWindow {
 public:
  LandingWindow() = default;
  // Collective over comm: `slots` slots of `slot_bytes` on each rank where `lands` holds, none
  // elsewhere.
  LandingWindow(MPI_Comm comm, bool lands, int slots, std::size_t slot_bytes);
  ~LandingWindow() { reset(); }
  LandingWindow(LandingWindow&& o) noexcept { *this = std::move(o); }
  LandingWindow& operator=(LandingWindow&& o) noexcept;
  LandingWindow(const LandingWindow&) = delete;
  LandingWindow& operator=(const LandingWindow&) = delete;

  // Whether `slots` slots of `bytes` fit (false before the collective constructor ran).
  bool fits(int slots, std::size_t bytes) const {
    return win_ != MPI_WIN_NULL && slots <= slots_ && bytes <= slot_bytes_;
  }

  // Waits until `slot` of rank `target` is empty, then fills it with `bytes` of `data` for call
  // `generation` (>= 1). Returns once the data and the flag are in the target's memory.
  void deposit(int target, int slot, const void* data, std::size_t bytes, std::uint64_t generation);
  // Whether `slot` of rank `target` holds call `generation`'s data.
  bool holds(int target, int slot, std::uint64_t generation);
  // Copies `bytes` of a slot that holds() confirmed into `to` and empties the slot.
  void take(int target, int slot, void* to, std::size_t bytes);

 private:
  std::uint64_t state(int target, int slot);
  void set_state(int target, int slot, std::uint64_t value);
  MPI_Aint state_disp(int slot) const;
  MPI_Aint data_disp(int slot) const;
  void reset() noexcept;

  MPI_Win win_ = MPI_WIN_NULL;
  int slots_ = 0;
  std::size_t slot_bytes_ = 0;
};

}  // namespace papbench
