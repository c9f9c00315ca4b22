// reduce/native: the MPI library's own MPI_Reduce, the baseline the other reduce algorithms are
// measured against. Without options the library picks the
// algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/core/native_force_option.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class ReduceNative final : public Algorithm {
 public:
  explicit ReduceNative(const AlgOptions& options) : comm_("reduce", forced_of(options)) {}

  // A private duplicate (the library's messages can never match the harness's), made under
  // force=NAME where asked (collectives/core/forced_native.hpp).
  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args& a) override {
    const auto forced = comm_.forced_call();
    mpi_check(MPI_Reduce(a.send, a.recv, count_as_int(a.count, "reduce count"), a.dtype, a.op,
                         a.root, comm_.get()),
              "MPI_Reduce");
  }

 private:
  forced::NativeComm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_native(const AlgOptions& options) {
  return std::make_unique<ReduceNative>(options);
}

}  // namespace papbench
