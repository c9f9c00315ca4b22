// gather/bsbn: Background Sorted BiNomial ([Proficz2020] §4.2, Fig. 12; see docs/ALGORITHMS.md,
// Errata: BSBN gather): SBN's tree with every rank's receive phase in the PAT background thread,
// during its computation, so a late intermediate rank has its subtree collected by the time it
// arrives. The single send to the parent (and the root's reordering) stays in the foreground, after
// waiting for the receive phase - the wait the printed pseudo-code omits.
//
// Cost, simultaneous arrival: lgp.alpha + n.((p-1)/p).beta, as BNOM ([Proficz2020] Eq. 7).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eqs. 22, 24).
#include <vector>

#include "collectives/core/block_tree.hpp"
#include "collectives/gather/gather.hpp"
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_aware_algorithm.hpp"

namespace papbench {
namespace {

constexpr int kGatherBsbnTag = 1;

class GatherBsbn final : public PatBackgroundAlgorithm {
 public:
  GatherBsbn() : PatBackgroundAlgorithm("gather/bsbn") {}
  void run(const Args& a) override {
    runtime(a).wait_background();
    // The background thread is done with tree_ and staging_ (wait_background orders it).
    tree_gather_finish(tree_, a, comm().get(), kGatherBsbnTag, staging_);
  }
  // The slot this rank held in the tree of the last call: where the exchanged arrivals placed
  // it (e2e.sbn_placement checks it against a known late rank).
  std::vector<AlgMetric> iteration_metrics() const override {
    return {{"sbn_slot", tree_.slot_of[static_cast<std::size_t>(comm().rank())]}};
  }

  void background(const Args& a, std::span<const std::int64_t> arrivals) override {
    tree_ = highbit_tree(sbn_gather_slots(arrivals, a.root));
    tree_gather_receive(tree_, a, comm().get(), kGatherBsbnTag, staging_);
  }

 private:
  BlockTree tree_;
  std::vector<std::byte> staging_;
};

}  // namespace

std::unique_ptr<Algorithm> make_gather_bsbn(const AlgOptions& /*options*/) {
  return std::make_unique<GatherBsbn>();
}

}  // namespace papbench
