// scatter/slin: Sorted LINear ([Proficz2020] §4.1, Fig. 5): the linear scatter with the root
// serving the ranks in order of their predicted arrival, earliest first, so a late rank no longer
// blocks the blocking sends to the ranks that are already waiting (Eq. 10). Only the root uses the
// arrival times; the others receive as in LIN.
//
// Cost, simultaneous arrival: (p-1).alpha + n.((p-1)/p).beta, as LIN ([Proficz2020] Eq. 3).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eq. 10).
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_aware_algorithm.hpp"
#include "collectives/scatter/linear_scatter.hpp"
#include "collectives/scatter/scatter.hpp"

namespace papbench {
namespace {

constexpr int kScatterSlinTag = 1;

class ScatterSlin final : public PatAwareAlgorithm {
 public:
  ScatterSlin() : PatAwareAlgorithm("scatter/slin") {}
  void run(const Args& a) override {
    if (comm().rank() == a.root) {
      const auto order = ranks_by_arrival(runtime(a).arrivals(), ArrivalOrder::kEarliestFirst);
      linear_scatter_root(a, comm().get(), kScatterSlinTag, order);
    } else {
      linear_scatter_receive(a, comm().get(), kScatterSlinTag);
    }
  }
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_slin(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterSlin>();
}

}  // namespace papbench
