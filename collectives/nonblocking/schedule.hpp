#pragma once
// papbench's own nonblocking collectives (issue 46 item 2) as schedules: a collective is a list of
// rounds, each an ordered list of steps (send, receive, local combine, local copy), built once
// and then run by one engine that any collective shares. The model is Open MPI's libnbc
// ([OpenMPI] v4.1.4 ompi/mca/coll/libnbc/nbc.c, NBC_Start_round and NBC_Progress): starting a round
// runs its local steps in their order and posts its sends and receives; the round ends when all
// of them are complete, and only then does the next one start. MPICH's schedules are the same
// idea ([MPICH] v4.0.2 src/mpi/coll/iallreduce/iallreduce_intra_sched_recursive_doubling.c with
// MPIR_Sched_barrier between steps; its gentran transport, src/mpi/coll/transports/gentran,
// generalises rounds to a graph of dependencies).
//
// Progress: nothing moves the schedule but the calls of its owner, as in libnbc, whose rounds
// advance inside MPI_Test and MPI_Wait (opal_progress calls NBC_Progress). test() is the
// harness's MPI_Test (collectives/nonblocking/overlap_loop.hpp); wait() its MPI_Wait.
//
// Buffers are named, not addressed (the caller's send and receive buffers and the schedule's own
// scratch, at an element offset), so one schedule serves every call of a case whatever the
// buffers' addresses; libnbc marks scratch addresses the same way (its `tmpbuf` flags).

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "collectives/core/buffers.hpp"
#include "collectives/nonblocking/overlap_loop.hpp"

namespace papbench::nbc {

enum class Buf : std::uint8_t { kSend, kRecv, kTmp };

// `elem` elements into buffer `buf`.
struct Ref {
  Buf buf = Buf::kRecv;
  std::size_t elem = 0;
};

struct Step {
  enum class Kind : std::uint8_t { kSend, kRecv, kCombine, kCopy };
  Kind kind = Kind::kSend;
  Ref from;  // kSend: what is sent; kCombine, kCopy: the operand read
  Ref to;    // kRecv: where it lands; kCombine: inout (to = from op to); kCopy: destination
  std::size_t count = 0;
  int peer = -1;  // kSend, kRecv
};

// The rounds of one rank's part of one call, appended in order.
class Schedule {
 public:
  void send(Ref from, std::size_t count, int peer);
  void recv(Ref to, std::size_t count, int peer);
  // to = from op to, element by element (MPI_Reduce_local's order).
  void combine(Ref from, Ref to, std::size_t count);
  void copy(Ref from, Ref to, std::size_t count);
  // Ends the current round (NBC_Sched_barrier); an empty round is not kept.
  void end_round();

  const std::vector<std::vector<Step>>& rounds() const { return rounds_; }
  void clear() {
    rounds_.clear();
    open_ = false;
  }

 private:
  std::vector<Step>& current();
  std::vector<std::vector<Step>> rounds_;
  bool open_ = false;
};

// The buffers and the MPI objects a schedule's steps refer to in one call.
struct Binding {
  const void* send = nullptr;
  void* recv = nullptr;
  std::byte* tmp = nullptr;
  MPI_Datatype dtype = MPI_INT;
  MPI_Op op = MPI_SUM;
  MPI_Comm comm = MPI_COMM_NULL;
  int tag = 0;
};

// Runs one schedule, round by round, as its owner calls test() and wait().
class Engine final : public NbcInFlight {
 public:
  // Starts the first round. `schedule` must outlive the run.
  void start(const Schedule& schedule, const Binding& binding);
  // Advances every round that is complete; true when the whole schedule is.
  bool test() override;
  // Completes the schedule.
  void wait() override;

 private:
  void start_round();
  const void* address(Ref r) const;
  void* mutable_address(Ref r) const;

  const Schedule* schedule_ = nullptr;
  Binding b_;
  std::size_t extent_ = 0;
  std::size_t next_round_ = 0;
  std::vector<MPI_Request> requests_;
};

}  // namespace papbench::nbc
