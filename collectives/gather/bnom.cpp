// gather/bnom: Open MPI's binomial gather on its in-order binomial tree ([Proficz2020] §2.1,
// "BNOM"; [OpenMPI] coll_base_gather.c): slot = (rank - root) mod P; slot x receives the subtrees
// of x+1, x+2, x+4, ... (below lowbit(x), smallest first, so rank root+1 is the first sender the
// root waits for, Eq. 21), then sends everything to x - lowbit(x). With root 0 the root receives in
// place.
//
// Cost = lgp.alpha + n.((p-1)/p).beta (Eq. 7; lgp = ceil(log2 p), n = the root's p blocks, bytes).
#include <vector>

#include "collectives/core/block_tree.hpp"
#include "collectives/gather/gather.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kGatherBnomTag = 1;

class GatherBnom final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    build(a.root);
  }
  void run(const Args& a) override {
    if (a.root != root_) build(a.root);  // a moved root: the same comm, the tree rebuilt
    tree_gather_receive(tree_, a, comm_.get(), kGatherBnomTag, staging_);
    tree_gather_finish(tree_, a, comm_.get(), kGatherBnomTag, staging_);
  }

 private:
  void build(int root) {
    tree_ = lowbit_tree(rotated_slots(comm_.size(), root), /*largest_first=*/false);
    root_ = root;
  }

  Comm comm_;
  int root_ = 0;
  BlockTree tree_;
  std::vector<std::byte> staging_;
};

}  // namespace

std::unique_ptr<Algorithm> make_gather_bnom(const AlgOptions& /*options*/) {
  return std::make_unique<GatherBnom>();
}

}  // namespace papbench
