// When compare may pair iterations (results/iteration_pairing.hpp): same seed, iterations and
// planned delays in every launch pair; the pairs are the iterations kept on both sides.
#include "results/iteration_pairing.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace papbench::results {
namespace {

CaseRecord pairing_case(std::uint64_t seed, int iterations) {
  CaseRecord c;
  c.seed = seed;
  c.iterations = iterations;
  c.arrival_ns = Matrix(iterations, 2);
  c.planned_delay_ns = Matrix(iterations, 2);
  for (int i = 0; i < iterations; ++i) c.planned_delay_ns.at(i, 1) = 1000 * (i + 1);
  c.late.assign(static_cast<std::size_t>(iterations), 0);
  return c;
}

TEST(IterationPairing, SameArrivalsPairTheIterationsKeptOnBothSides) {
  CaseRecord a = pairing_case(7, 5), b = pairing_case(7, 5);
  a.late[1] = 1;
  b.late[3] = 1;
  const std::vector<const CaseRecord*> la = {&a}, lb = {&b};
  const PairingPlan plan = plan_pairing(la, lb, IterationFilter{});
  ASSERT_TRUE(plan.paired) << plan.why_not;
  ASSERT_EQ(plan.kept.size(), 1u);
  EXPECT_EQ(plan.kept[0].kept, (std::vector<std::size_t>{0, 2, 4}));
  EXPECT_EQ(plan.unmatched_kept, 2);  // 3 on A and 1 on B kept on one side only
}

TEST(IterationPairing, SaysWhatDiffers) {
  const CaseRecord a = pairing_case(7, 5);
  CaseRecord other_seed = pairing_case(8, 5), shorter = pairing_case(7, 4),
             moved = pairing_case(7, 5);
  moved.planned_delay_ns.at(2, 0) = 1;
  const std::vector<const CaseRecord*> la = {&a};
  const auto why = [&](const CaseRecord& b) {
    const std::vector<const CaseRecord*> lb = {&b};
    return plan_pairing(la, lb, IterationFilter{}).why_not;
  };
  EXPECT_EQ(why(other_seed), "seeds differ (7 vs 8)");
  EXPECT_EQ(why(shorter), "iteration counts differ (5 vs 4)");
  EXPECT_EQ(why(moved), "planned delays differ");
  const std::vector<const CaseRecord*> two = {&a, &a};
  const PairingPlan plan = plan_pairing(la, two, IterationFilter{});
  EXPECT_FALSE(plan.paired);
  EXPECT_EQ(plan.why_not, "launch counts differ (1 vs 2)");
  const std::vector<const CaseRecord*> second_differs = {&a, &other_seed};
  EXPECT_EQ(plan_pairing(two, second_differs, IterationFilter{}).why_not,
            "launch 2: seeds differ (7 vs 8)");
}

}  // namespace
}  // namespace papbench::results
