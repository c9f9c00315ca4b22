// allgatherv/native: the MPI library's own MPI_Allgatherv, the baseline the other allgatherv
// algorithms are measured against. Without options the library picks
// the algorithm; with force=NAME it runs its algorithm NAME (collectives/core/forced_native.hpp).
//
// Cost: the library's choice.
#include "collectives/allgatherv/allgatherv.hpp"
#include "collectives/core/native_force_option.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class AllgathervNative final : public Algorithm {
 public:
  explicit AllgathervNative(const AlgOptions& options) : comm_("allgatherv", forced_of(options)) {}

  // A private duplicate (the library's messages can never match the harness's), made under
  // force=NAME where asked (collectives/core/forced_native.hpp).
  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args& a) override {
    const auto forced = comm_.forced_call();
    mpi_check(MPI_Allgatherv(a.send, count_as_int(a.send_count, "allgatherv send count"), a.dtype,
                             a.recv, a.counts.data(), a.displs.data(), a.dtype, comm_.get()),
              "MPI_Allgatherv");
  }

 private:
  forced::NativeComm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgatherv_native(const AlgOptions& options) {
  return std::make_unique<AllgathervNative>(options);
}

}  // namespace papbench
