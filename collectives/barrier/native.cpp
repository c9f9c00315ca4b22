// barrier/native: the MPI library's own MPI_Barrier, the baseline the other barrier algorithms are
// measured against. Which algorithm the library picks (and its tuning variables) is the library's
// business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/barrier/barrier.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class BarrierNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args&) override { mpi_check(MPI_Barrier(comm_.get()), "MPI_Barrier"); }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_barrier_native(const AlgOptions& /*options*/) {
  return std::make_unique<BarrierNative>();
}

}  // namespace papbench
