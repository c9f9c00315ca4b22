// scatter/native: the MPI library's own MPI_Scatter, the baseline the other scatter algorithms are
// measured against. Which algorithm the library picks (and its tuning variables) is the library's
// business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/scatter/scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class ScatterNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    const int n = count_as_int(a.count, "scatter count");
    mpi_check(MPI_Scatter(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm_.get()),
              "MPI_Scatter");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_native(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterNative>();
}

}  // namespace papbench
