#pragma once
// [Nuriyev2022] Table 1's T^c_NBFT(P, m_s) and Q(m_s) = T^1_NBFT(2, m_s) / T^0_NBFT(2, m_s)
// (§5.1, Eqs. (14), (15)): the one place `papbench-report model bcast` (Table 1, and the Q its
// model selects with) and `papbench-report table nuriyev-q` (Q as a trend verdict) take them from,
// so the two cannot disagree.
//
// What T_NBFT(2, m_s) times (docs/MODEL.md, "Q: what T_NBFT(2, m_s) times"): the paper times N
// NBFTs separated by barriers on the root, so each call's share closes only once the child has
// the segment and has reached the barrier. Our reading is the time until the last rank has the
// segment (max over ranks of exit - the root's arrival, bcast_case_times.hpp), not the root's own
// waitall: an 8 KiB segment goes eagerly over TCP, so the root's waitall returns before the data
// has crossed the link and the root's clock alone makes Q about 1 on any network.

#include <map>
#include <optional>
#include <span>
#include <vector>

#include "results/case_comparison.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/models/model_bcast_cases.hpp"

namespace papbench::report {

// The flat broadcasts of one segment (not communication experiments) per P: every rank on one
// node (c = 0) or every rank on a node of its own (c = 1).
struct NbftCases {
  std::map<int, std::vector<CaseRef>> shm, net;
};

// Of papbench's own flat broadcast, or the library's forced basic_linear (`library`), of
// `segment` bytes.
NbftCases nbft_cases(std::span<const BcastMeasurement> all, bool library, long segment);

// T^c_NBFT(P, m_s) in seconds: the median, over the kept iterations of the cases (launches
// pooled), of the time until the last rank has the segment. A median, not the paper's mean
// theta/N: on a shared machine one descheduled iteration would otherwise set it.
double nbft_time_s(std::span<const CaseRef> cases);

// Q(m_s): compare's ratio of T^1_NBFT(2) to T^0_NBFT(2) (the medians above; the sides are
// independent samples, each file a launch) with its bootstrap CI. nullopt when a side is missing
// or has no kept iteration.
std::optional<stats::CaseComparison> nuriyev_q(const NbftCases& cases);

}  // namespace papbench::report
