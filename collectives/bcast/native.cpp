// bcast/native: the MPI library's own MPI_Bcast, the baseline the other bcast algorithms are
// measured against. Which algorithm the library picks (and its tuning variables) is the library's
// business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/bcast/bcast.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class BcastNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    // The root's data is already in recv (the one buffer of a broadcast).
    mpi_check(MPI_Bcast(a.recv, count_as_int(a.count, "bcast count"), a.dtype, a.root, comm_.get()),
              "MPI_Bcast");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_native(const AlgOptions& /*options*/) {
  return std::make_unique<BcastNative>();
}

}  // namespace papbench
