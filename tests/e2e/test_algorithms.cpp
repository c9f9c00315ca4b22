// Algorithms that exist only in the test binary papbench-test-algorithms (bench/main.cpp built
// with PAPBENCH_TEST_ALGORITHMS, tests/e2e/watchdog.cmake), so that no user's `papbench list`
// shows them.
//
// barrier/hang: a collective that never returns, for e2e.call_timeout. From call `after` on
// (warm-up calls count), every rank but the last enters MPI_Barrier and the last returns at
// once, as when a library bug or a skipped call leaves a collective incomplete: the others wait
// forever, and the last goes on to the next iteration's start agreement and waits there.

#include <mpi.h>

#include <limits>
#include <memory>

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
  };
  add_test_algorithms(rows);
}

}  // namespace papbench::testing
