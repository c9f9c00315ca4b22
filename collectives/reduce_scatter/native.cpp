// reduce_scatter/native: the MPI library's own MPI_Reduce_scatter, the baseline the other
// reduce_scatter algorithms are measured against. Which algorithm the library picks (and its tuning
// variables) is the library's business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/reduce_scatter/reduce_scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class ReduceScatterNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    mpi_check(MPI_Reduce_scatter(a.send, a.recv, a.recv_counts.data(), a.dtype, a.op, comm_.get()),
              "MPI_Reduce_scatter");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_scatter_native(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceScatterNative>();
}

}  // namespace papbench
