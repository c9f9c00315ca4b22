// The instances of `papbench schedgen` follow [ProficzOcetkiewicz2021] §5.7 (docs/ALGORITHMS.md,
// Deviation: schedule-generation instances): ranges, roots, N = P, the skewed shape,
// reproducibility from (seed, pattern, P, rep), and uniform arrivals that are actually spread over
// [0, P + 0.1].
#include "bench/commands/schedgen_instance.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace papbench::schedgen {
namespace {

constexpr std::int64_t kUnit = kTicksPerUnit;

TEST(SchedgenInstance, UniformRangesRootAndSegments) {
  for (const int P : {1, 4, 37, 512}) {
    for (int rep = 0; rep < 20; ++rep) {
      const clv::Instance in = make_instance(7, Pattern::kUniform, P, rep);
      ASSERT_EQ(in.arrival.size(), static_cast<std::size_t>(P));
      EXPECT_EQ(in.segments, P);
      EXPECT_GE(in.root, 0);
      EXPECT_LT(in.root, P);
      EXPECT_GE(in.round_time, kUnit / 1000);
      EXPECT_LE(in.round_time, kUnit);
      for (const std::int64_t a : in.arrival) {
        EXPECT_GE(a, 0);
        EXPECT_LE(a, P * kUnit + kUnit / 10);
      }
      EXPECT_NO_THROW(clv::check_instance(in));
    }
  }
}

TEST(SchedgenInstance, SkewedShape) {
  for (const int P : {2, 4, 512}) {
    const clv::Instance in = make_instance(7, Pattern::kSkewed, P, 3);
    EXPECT_EQ(in.root, 0);
    EXPECT_EQ(in.segments, P);
    EXPECT_EQ(in.arrival.back(), static_cast<std::int64_t>(P) * kUnit);  // a_{P-1} = N
    EXPECT_TRUE(std::all_of(in.arrival.begin(), in.arrival.end() - 1,
                            [](std::int64_t a) { return a == 0; }));
    EXPECT_GE(in.round_time, kUnit / 1000);
    EXPECT_LE(in.round_time, kUnit);
  }
}

TEST(SchedgenInstance, ReproducibleAndDistinct) {
  const clv::Instance a = make_instance(11, Pattern::kUniform, 64, 5);
  const clv::Instance b = make_instance(11, Pattern::kUniform, 64, 5);
  EXPECT_EQ(a.arrival, b.arrival);
  EXPECT_EQ(a.round_time, b.round_time);
  EXPECT_EQ(a.root, b.root);
  EXPECT_NE(make_instance(11, Pattern::kUniform, 64, 6).arrival, a.arrival);
  EXPECT_NE(make_instance(12, Pattern::kUniform, 64, 5).arrival, a.arrival);
  // Skewed instances differ only in d: still one per rep.
  EXPECT_NE(make_instance(11, Pattern::kSkewed, 64, 5).round_time,
            make_instance(11, Pattern::kSkewed, 64, 6).round_time);
}

TEST(SchedgenInstance, UniformSpreadsOverTheRange) {
  // 250 instances of P = 64: the mean arrival is (P + 0.1) / 2 to well within 1%, both ends of
  // the range are approached, roots hit most processes, d spans [0.001, 1].
  const int P = 64;
  double sum = 0, dsum = 0;
  std::int64_t lo = P * kUnit, hi = 0, dlo = kUnit, dhi = 0;
  std::set<int> roots;
  const int reps = 250;
  for (int rep = 0; rep < reps; ++rep) {
    const clv::Instance in = make_instance(1, Pattern::kUniform, P, rep);
    for (const std::int64_t a : in.arrival) {
      sum += static_cast<double>(a);
      lo = std::min(lo, a);
      hi = std::max(hi, a);
    }
    dsum += static_cast<double>(in.round_time);
    dlo = std::min(dlo, in.round_time);
    dhi = std::max(dhi, in.round_time);
    roots.insert(in.root);
  }
  const double mean = sum / (reps * P) / kUnit;
  EXPECT_NEAR(mean, (P + 0.1) / 2, 0.01 * P);
  EXPECT_LT(lo, kUnit / 10);
  EXPECT_GT(hi, P * kUnit);
  EXPECT_GT(roots.size(), 55U);
  EXPECT_NEAR(dsum / reps / kUnit, 0.5005, 0.05);
  EXPECT_LT(dlo, kUnit / 50);
  EXPECT_GT(dhi, kUnit * 49 / 50);
}

TEST(SchedgenInstance, DrawTicksIsInclusiveAndBounded) {
  std::mt19937_64 rng(3);
  std::set<std::int64_t> seen;
  for (int i = 0; i < 2000; ++i) {
    const std::int64_t v = draw_ticks(rng, -2, 2);
    ASSERT_GE(v, -2);
    ASSERT_LE(v, 2);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 5U);
}

TEST(SchedgenInstance, PatternNames) {
  EXPECT_EQ(parse_pattern("uniform"), Pattern::kUniform);
  EXPECT_EQ(parse_pattern("skewed"), Pattern::kSkewed);
  EXPECT_EQ(pattern_name(Pattern::kSkewed), "skewed");
  EXPECT_THROW(parse_pattern("random"), std::invalid_argument);
}

}  // namespace
}  // namespace papbench::schedgen
