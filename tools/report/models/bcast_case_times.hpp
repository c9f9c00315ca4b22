#pragma once
// How long a broadcast case took, by the two timings [Nuriyev2022] needs:
//   - on the root's clock, exit - arrival of the root: what the paper measures where the
//     operation closes on the root: the NBFTs of §5.1 (the root's waitall) and the communication
//     experiment of §5.2, whose flat gather ends on the root ("using the root clock where it is
//     started", §6.1);
//   - until the last rank has the data, max over ranks of exit - the root's arrival on the global
//     clock: what a plain broadcast costs the ranks. A chain's root leaves after its n_s sends
//     while its last rank needs P + n_s - 2 stages (Eq. (10)), so the root's own time would favour
//     chains; the models of Eqs. (1), (9)-(13) predict completion at every rank.
// Late iterations are left out, as everywhere in papbench-report.

#include <cmath>
#include <optional>
#include <vector>

#include "results/case_metrics.hpp"
#include "results/result_set.hpp"

namespace papbench::report {

struct BcastTime {
  double sum_s = 0;        // over the iterations kept
  double bound_sum_s = 0;  // the clocks' error bound of each, summed (0 on the root's clock)
  int iterations = 0;
  bool bounded = true;  // every iteration had clock bounds (format >= 1.4) where clocks compare

  double mean_s() const { return sum_s / iterations; }
  double mean_bound_s() const { return bounded ? bound_sum_s / iterations : std::nan(""); }
  // Pools another case of the same configuration (a repeated launch): iterations add up.
  void pool(const BcastTime& other);
};

// Both over the iterations `selection` keeps (kept_iterations: the ones every view keeps).
std::optional<BcastTime> root_clock_time(const results::CaseRecord& rec,
                                         const results::IterationSelection& selection);
// The bound of an iteration: the error the clocks can put into max f (the rank holding it, or a
// rank within its bound of it) plus the root's own bound at its arrival.
std::optional<BcastTime> last_rank_time(const results::CaseRecord& rec,
                                        const results::IterationSelection& selection);
// The same time per iteration, in ns, of the iterations `selection` keeps: the series
// compare and Q (tools/report/models/bcast_nbft_q.hpp) take, as metric_series gives a metric's.
std::vector<double> last_rank_series_ns(const results::CaseRecord& rec,
                                        const results::IterationSelection& selection);

}  // namespace papbench::report
