#pragma once
// The overlap a nonblocking collective achieved (issue 46 item 2), after IMB-NBC: t_pure is the
// collective posted and waited for at once, t_CPU the compute between post and wait, t_ovrl post
// to completion with that compute, each a rank's median over the kept iterations (IMB: its mean;
// a median, as everywhere in papbench, so that one preempted iteration of a shared machine does
// not decide the figure), read on the rank whose t_ovrl is largest (IMB_output.c,
// IMB_display_times: rank_index = timing[MAX].offset[OVRLP]).
//
//   overlap = max(0, min(1, (t_pure + t_CPU - t_ovrl) / min(t_pure, t_CPU)))
//
// is the share of the shorter of communication and compute that ran hidden behind the other: 1
// when t_ovrl = max(t_pure, t_CPU), 0 when t_ovrl = t_pure + t_CPU. The IMB User's Guide and
// IMB_output.c's non-NBC branch divide by min; its NBC branch (intel/mpi-benchmarks src_c/
// IMB_output.c, `#ifdef NBC`) divides by max(t_pure, t_CPU), which equals min only where t_CPU =
// t_pure, as IMB-NBC calibrates it (IMB_cpu_exploit(t_pure)). Both are given: `overlap` (min) is
// papbench's figure, `overlap_imb_code` (max) IMB-NBC's as its code computes it.

#include <cstdint>
#include <span>

#include "results/result_set.hpp"

namespace papbench::results {

enum class OverlapDenominator { kMin, kMax };

// The formula above; 0 where the denominator is 0 (no compute, or no communication: nothing to
// hide). Fractions in [0, 1].
double overlap_fraction(double t_pure_ns, double t_cpu_ns, double t_ovrl_ns,
                        OverlapDenominator denominator = OverlapDenominator::kMin);

struct NbcOverlap {
  int rank = -1;  // the rank the times are read on; -1: not computable (no kept iteration)
  double t_pure_ns = 0, t_cpu_ns = 0, t_ovrl_ns = 0;
  double overlap = 0;           // OverlapDenominator::kMin
  double overlap_imb_code = 0;  // OverlapDenominator::kMax
};

// From per-rank values (index = rank), all of one size.
NbcOverlap nbc_overlap(std::span<const double> t_pure_ns, std::span<const double> t_cpu_ns,
                       std::span<const double> t_ovrl_ns);

// Per rank, the median over the `kept` iterations of a record's post-to-completion time (exit -
// arrival), and of the compute between post and wait (the algorithm's metrics nbc_compute_ns +
// nbc_test_ns: the MPI_Test calls are part of the compute phase they interrupt). Empty where the
// record lacks them.
std::vector<double> median_post_to_completion(const CaseRecord& rec,
                                              std::span<const std::size_t> kept);
std::vector<double> median_overlap_compute(const CaseRecord& rec,
                                           std::span<const std::size_t> kept);

}  // namespace papbench::results
