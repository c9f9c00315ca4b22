#pragma once
// What the interposed collectives record on one rank: per call two raw clock reads and what the
// call was (communicator slot, sequence number on it, root, count, datatype, op, call site). The
// wrapper does nothing else inside the application's call: names, clocks and the communicator's
// identity are resolved at MPI_Finalize (capture_session.cpp).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace papbench::capture {

// The collectives the library wraps; names as `papbench --collective` spells them where papbench
// has the collective (reduce_scatter_block replays as reduce_scatter, gatherv and scatterv as
// gather and scatter; scan and exscan have no papbench collective). The nonblocking ones follow
// the blocking ones: their calls are recorded when a wait or test completes them.
enum class Collective : std::uint8_t {
  kReduce,
  kAllreduce,
  kBcast,
  kScatter,
  kGather,
  kAllgather,
  kAllgatherv,
  kAlltoall,
  kAlltoallv,
  kReduceScatter,
  kReduceScatterBlock,
  kBarrier,
  kGatherv,
  kScatterv,
  kScan,
  kExscan,
  kIallreduce,
  kIreduce,
  kIbcast,
  kIallgather,
  kIalltoall,
  kIgather,
  kIscatter,
};
// Whether `c` is posted (MPI_I...) and completed by a wait or test.
bool is_nonblocking(Collective c);
std::string_view collective_name(Collective c);

struct RawCall {
  std::int64_t arrival_raw = 0;  // raw clock (clocksync::raw_now_ns) just before PMPI_*
  std::int64_t exit_raw = 0;     // ... and just after it returned (nonblocking: after the wait or
                                 // test that completed it)
  // Nonblocking only (else 0), durations: the compute between the post's return and the call
  // that completed it, less the waits and tests of it before that call; the time in those
  // earlier waits and tests, and how many there were; the time in the completing call; whether
  // that call was a test (MPI_Test*) rather than a wait.
  std::int64_t compute_ns = 0;
  std::int64_t test_ns = 0;
  std::int64_t wait_ns = 0;
  std::int32_t tests = 0;
  bool done_by_test = false;
  const void* site = nullptr;    // the caller's return address
  std::uint64_t stack_hash = 0;  // PAPBENCH_CAPTURE_SITES=1 only, else 0
  std::uint64_t count = 0;       // elements this rank contributes (see mpi_wrappers.cpp)
  std::uint32_t comm = 0;        // CallLog::comm slot
  std::uint32_t seq = 0;         // the call's index among this communicator's collectives
  std::int32_t root = -1;        // -1: a rootless collective
  std::uint16_t dtype = 0;       // CallLog::handle slot of the datatype
  std::uint16_t op = 0;          // ... of the reduction operation (0: none)
  Collective collective = Collective::kBarrier;
};

// One rank's log. Communicators are slots in the order of first use; collectives on one
// communicator are ordered identically on all its members (MPI's rule for blocking
// collectives), so (communicator identity, seq) names the same call on every member.
class CallLog {
 public:
  // A new communicator slot; `identity` is what every member computes alike (comm_identity.hpp).
  std::uint32_t add_comm(std::string identity, std::vector<int> world_ranks);
  // Records a call; its seq is the communicator's next number.
  void append(RawCall call);
  // The communicator's next seq, taken when a nonblocking collective is posted (MPI orders
  // blocking and nonblocking collectives alike, by their calls); append_numbered records it
  // when the collective completes.
  std::uint32_t take_seq(std::uint32_t comm) { return comms_[comm].next_seq++; }
  void append_numbered(const RawCall& call) { calls_.push_back(call); }
  std::uint32_t comms() const { return static_cast<std::uint32_t>(comms_.size()); }
  const std::string& comm_identity(std::uint32_t slot) const { return comms_[slot].identity; }
  const std::vector<int>& comm_members(std::uint32_t slot) const { return comms_[slot].members; }
  const std::vector<RawCall>& calls() const { return calls_; }
  void reserve(std::size_t n) { calls_.reserve(n); }

 private:
  struct CommSlot {
    std::string identity;
    std::vector<int> members;  // world rank of each communicator rank
    std::uint32_t next_seq = 0;
  };
  std::vector<CommSlot> comms_;
  std::vector<RawCall> calls_;
};

}  // namespace papbench::capture
