// results/nbc_overlap.hpp: IMB-NBC's overlap figure and the medians it is read from.
#include "results/nbc_overlap.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace papbench::results {
namespace {

TEST(NbcOverlap, FullyHiddenCommunicationIsOne) {
  // Compute far longer than communication, the collective done behind it.
  EXPECT_DOUBLE_EQ(overlap_fraction(50e3, 4e6, 4e6), 1.0);
  // IMB-NBC's code divides by the longer: the same run reads as 50 us / 4 ms there.
  EXPECT_NEAR(overlap_fraction(50e3, 4e6, 4e6, OverlapDenominator::kMax), 50e3 / 4e6, 1e-12);
}

TEST(NbcOverlap, SerialIsZeroAndClamped) {
  EXPECT_DOUBLE_EQ(overlap_fraction(50e3, 4e6, 4.05e6), 0.0);
  EXPECT_DOUBLE_EQ(overlap_fraction(50e3, 4e6, 5e6), 0.0);  // slower than serial: clamped
  EXPECT_DOUBLE_EQ(overlap_fraction(50e3, 4e6, 3e6), 1.0);  // faster than either: clamped
  EXPECT_NEAR(overlap_fraction(100, 100, 150), 0.5, 1e-12);
  EXPECT_NEAR(overlap_fraction(100, 100, 150, OverlapDenominator::kMax), 0.5, 1e-12);
}

TEST(NbcOverlap, NothingToHideIsZero) {
  EXPECT_DOUBLE_EQ(overlap_fraction(50e3, 0, 50e3), 0.0);
  EXPECT_DOUBLE_EQ(overlap_fraction(0, 0, 0), 0.0);
}

TEST(NbcOverlap, ReadOnTheRankOfTheLargestOverlappedTime) {
  const std::vector<double> pure = {10, 20, 30};
  const std::vector<double> cpu = {100, 100, 100};
  const std::vector<double> ovrl = {105, 120, 110};
  const NbcOverlap o = nbc_overlap(pure, cpu, ovrl);
  EXPECT_EQ(o.rank, 1);
  EXPECT_DOUBLE_EQ(o.t_pure_ns, 20);
  EXPECT_DOUBLE_EQ(o.t_ovrl_ns, 120);
  EXPECT_DOUBLE_EQ(o.overlap, 0.0);  // 20 + 100 - 120
  EXPECT_EQ(nbc_overlap({}, {}, {}).rank, -1);
  EXPECT_EQ(nbc_overlap(pure, cpu, std::vector<double>{1, 2}).rank, -1);
}

TEST(NbcOverlap, MediansOverTheKeptIterationsPerRank) {
  CaseRecord rec;
  rec.arrival_ns = Matrix(3, 2);
  rec.exit_ns = Matrix(3, 2);
  Matrix compute(3, 2), test(3, 2);
  for (int it = 0; it < 3; ++it) {
    for (int r = 0; r < 2; ++r) {
      rec.arrival_ns.at(it, r) = 1000 * it;
      rec.exit_ns.at(it, r) = 1000 * it + 100 * (it + 1) + r;
      compute.at(it, r) = 10 * (it + 1);
      test.at(it, r) = r;
    }
  }
  rec.metrics["nbc_compute_ns"] = compute;
  rec.metrics["nbc_test_ns"] = test;
  const std::vector<std::size_t> kept = {0, 2};
  EXPECT_EQ(median_post_to_completion(rec, kept), (std::vector<double>{200, 201}));
  EXPECT_EQ(median_overlap_compute(rec, kept), (std::vector<double>{20, 21}));
  // A record without the metrics (a blocking case) has no compute to read.
  rec.metrics.clear();
  EXPECT_TRUE(median_overlap_compute(rec, kept).empty());
  // An iteration beyond the matrices: nothing rather than a read past them.
  EXPECT_TRUE(median_post_to_completion(rec, std::vector<std::size_t>{5}).empty());
}

}  // namespace
}  // namespace papbench::results
