// gather/lin: Open MPI's basic linear gather ([Proficz2020] §2.1, "LIN"; [OpenMPI] basic_linear):
// the root receives rank 0, 1, ..., P-1's block with blocking receives in rank order and copies its
// own; the others send. The paper lists it (Tables 1-2) but does not run it.
//
// Cost = (p-1).alpha + n.((p-1)/p).beta ([Proficz2020] Eq. 3; n = the root's p blocks in bytes).
#include <cstring>

#include "collectives/core/block_tree.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/gather/gather.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kGatherLinTag = 1;

class GatherLin final : public Algorithm {
 public:
  void prepare(const Args& a) override { comm_ = Comm::dup(a.comm); }
  void run(const Args& a) override {
    const RankBlockBytes l(a);
    if (comm_.rank() != a.root) {
      mpi_check(MPI_Send(a.send, l.count, a.dtype, a.root, kGatherLinTag, comm_.get()), "MPI_Send");
      return;
    }
    for (int r = 0; r < comm_.size(); ++r) {
      std::byte* block = l.at(a.recv, static_cast<std::size_t>(r));
      if (r == a.root) {
        copy_bytes(block, a.send, l.bytes);
      } else {
        mpi_check(
            MPI_Recv(block, l.count, a.dtype, r, kGatherLinTag, comm_.get(), MPI_STATUS_IGNORE),
            "MPI_Recv");
      }
    }
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_gather_lin(const AlgOptions& /*options*/) {
  return std::make_unique<GatherLin>();
}

}  // namespace papbench
