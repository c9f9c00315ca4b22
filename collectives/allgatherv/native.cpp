// allgatherv/native: the MPI library's own MPI_Allgatherv, the baseline the other allgatherv
// algorithms are measured against. Which algorithm the library picks (and its tuning variables) is
// the library's business; the run records the library version.
//
// Cost: the library's choice.
#include "collectives/allgatherv/allgatherv.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class AllgathervNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's.
  void prepare(const Args& args) override { comm_ = Comm::dup(args.comm); }

  void run(const Args& a) override {
    mpi_check(MPI_Allgatherv(a.send, count_as_int(a.send_count, "allgatherv send count"), a.dtype,
                             a.recv, a.counts.data(), a.displs.data(), a.dtype, comm_.get()),
              "MPI_Allgatherv");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgatherv_native(const AlgOptions& /*options*/) {
  return std::make_unique<AllgathervNative>();
}

}  // namespace papbench
