// scatter/sbn: Sorted BiNomial ([Proficz2020] §4.1, Fig. 7; see docs/ALGORITHMS.md, Errata: SBN
// scatter): the binomial scatter whose tree slots are filled by predicted arrival. Slots 1..P-1,
// ordered by their bit reversal, take the other ranks earliest first; every slot sends its largest
// subtree first. The earliest ranks thus receive first and carry the big subtrees, and no parent
// arrives after its children (Eq. 14). Every rank builds the same tree from the exchanged times.
//
// Cost, simultaneous arrival: lgp.alpha + n.((p-1)/p).beta, as BNOM ([Proficz2020] Eq. 7).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eq. 14).
#include <vector>

#include "collectives/core/block_tree.hpp"
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "collectives/scatter/scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kScatterSbnTag = 1;

class ScatterSbn final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    PatRuntime& pat = require_pat(a, "scatter/sbn");
    pat.use_alg(nullptr);
    pat.register_call(a);
  }
  void run(const Args& a) override {
    const BlockTree tree =
        lowbit_tree(sbn_scatter_slots(require_pat(a, "scatter/sbn").arrivals(), a.root), true);
    slot_ = tree.slot_of[static_cast<std::size_t>(comm_.rank())];
    if (comm_.rank() == a.root) {
      tree_scatter_root(tree, a, comm_.get(), kScatterSbnTag, staging_);
    } else {
      tree_scatter_nonroot(tree, a, comm_.get(), kScatterSbnTag, staging_);
    }
  }
  // The slot this rank held in the tree of the last call: where the exchanged arrivals placed
  // it (e2e.sbn_placement checks it against a known late rank).
  std::vector<AlgMetric> iteration_metrics() const override { return {{"sbn_slot", slot_}}; }

 private:
  Comm comm_;
  std::vector<std::byte> staging_;
  int slot_ = 0;
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_sbn(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterSbn>();
}

}  // namespace papbench
