// scatter/bsln: Background Sorted LiNear ([Proficz2020] §4.1, Fig. 6): as SLIN, but a non-root
// posts its receive from the PAT background thread as soon as the arrival times are exchanged,
// while it still computes. The root's sorted blocking sends then complete even to ranks that are
// late, so a late leaf no longer delays anyone (Eq. 11). The root sends from the foreground: its
// data exists only once it arrives.
//
// Cost, simultaneous arrival: (p-1).alpha + n.((p-1)/p).beta, as LIN ([Proficz2020] Eq. 3).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eq. 11).
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_aware_algorithm.hpp"
#include "collectives/scatter/linear_scatter.hpp"
#include "collectives/scatter/scatter.hpp"

namespace papbench {
namespace {

constexpr int kScatterBslnTag = 1;

class ScatterBsln final : public PatBackgroundAlgorithm {
 public:
  ScatterBsln() : PatBackgroundAlgorithm("scatter/bsln") {}
  void run(const Args& a) override {
    PatRuntime& pat = runtime(a);
    if (comm().rank() == a.root) {
      linear_scatter_root(a, comm().get(), kScatterBslnTag,
                          ranks_by_arrival(pat.arrivals(), ArrivalOrder::kEarliestFirst));
    } else {
      pat.wait_background();
    }
  }
  void background(const Args& a, std::span<const std::int64_t>) override {
    if (comm().rank() != a.root) linear_scatter_receive(a, comm().get(), kScatterBslnTag);
  }
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_bsln(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterBsln>();
}

}  // namespace papbench
