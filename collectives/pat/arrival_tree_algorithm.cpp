#include "collectives/pat/arrival_tree_algorithm.hpp"

#include <string>
#include <vector>

#include "collectives/pat/pat_aware_algorithm.hpp"

namespace papbench {
namespace {

constexpr int kArrivalTreeTag = 1;  // on the algorithm's own communicator

class ArrivalTreeAlgorithm final : public PatAwareAlgorithm {
 public:
  ArrivalTreeAlgorithm(BlockFlow flow, ArrivalTree tree, std::string_view name)
      : PatAwareAlgorithm(name), flow_(flow), make_tree_(tree) {}

  void run(const Args& a) override {
    const BlockTree tree = make_tree_(runtime(a).arrivals(), a.root);
    slot_ = tree.slot_of[static_cast<std::size_t>(comm().rank())];
    move_blocks(flow_, tree, a, comm().get(), kArrivalTreeTag, staging_);
  }
  std::vector<AlgMetric> iteration_metrics() const override { return {{"sbn_slot", slot_}}; }

 private:
  BlockFlow flow_;
  ArrivalTree make_tree_;
  std::vector<std::byte> staging_;
  int slot_ = 0;
};

}  // namespace

std::unique_ptr<Algorithm> make_arrival_tree_algorithm(BlockFlow flow, ArrivalTree tree,
                                                       std::string_view name) {
  return std::make_unique<ArrivalTreeAlgorithm>(flow, tree, name);
}

}  // namespace papbench
