#pragma once
// The messages of the dynamic-leader algorithms ([Parsons2015] §3.7.1, Figs. 3.14-3.17): which
// rank of a node leads changes every call, so a leader tells the possible partners on another
// node who it is ("identification messages", empty here: the sender and the tag say it all), and
// data travels to MPI_ANY_SOURCE receives. Both carry the call's generation in their tag, so a
// message of one call never matches a receive of another (docs/ALGORITHMS.md, Decision: dynamic
// leaders).
//
// A leader addresses every rank that may lead the other node, and only one of them does: the
// others never receive theirs. IdMailbox keeps the books: it cancels them (MPI_Cancel; Open MPI
// cannot cancel a send and delivers it anyway), or discards what arrived for earlier calls at the
// next entry, and at the end receives whatever is still addressed to this rank and completes every
// send, so no message outlives the algorithm.

#include <mpi.h>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "common/mpi_env.hpp"

namespace papbench {

// Tags base, base + 1, ... MPI_TAG_UB, used in turn by consecutive calls (a call's tag repeats
// only after some 2^29 calls with MPICH's bound, 2^31 with Open MPI's).
class GenerationTags {
 public:
  GenerationTags() = default;
  explicit GenerationTags(int base);
  int tag(std::uint64_t generation) const;
  // The generation of a message with `tag`, seen during call `current`: the nearest one with
  // that tag (messages are never half a cycle away from the receiver's call).
  std::uint64_t generation(int tag, std::uint64_t current) const;

 private:
  int base_ = 0;
  std::uint64_t cycle_ = 1;
};

class IdMailbox {
 public:
  IdMailbox() = default;
  // Collective over comm, which it duplicates; tags from `tag_base` up.
  IdMailbox(MPI_Comm comm, int tag_base);
  ~IdMailbox() { drain_noexcept(); }
  IdMailbox(IdMailbox&& o) noexcept { *this = std::move(o); }
  IdMailbox& operator=(IdMailbox&& o) noexcept;
  IdMailbox(const IdMailbox&) = delete;
  IdMailbox& operator=(const IdMailbox&) = delete;

  // Nonblocking: tells each rank in `to` that this rank leads its node in call `generation`.
  void announce(std::uint64_t generation, std::span<const int> to);
  // Waits for one announcement of call `generation` addressed to this rank; returns its sender.
  int take(std::uint64_t generation);
  // At the entry of call `generation`: receives the announcements that have arrived, drops those
  // of earlier calls, and completes the sends that have finished.
  void discard_before(std::uint64_t generation);
  // MPI_Cancel on every announcement not yet completed ([Parsons2015] Fig. 3.14, line 11).
  void cancel_pending();
  // Collective over the communicator: receives every announcement still addressed to this rank,
  // completes every send. The destructor does it too.
  void drain();

 private:
  void receive(MPI_Status& status, std::uint64_t current);
  void drain_noexcept() noexcept;

  Comm comm_;
  GenerationTags tags_;
  std::vector<MPI_Request> sends_;  // pending, with their destinations
  std::vector<int> send_to_;
  std::vector<int> sent_to_rank_;  // announcements sent to each rank and not cancelled
  int received_ = 0;
  // Announcements received for the current or a later call, as (generation, sender).
  std::vector<std::pair<std::uint64_t, int>> early_;
  std::uint64_t current_ = 0;
};

}  // namespace papbench
