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
#include "collectives/pat/pat_aware_algorithm.hpp"

namespace papbench {
namespace {

constexpr int kGatherSlsTag = 1;

class GatherSls final : public PatAwareAlgorithm {
 public:
  explicit GatherSls(std::optional<std::size_t> first_bytes)
      : PatAwareAlgorithm("gather/sls"), first_bytes_(first_bytes) {}
  void run(const Args& a) override {
    const int first = ls_first_segment(a, first_bytes_);
    if (comm().rank() == a.root) {
      linear_sync_root(a, comm().get(), kGatherSlsTag,
                       ranks_by_arrival(runtime(a).arrivals(), ArrivalOrder::kEarliestFirst),
                       first);
    } else {
      linear_sync_leaf(a, comm().get(), kGatherSlsTag, first);
    }
  }

 private:
  std::optional<std::size_t> first_bytes_;
};

}  // namespace

std::unique_ptr<Algorithm> make_gather_sls(const AlgOptions& options) {
  return std::make_unique<GatherSls>(parse_first_segment(options));
}

}  // namespace papbench
