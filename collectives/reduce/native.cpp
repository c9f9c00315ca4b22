// reduce/native: the MPI library's own MPI_Reduce, the baseline the other reduce algorithms are
// measured against. Which algorithm the library picks (and its tuning variables) is the library's
// business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class ReduceNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    mpi_check(MPI_Reduce(a.send, a.recv, count_as_int(a.count, "reduce count"), a.dtype, a.op,
                         a.root, comm_.get()),
              "MPI_Reduce");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_native(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceNative>();
}

}  // namespace papbench
