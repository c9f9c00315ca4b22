#pragma once
// The arrival record the call watchdog reads: which ranks of this node have arrived at, and
// returned from, the timed call. It lives in an MPI-3 shared-memory window on the node
// communicator, made when the run starts, because a hung collective must not be asked about
// itself: reading this record takes no MPI call and no message, only loads from memory that the
// other ranks of the node store into. Across nodes a shared window sees only the local node, so
// the watchdog reports "ranks on this node".

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "common/mpi_env.hpp"

namespace papbench {

class ArrivalBoard {
 public:
  // Collective over `world`: splits off the shared-memory node communicator and allocates one
  // cache line per rank of the node.
  explicit ArrivalBoard(MPI_Comm world);
  ~ArrivalBoard();
  ArrivalBoard(const ArrivalBoard&) = delete;
  ArrivalBoard& operator=(const ArrivalBoard&) = delete;

  // The timed region's only cost: one release store each into this rank's own cache line, no
  // system call, no MPI. `call` numbers the timed calls and the harness's own collectives
  // (CallWatchdog::Phase) of the run alike on every rank.
  void arrive(std::int64_t call) {
    slot(node_rank_, kArrived).store(call, std::memory_order_release);
  }
  void leave(std::int64_t call) {
    slot(node_rank_, kReturned).store(call, std::memory_order_release);
  }

  // Where each rank of the node stands on `call` (world ranks, ascending).
  struct Snapshot {
    std::vector<int> returned, in_call, not_arrived;
  };
  Snapshot snapshot(std::int64_t call) const;
  bool returned(std::int64_t call) const {
    return slot(node_rank_, kReturned).load(std::memory_order_acquire) >= call;
  }

  // Whether another rank of the node is inside a call (or harness phase) numbered before `call`:
  // it arrived there and has not returned. Its own watchdog, armed earlier, is the one whose
  // report names the stall's origin.
  bool earlier_in_progress(std::int64_t call) const;

  // Node-wide, for the watchdogs of ranks that time out together: true for the one that claims
  // the report first; the others wait (bounded) until it says the report is out.
  bool claim_report();
  void report_done();
  bool wait_report_done(int max_ms) const;

  int node_size() const { return static_cast<int>(world_ranks_.size()); }

 private:
  static constexpr std::size_t kLine = 64;  // one cache line per rank: no false sharing
  enum Field : std::size_t { kArrived = 0, kReturned = 1 };
  std::atomic_ref<std::int64_t> slot(int node_rank, Field f) const;
  std::atomic_ref<std::int64_t> header(std::size_t field) const;

  Comm node_;
  MPI_Win win_ = MPI_WIN_NULL;
  std::int64_t* base_ = nullptr;
  int node_rank_ = 0;
  std::vector<int> world_ranks_;  // node rank -> world rank
};

}  // namespace papbench
