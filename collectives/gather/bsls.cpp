// gather/bsls: Background Sorted Linear Synchronized ([Proficz2020] §4.2, Fig. 10): SLS with the
// root's whole receive loop (sync messages included) in the PAT background thread, straight into
// the receive buffer. A late root thus still collects the leaves while it computes (Eq. 20); its
// foreground copies its own block (its data exists only once it arrives) and waits for the loop.
// Leaves send from the foreground for the same reason.
//
// Cost, simultaneous arrival: 3.(p-1).alpha + n.((p-1)/p).beta, as LS ([Proficz2020] Eq. 5).
// With imbalanced arrivals the cost depends on the arrival pattern (a late root: Eq. 20).
#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "collectives/core/block_tree.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/gather/gather.hpp"
#include "collectives/gather/linear_sync.hpp"
#include "collectives/pat/arrival_order.hpp"
#include "collectives/pat/pat_aware_algorithm.hpp"

namespace papbench {
namespace {

constexpr int kGatherBslsTag = 1;

class GatherBsls final : public PatBackgroundAlgorithm {
 public:
  explicit GatherBsls(std::optional<std::size_t> first_bytes)
      : PatBackgroundAlgorithm("gather/bsls"), first_bytes_(first_bytes) {}
  void run(const Args& a) override {
    if (comm().rank() == a.root) {
      // The background loop skips the root's block, so both threads never write the same bytes.
      const RankBlockBytes l(a);
      copy_bytes(l.at(a.recv, static_cast<std::size_t>(a.root)), a.send, l.bytes);
      runtime(a).wait_background();
    } else {
      linear_sync_leaf(a, comm().get(), kGatherBslsTag, ls_first_segment(a, first_bytes_));
    }
  }
  void background(const Args& a, std::span<const std::int64_t> arrivals) override {
    if (comm().rank() != a.root) return;
    std::vector<int> order = ranks_by_arrival(arrivals, ArrivalOrder::kEarliestFirst);
    std::erase(order, a.root);
    linear_sync_root(a, comm().get(), kGatherBslsTag, order, ls_first_segment(a, first_bytes_));
  }

 private:
  std::optional<std::size_t> first_bytes_;
};

}  // namespace

std::unique_ptr<Algorithm> make_gather_bsls(const AlgOptions& options) {
  return std::make_unique<GatherBsls>(parse_first_segment(options));
}

}  // namespace papbench
