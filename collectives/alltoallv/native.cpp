// alltoallv/native: the MPI library's own MPI_Alltoallv, the baseline the other alltoallv
// algorithms are measured against. Which algorithm the library picks (and its tuning variables) is
// the library's business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/alltoallv/alltoallv.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class AlltoallvNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    mpi_check(MPI_Alltoallv(a.send, a.counts.data(), a.displs.data(), a.dtype, a.recv,
                            a.recv_counts.data(), a.recv_displs.data(), a.dtype, comm_.get()),
              "MPI_Alltoallv");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoallv_native(const AlgOptions& /*options*/) {
  return std::make_unique<AlltoallvNative>();
}

}  // namespace papbench
