// allreduce/native: the MPI library's own MPI_Allreduce, the baseline the other allreduce
// algorithms are measured against. Which algorithm the library picks (and its tuning variables) is
// the library's business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/allreduce/allreduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class AllreduceNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    mpi_check(MPI_Allreduce(a.send, a.recv, count_as_int(a.count, "allreduce count"), a.dtype, a.op,
                            comm_.get()),
              "MPI_Allreduce");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allreduce_native(const AlgOptions& /*options*/) {
  return std::make_unique<AllreduceNative>();
}

}  // namespace papbench
