// alltoallv/native: the MPI library's own MPI_Alltoallv, the baseline the other alltoallv
// algorithms are measured against. Without options the library picks
// the algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/alltoallv/alltoallv.hpp"
#include "collectives/core/native_force_option.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class AlltoallvNative final : public Algorithm {
 public:
  explicit AlltoallvNative(const AlgOptions& options) : comm_("alltoallv", forced_of(options)) {}

  // A private duplicate (the library's messages can never match the harness's), made under
  // force=NAME where asked (collectives/core/forced_native.hpp).
  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args& a) override {
    const auto forced = comm_.forced_call();
    mpi_check(MPI_Alltoallv(a.send, a.counts.data(), a.displs.data(), a.dtype, a.recv,
                            a.recv_counts.data(), a.recv_displs.data(), a.dtype, comm_.get()),
              "MPI_Alltoallv");
  }

 private:
  forced::NativeComm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoallv_native(const AlgOptions& options) {
  return std::make_unique<AlltoallvNative>(options);
}

}  // namespace papbench
