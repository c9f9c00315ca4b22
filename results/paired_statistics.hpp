#pragma once
// Paired comparison of two cases measured under the same planned arrivals: iteration i of A and
// iteration i of B saw the same delays (same pattern, seed, ranks and iterations), so their ratio
// cancels the planned imbalance that an unpaired comparison has to resample as noise.

#include <cstdint>
#include <span>
#include <vector>

namespace papbench::stats {

// b / a of one pair, 1 when the two are equal (0 / 0 included: the same value on both sides is
// no change, whatever it is); +inf when only a is 0.
double pair_ratio(double a, double b);

struct WilcoxonSignedRank {
  double v = 0;        // sum of the ranks of the positive differences (R's V)
  double p = 1;        // two-sided
  bool exact = false;  // exact null distribution rather than the normal approximation
};
// Wilcoxon's signed-rank test that the differences are symmetric about 0. Zero differences are
// dropped (Wilcoxon's rule, R's default); p is 1 when none is left. Exact when fewer than 50
// remain and their magnitudes have no ties, otherwise the normal approximation with tie and
// continuity correction, as R's wilcox.test(paired = TRUE). Unlike R, which falls back to the
// normal approximation whenever a zero was dropped, the exact (conditional) distribution is
// used then too, so p differs slightly from R's when some differences are 0.
WilcoxonSignedRank wilcoxon_signed_rank(std::span<const double> differences);

struct PairedComparison {
  double median_ratio = 0;                     // median of the per-iteration ratios b_i / a_i
  double ratio_ci_low = 0, ratio_ci_high = 0;  // paired bootstrap 95% CI of that median
  double wilcoxon_p = 1;                       // signed-rank test of b_i - a_i, all launches
};

// a[k] and b[k] are launch k's kept iterations, a[k][i] paired with b[k][i] (equal lengths). The
// CI resamples launch pairs, then iteration pairs within each drawn launch ([HoeflerBelli2015]'s
// hierarchy of variance); with one launch it resamples iteration pairs. Deterministic in seed.
PairedComparison compare_paired(std::span<const std::vector<double>> a,
                                std::span<const std::vector<double>> b, std::uint64_t seed = 1,
                                int resamples = 2000);

}  // namespace papbench::stats
