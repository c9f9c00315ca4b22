// gather/sbn: Sorted BiNomial ([Proficz2020] §4.2, Fig. 11; see docs/ALGORITHMS.md, Errata: SBN
// gather): the other ranks fill slots 1..P-1 latest first, on the highbit binomial tree (slot x
// sends once, to x - highbit(x), after receiving from x + k/2, x + k/4, ... > highbit(x)). Every
// child has a higher slot than its parent, so it arrives earlier and nobody waits for a late child;
// the root puts the blocks back in rank order at the end.
//
// Cost, simultaneous arrival: lgp.alpha + n.((p-1)/p).beta, as BNOM ([Proficz2020] Eq. 7).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eqs. 21, 23).
#include <vector>

#include "collectives/core/block_tree.hpp"
#include "collectives/gather/gather.hpp"
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kGatherSbnTag = 1;

class GatherSbn final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    PatRuntime& pat = require_pat(a, "gather/sbn");
    pat.use_alg(nullptr);
    pat.register_call(a);
  }
  void run(const Args& a) override {
    const BlockTree tree =
        highbit_tree(sbn_gather_slots(require_pat(a, "gather/sbn").arrivals(), a.root));
    slot_ = tree.slot_of[static_cast<std::size_t>(comm_.rank())];
    tree_gather_receive(tree, a, comm_.get(), kGatherSbnTag, staging_);
    tree_gather_finish(tree, a, comm_.get(), kGatherSbnTag, staging_);
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

std::unique_ptr<Algorithm> make_gather_sbn(const AlgOptions& /*options*/) {
  return std::make_unique<GatherSbn>();
}

}  // namespace papbench
