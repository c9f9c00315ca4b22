// scatter/bsln: Background Sorted LiNear ([Proficz2020] §4.1, Fig. 6): as SLIN, but a non-root
// posts its receive from the PAT background thread as soon as the arrival times are exchanged,
// while it still computes. The root's sorted blocking sends then complete even to ranks that are
// late, so a late leaf no longer delays anyone (Eq. 11). The root sends from the foreground: its
// data exists only once it arrives.
//
// Cost, simultaneous arrival: (p-1).alpha + n.((p-1)/p).beta, as LIN ([Proficz2020] Eq. 3).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eq. 11).
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "collectives/scatter/linear_scatter.hpp"
#include "collectives/scatter/scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kScatterBslnTag = 1;

class ScatterBsln final : public Algorithm, public PatBackground {
 public:
  void prepare(const Args& a) override {
    PatRuntime& pat = require_pat(a, "scatter/bsln");
    pat.wait_idle();  // background() reads comm_
    comm_ = Comm::dup(a.comm);
    pat.use_alg(this);
    pat.register_call(a);
  }
  void run(const Args& a) override {
    PatRuntime& pat = require_pat(a, "scatter/bsln");
    if (comm_.rank() == a.root) {
      linear_scatter_root(a, comm_.get(), kScatterBslnTag,
                          ranks_by_arrival(pat.arrivals(), ArrivalOrder::kEarliestFirst));
    } else {
      pat.wait_background();
    }
  }
  void background(const Args& a, std::span<const std::int64_t>) override {
    if (comm_.rank() != a.root) linear_scatter_receive(a, comm_.get(), kScatterBslnTag);
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_bsln(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterBsln>();
}

}  // namespace papbench
