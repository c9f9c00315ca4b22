// Algorithms that exist only in the test binary papbench-test-algorithms (bench/main.cpp built
// with PAPBENCH_TEST_ALGORITHMS, tests/e2e/watchdog.cmake), so that no user's `papbench list`
// shows them.
//
// barrier/hang: a collective that never returns, for e2e.call_timeout. From call `after` on
// (warm-up calls count), every rank but the last enters MPI_Barrier and the last returns at
// once, as when a library bug or a skipped call leaves a collective incomplete: the others wait
// forever, and the last goes on to the next iteration's start agreement and waits there.
//
// barrier/stop: a rank stopped between two timed calls (issue 31), where the watchdog once did
// not look. At call `at`, rank 0 arranges to stop itself (SIGSTOP, as `kill -STOP` would) where
// the others then wait for it: `in=agree` at its second MPI_Allreduce, the next iteration's start
// agreement (the first is the synchronization every rank passes after the call, settle);
// `in=resync` at its next MPI_Send or MPI_Ibcast, the first message of the clock resync that
// follows the agreement when one is due (--resync shorter than an iteration): a Send to another
// node's leader, or on one node the broadcast of the sync time. This binary interposes them (the
// MPI profiling interface) to find that moment exactly.

#include <mpi.h>

#include <atomic>
#include <csignal>
#include <limits>
#include <memory>
#include <string_view>

#include "collectives/core/registry.hpp"
#include "common/mpi_env.hpp"

namespace papbench::testing {
namespace {

class BarrierHang final : public Algorithm {
 public:
  explicit BarrierHang(std::int64_t after) : after_(after) {}
  void prepare(const Args& args) override {
    comm_ = Comm::dup(args.comm);
    last_ = comm_.rank() == comm_.size() - 1;
  }
  void run(const Args&) override {
    if (calls_++ >= after_ && last_) return;
    mpi_check(MPI_Barrier(comm_.get()), "MPI_Barrier");
  }

 private:
  std::int64_t after_;
  std::int64_t calls_ = 0;
  bool last_ = false;
  Comm comm_;
};

// Where rank 0 stops next, set by barrier/stop.
enum class StopAt { kNowhere, kAllreduce, kClockSync };
std::atomic<StopAt> g_stop_at{StopAt::kNowhere};
// MPI_Allreduces rank 0 lets pass before it stops at one (kAllreduce): the settle after the call.
std::atomic<int> g_allreduces_to_pass{0};

class BarrierStop final : public Algorithm {
 public:
  BarrierStop(std::int64_t at, bool in_resync) : at_(at), in_resync_(in_resync) {}
  void prepare(const Args& args) override {
    comm_ = Comm::dup(args.comm);
    first_ = comm_.rank() == 0;
  }
  void run(const Args&) override {
    mpi_check(MPI_Barrier(comm_.get()), "MPI_Barrier");
    if (calls_++ == at_ && first_) {
      g_allreduces_to_pass = 1;
      g_stop_at = in_resync_ ? StopAt::kClockSync : StopAt::kAllreduce;
    }
  }

 private:
  std::int64_t at_;
  bool in_resync_;
  std::int64_t calls_ = 0;
  bool first_ = false;
  Comm comm_;
};

constexpr std::string_view kStopInWords[] = {"agree", "resync"};
constexpr AlgOptionSpec kStopOptions[] = {
    {.name = "at",
     .type = OptionType::kInteger,
     .default_value = "0",
     .help = "the call (warm-up included) after which rank 0 stops",
     .min = 0,
     .max = std::numeric_limits<int>::max()},
    {.name = "in",
     .type = OptionType::kChoice,
     .default_value = "agree",
     .help = "where the others then wait: the start agreement or the resync after it",
     .words = kStopInWords},
};

constexpr AlgOptionSpec kHangOptions[] = {
    {.name = "after",
     .type = OptionType::kInteger,
     .default_value = "0",
     .help = "calls (warm-up included) that complete before the one that hangs",
     .min = 0,
     .max = std::numeric_limits<int>::max()},
};

}  // namespace

void register_test_algorithms() {
  static const AlgorithmInfo rows[] = {
      {.collective = "barrier",
       .name = "hang",
       .summary = "test only: from call `after` on, the last rank skips the barrier",
       .source = "tests/e2e/test_algorithms.cpp",
       .make = [](const AlgOptions& o) -> std::unique_ptr<Algorithm> {
         return std::make_unique<BarrierHang>(option_integer(o, "after"));
       },
       .options = kHangOptions},
      {.collective = "barrier",
       .name = "stop",
       .summary = "test only: after call `at`, rank 0 stops itself in the next agreement or resync",
       .source = "tests/e2e/test_algorithms.cpp",
       .make = [](const AlgOptions& o) -> std::unique_ptr<Algorithm> {
         return std::make_unique<BarrierStop>(option_integer(o, "at"),
                                              option_text(o, "in") == "resync");
       },
       .options = kStopOptions},
  };
  add_test_algorithms(rows);
}

}  // namespace papbench::testing

// The profiling interface's interposers: every MPI_Allreduce, MPI_Send and MPI_Ibcast of this
// binary comes here first; rank 0 stops at the one barrier/stop chose.
namespace {
void stop_if_at(papbench::testing::StopAt here) {
  papbench::testing::StopAt expected = here;
  if (papbench::testing::g_stop_at.compare_exchange_strong(expected,
                                                           papbench::testing::StopAt::kNowhere)) {
    std::raise(SIGSTOP);
  }
}
}  // namespace

extern "C" int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                             MPI_Op op, MPI_Comm comm) {
  if (papbench::testing::g_stop_at == papbench::testing::StopAt::kAllreduce &&
      papbench::testing::g_allreduces_to_pass.fetch_sub(1) > 0) {
    return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
  }
  stop_if_at(papbench::testing::StopAt::kAllreduce);
  return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

extern "C" int MPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                        MPI_Comm comm) {
  stop_if_at(papbench::testing::StopAt::kClockSync);
  return PMPI_Send(buf, count, datatype, dest, tag, comm);
}

extern "C" int MPI_Ibcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                          MPI_Request* request) {
  stop_if_at(papbench::testing::StopAt::kClockSync);
  return PMPI_Ibcast(buffer, count, datatype, root, comm, request);
}
