// reduce_scatter/native: the MPI library's own MPI_Reduce_scatter, the baseline the other
// reduce_scatter algorithms are measured against. Without options the library picks the algorithm;
// with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/core/native_force_option.hpp"
#include "collectives/reduce_scatter/reduce_scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class ReduceScatterNative final : public Algorithm {
 public:
  explicit ReduceScatterNative(const AlgOptions& options)
      : comm_("reduce_scatter", forced_of(options)) {}

  // A private duplicate (the library's messages can never match the harness's), made under
  // force=NAME where asked (collectives/core/forced_native.hpp).
  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args& a) override {
    const auto forced = comm_.forced_call();
    mpi_check(MPI_Reduce_scatter(a.send, a.recv, a.recv_counts.data(), a.dtype, a.op, comm_.get()),
              "MPI_Reduce_scatter");
  }

 private:
  forced::NativeComm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_scatter_native(const AlgOptions& options) {
  return std::make_unique<ReduceScatterNative>(options);
}

}  // namespace papbench
