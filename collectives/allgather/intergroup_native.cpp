// intergroup_allgather/native: the MPI library's own MPI_Allgather on the intercommunicator, the
// baseline the other intergroup_allgather algorithms are measured against. Which algorithm the
// library picks (and its tuning variables) is the library's business; the run records the library
// version.
//
// Cost: the library's choice.
#include "collectives/allgather/allgather.hpp"
#include "collectives/core/intergroup.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class IntergroupAllgatherNative final : public Algorithm {
 public:
  // A private duplicate: the library's messages can never match the harness's. The spanning form
  // of the groups (no intercommunicator: SMPI) is refused: the library's call on an
  // intracommunicator would be another collective.
  void prepare(const Args& args) override {
    require_intercommunicator(args.comm, "intergroup_allgather/native");
    comm_ = Comm::dup(args.comm);
  }

  void run(const Args& a) override {
    // Each rank sends its group's block (send_count) and receives the other group's block
    // (count) from every rank of that group; the two differ with --ka-factor/--kb-factor.
    const int n = count_as_int(a.send_count, "intergroup_allgather send count");
    const int m = count_as_int(a.count, "intergroup_allgather count");
    mpi_check(MPI_Allgather(a.send, n, a.dtype, a.recv, m, a.dtype, comm_.get()),
              "MPI_Allgather (intercommunicator)");
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgather_native(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgatherNative>();
}

}  // namespace papbench
