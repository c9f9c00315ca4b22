// gather/sls: Sorted Linear Synchronized ([Proficz2020] §4.2, Fig. 9): LS with the root
// synchronizing the leaves in order of predicted arrival, earliest first, so a late leaf is
// collected last instead of blocking the ones already waiting (Eq. 18). Option first-segment as for
// gather/ls.
//
// Cost, simultaneous arrival: 3.(p-1).alpha + n.((p-1)/p).beta, as LS ([Proficz2020] Eq. 5).
// With imbalanced arrivals the cost depends on the arrival pattern (one late rank: Eqs. 18-19).
#include <optional>

#include "collectives/gather/gather.hpp"
#include "collectives/gather/linear_sync.hpp"
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kGatherSlsTag = 1;

class GatherSls final : public Algorithm {
 public:
  explicit GatherSls(std::optional<std::size_t> first_bytes) : first_bytes_(first_bytes) {}
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    PatRuntime& pat = require_pat(a, "gather/sls");
    pat.use_alg(nullptr);
    pat.register_call(a);
  }
  void run(const Args& a) override {
    const int first = ls_first_segment(a, first_bytes_);
    if (comm_.rank() == a.root) {
      linear_sync_root(
          a, comm_.get(), kGatherSlsTag,
          ranks_by_arrival(require_pat(a, "gather/sls").arrivals(), ArrivalOrder::kEarliestFirst),
          first);
    } else {
      linear_sync_leaf(a, comm_.get(), kGatherSlsTag, first);
    }
  }

 private:
  std::optional<std::size_t> first_bytes_;
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_gather_sls(const AlgOptions& options) {
  return std::make_unique<GatherSls>(parse_first_segment(options));
}

}  // namespace papbench
