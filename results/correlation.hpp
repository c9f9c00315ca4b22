#pragma once
// Correlation of PAPI counter values with normalized arrival time ([Parsons2015] §3.6, Figs.
// 3.7-3.13 as numbers): Pearson's r, and Spearman's rho as Pearson's r of ranks with ties averaged.

#include <span>
#include <vector>

#include "results/result_set.hpp"

namespace papbench::stats {

// Pearson's product-moment r; NaN when the spans differ in size, hold fewer than 2 values, or
// either is constant (no defined correlation).
double pearson(std::span<const double> x, std::span<const double> y);

// 1-based ranks; tied values share the mean of the ranks they span (so 1,2,2,3 -> 1,2.5,2.5,4).
std::vector<double> average_ranks(std::span<const double> x);

// Spearman's rho = Pearson's r of average_ranks(x) and average_ranks(y); NaN as pearson().
double spearman(std::span<const double> x, std::span<const double> y);

// Per invocation, (a_i - min a) / (max a - min a) in [0, 1]: 0 first, 1 last. When every rank
// arrived at once (omega = 0) all get 0 — nobody was late. Row-major [invocation][rank].
std::vector<double> normalized_arrivals(const results::Matrix& arrival);

}  // namespace papbench::stats
