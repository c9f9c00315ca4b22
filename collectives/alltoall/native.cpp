// alltoall/native: the MPI library's own MPI_Alltoall, the baseline the other alltoall algorithms
// are measured against. Without options the library picks the algorithm; with force=NAME it runs
// its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/native_force_option.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class AlltoallNative final : public Algorithm {
 public:
  explicit AlltoallNative(const AlgOptions& options) : comm_("alltoall", forced_of(options)) {}

  // A private duplicate (the library's messages can never match the harness's), made under
  // force=NAME where asked (collectives/core/forced_native.hpp).
  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args& a) override {
    const auto forced = comm_.forced_call();
    const int n = count_as_int(a.count, "alltoall count");
    mpi_check(MPI_Alltoall(a.send, n, a.dtype, a.recv, n, a.dtype, comm_.get()), "MPI_Alltoall");
  }

 private:
  forced::NativeComm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoall_native(const AlgOptions& options) {
  return std::make_unique<AlltoallNative>(options);
}

}  // namespace papbench
