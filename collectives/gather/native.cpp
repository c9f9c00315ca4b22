// gather/native: the MPI library's own MPI_Gather, the baseline the other gather algorithms are
// measured against. Which algorithm the library picks (and its tuning variables) is the library's
// business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/gather/gather.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class GatherNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    const int n = count_as_int(a.count, "gather count");
    mpi_check(MPI_Gather(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm_.get()),
              "MPI_Gather");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_gather_native(const AlgOptions& /*options*/) {
  return std::make_unique<GatherNative>();
}

}  // namespace papbench
