// scatter/bnom: Open MPI's binomial scatter on its in-order binomial tree ([Proficz2020] §2.1,
// "BNOM"; [OpenMPI] coll_base_scatter.c): slot = (rank - root) mod P, slot x > 0 receives the
// blocks of slots [x, min(x + lowbit(x), P)) from x - lowbit(x) and forwards to x+1, x+2, x+4, ...,
// smallest subtree first, so rank root+1 is the first receiver (Eq. 13). ceil(log2 P) steps.
//
// Cost = lgp.alpha + n.((p-1)/p).beta (Eq. 7; lgp = ceil(log2 p), n = the root's p blocks, bytes).
#include <vector>

#include "collectives/core/block_tree.hpp"
#include "collectives/scatter/scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kScatterBnomTag = 1;

class ScatterBnom final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    build(a.root);
  }
  void run(const Args& a) override {
    if (a.root != root_) build(a.root);  // a moved root: the same comm, the tree rebuilt
    if (comm_.rank() == a.root) {
      tree_scatter_root(tree_, a, comm_.get(), kScatterBnomTag, staging_);
    } else {
      tree_scatter_nonroot(tree_, a, comm_.get(), kScatterBnomTag, staging_);
    }
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

std::unique_ptr<Algorithm> make_scatter_bnom(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterBnom>();
}

}  // namespace papbench
