// alltoall/native: the MPI library's own MPI_Alltoall, the baseline the other alltoall algorithms
// are measured against. Which algorithm the library picks (and its tuning variables) is the
// library's business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/alltoall/alltoall.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class AlltoallNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    const int n = count_as_int(a.count, "alltoall count");
    mpi_check(MPI_Alltoall(a.send, n, a.dtype, a.recv, n, a.dtype, comm_.get()), "MPI_Alltoall");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoall_native(const AlgOptions& /*options*/) {
  return std::make_unique<AlltoallNative>();
}

}  // namespace papbench
