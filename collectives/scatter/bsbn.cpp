// scatter/bsbn: Background Sorted BiNomial ([Proficz2020] §4.1, Fig. 8; see docs/ALGORITHMS.md,
// Errata: BSBN scatter): SBN's tree, but every non-root receives its subtree and forwards its
// children's parts from the PAT background thread, during its computation. Late intermediate ranks
// then no longer hold up their subtrees (Eq. 15); only the root sends from the foreground, once its
// data exists.
//
// Cost, simultaneous arrival: lgp.alpha + n.((p-1)/p).beta, as BNOM ([Proficz2020] Eq. 7).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eq. 15).
#include <vector>

#include "collectives/core/block_tree.hpp"
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_aware_algorithm.hpp"
#include "collectives/scatter/scatter.hpp"

namespace papbench {
namespace {

constexpr int kScatterBsbnTag = 1;

class ScatterBsbn final : public PatBackgroundAlgorithm {
 public:
  ScatterBsbn() : PatBackgroundAlgorithm("scatter/bsbn") {}
  void run(const Args& a) override {
    PatRuntime& pat = runtime(a);
    if (comm().rank() == a.root) {
      const BlockTree tree = lowbit_tree(sbn_scatter_slots(pat.arrivals(), a.root), true);
      slot_ = tree.slot_of[static_cast<std::size_t>(comm().rank())];
      tree_scatter_root(tree, a, comm().get(), kScatterBsbnTag, staging_);
    } else {
      pat.wait_background();  // orders the thread's write of slot_ before the runner reads it
    }
  }
  void background(const Args& a, std::span<const std::int64_t> arrivals) override {
    if (comm().rank() == a.root) return;
    // Its own scratch: the foreground never touches it.
    const BlockTree tree = lowbit_tree(sbn_scatter_slots(arrivals, a.root), true);
    slot_ = tree.slot_of[static_cast<std::size_t>(comm().rank())];
    tree_scatter_nonroot(tree, a, comm().get(), kScatterBsbnTag, background_staging_);
  }
  // The slot this rank held in the tree of the last call: where the exchanged arrivals placed
  // it (e2e.sbn_placement checks it against a known late rank).
  std::vector<AlgMetric> iteration_metrics() const override { return {{"sbn_slot", slot_}}; }

 private:
  std::vector<std::byte> staging_, background_staging_;
  int slot_ = 0;
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_bsbn(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterBsbn>();
}

}  // namespace papbench
