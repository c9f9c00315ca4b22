// gather/ls: Open MPI's linear synchronized gather ([Proficz2020] §2.1, "LS"; [OpenMPI]
// linear_sync), the library's choice for large blocks: the root synchronizes the leaves one by one
// in rank order, each sending its block in two parts (3 alpha per leaf, Eq. 5). Option
// first-segment=auto|BYTES; auto is Open MPI's fixed rule.
//
// Cost = 3.(p-1).alpha + n.((p-1)/p).beta ([Proficz2020] Eq. 5; n = the root's p blocks in bytes).
#include <numeric>
#include <optional>
#include <vector>

#include "collectives/gather/gather.hpp"
#include "collectives/gather/linear_sync.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kGatherLsTag = 1;

class GatherLs final : public Algorithm {
 public:
  explicit GatherLs(std::optional<std::size_t> first_bytes) : first_bytes_(first_bytes) {}
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    order_.resize(static_cast<std::size_t>(comm_.size()));
    std::iota(order_.begin(), order_.end(), 0);
  }
  void run(const Args& a) override {
    const int first = ls_first_segment(a, first_bytes_);
    if (comm_.rank() == a.root) {
      linear_sync_root(a, comm_.get(), kGatherLsTag, order_, first);
    } else {
      linear_sync_leaf(a, comm_.get(), kGatherLsTag, first);
    }
  }

 private:
  std::optional<std::size_t> first_bytes_;
  Comm comm_;
  std::vector<int> order_;
};

}  // namespace

std::unique_ptr<Algorithm> make_gather_ls(const AlgOptions& options) {
  return std::make_unique<GatherLs>(parse_first_segment(options));
}

}  // namespace papbench
