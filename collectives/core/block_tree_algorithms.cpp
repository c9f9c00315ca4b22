#include "collectives/core/block_tree_algorithms.hpp"

#include <vector>

#include "common/mpi_env.hpp"

namespace papbench {
namespace {

// Every algorithm of the family talks on a communicator of its own.
constexpr int kRootTreeTag = 1;

class RootTreeAlgorithm final : public Algorithm {
 public:
  RootTreeAlgorithm(BlockFlow flow, RootTree tree) : flow_(flow), make_tree_(tree) {}

  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    build(a.root);
  }
  void run(const Args& a) override {
    if (a.root != root_) build(a.root);  // a moved root: the same comm, the tree rebuilt
    move_blocks(flow_, tree_, a, comm_.get(), kRootTreeTag, staging_);
  }

 private:
  void build(int root) {
    tree_ = make_tree_(comm_.size(), root);
    root_ = root;
  }

  BlockFlow flow_;
  RootTree make_tree_;
  Comm comm_;
  int root_ = 0;
  BlockTree tree_;
  std::vector<std::byte> staging_;
};

}  // namespace

void move_blocks(BlockFlow flow, const BlockTree& tree, const Args& a, MPI_Comm comm, int tag,
                 std::vector<std::byte>& staging) {
  if (flow == BlockFlow::kGather) {
    tree_gather_receive(tree, a, comm, tag, staging);
    tree_gather_finish(tree, a, comm, tag, staging);
  } else {
    int rank = 0;
    mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
    if (rank == a.root) {
      tree_scatter_root(tree, a, comm, tag, staging);
    } else {
      tree_scatter_nonroot(tree, a, comm, tag, staging);
    }
  }
}

std::unique_ptr<Algorithm> make_root_tree_algorithm(BlockFlow flow, RootTree tree) {
  return std::make_unique<RootTreeAlgorithm>(flow, tree);
}

}  // namespace papbench
