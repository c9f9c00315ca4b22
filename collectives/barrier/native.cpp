// barrier/native: the MPI library's own MPI_Barrier, the baseline the other barrier algorithms are
// measured against. Without options the library picks the
// algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/barrier/barrier.hpp"
#include "collectives/core/native_force_option.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class BarrierNative final : public Algorithm {
 public:
  explicit BarrierNative(const AlgOptions& options) : comm_("barrier", forced_of(options)) {}

  // A private duplicate (the library's messages can never match the harness's), made under
  // force=NAME where asked (collectives/core/forced_native.hpp).
  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args&) override {
    const auto forced = comm_.forced_call();
    mpi_check(MPI_Barrier(comm_.get()), "MPI_Barrier");
  }

 private:
  forced::NativeComm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_barrier_native(const AlgOptions& options) {
  return std::make_unique<BarrierNative>(options);
}

}  // namespace papbench
