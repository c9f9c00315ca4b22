// intergroup_allgatherv/native: the MPI library's own MPI_Allgatherv on the intercommunicator, the
// baseline the other intergroup_allgatherv algorithms are measured against. Which algorithm the
// library picks (and its tuning variables) is the library's business; the run records the library
// version.
//
// Cost: the library's choice.
#include "collectives/allgatherv/allgatherv.hpp"
#include "collectives/core/intergroup.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class IntergroupAllgathervNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's. The spanning form
  // of the groups (no intercommunicator: SMPI) is refused: the library's call on an
  // intracommunicator would be another collective.
  void prepare(const Args& args) override {
    require_intercommunicator(args.comm, "intergroup_allgatherv/native");
    comm_ = Comm::dup(args.comm);
  }

  void run(const Args& a) override {
    // counts/displs describe the remote group's blocks; send_count is this rank's own.
    mpi_check(
        MPI_Allgatherv(a.send, count_as_int(a.send_count, "intergroup_allgatherv send count"),
                       a.dtype, a.recv, a.counts.data(), a.displs.data(), a.dtype, comm_.get()),
        "MPI_Allgatherv (intercommunicator)");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgatherv_native(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgathervNative>();
}

}  // namespace papbench
