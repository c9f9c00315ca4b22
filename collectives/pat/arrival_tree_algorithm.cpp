#include "collectives/pat/arrival_tree_algorithm.hpp"

#include <string>
#include <vector>

#include "collectives/pat/pat_runtime.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kArrivalTreeTag = 1;  // on the algorithm's own communicator

class ArrivalTreeAlgorithm final : public Algorithm {
 public:
  ArrivalTreeAlgorithm(BlockFlow flow, ArrivalTree tree, std::string_view name)
      : flow_(flow), make_tree_(tree), name_(name) {}

  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    PatRuntime& pat = require_pat(a, name_);
    pat.use_alg(nullptr);
    pat.register_call(a);
  }
  void run(const Args& a) override {
    const BlockTree tree = make_tree_(require_pat(a, name_).arrivals(), a.root);
    slot_ = tree.slot_of[static_cast<std::size_t>(comm_.rank())];
    move_blocks(flow_, tree, a, comm_.get(), kArrivalTreeTag, staging_);
  }
  std::vector<AlgMetric> iteration_metrics() const override { return {{"sbn_slot", slot_}}; }

 private:
  BlockFlow flow_;
  ArrivalTree make_tree_;
  std::string name_;
  Comm comm_;
  std::vector<std::byte> staging_;
  int slot_ = 0;
};

}  // namespace

std::unique_ptr<Algorithm> make_arrival_tree_algorithm(BlockFlow flow, ArrivalTree tree,
                                                       std::string_view name) {
  return std::make_unique<ArrivalTreeAlgorithm>(flow, tree, name);
}

}  // namespace papbench
