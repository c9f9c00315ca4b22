// allreduce/native: the MPI library's own MPI_Allreduce, the baseline the other allreduce
// algorithms are measured against. Without options the library picks
// the algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/allreduce/allreduce.hpp"
#include "collectives/core/native_force_option.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class AllreduceNative final : public Algorithm {
 public:
  explicit AllreduceNative(const AlgOptions& options) : comm_("allreduce", forced_of(options)) {}

  // A private duplicate (the library's messages can never match the harness's), made under
  // force=NAME where asked (collectives/core/forced_native.hpp).
  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args& a) override {
    const auto forced = comm_.forced_call();
    mpi_check(MPI_Allreduce(a.send, a.recv, count_as_int(a.count, "allreduce count"), a.dtype, a.op,
                            comm_.get()),
              "MPI_Allreduce");
  }

 private:
  forced::NativeComm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allreduce_native(const AlgOptions& options) {
  return std::make_unique<AllreduceNative>(options);
}

}  // namespace papbench
