// --order's schedule (bench/run/run_order.hpp): which cases form a group, and which case takes each
// turn of a group for every order, with a case dropping out on --reps-until-ci's stop; and
// --warmup-settle's rule (bench/run/warmup_settle.hpp).
#include "bench/run/run_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bench/run/warmup_settle.hpp"

namespace papbench {
namespace {

using Groups = std::vector<std::vector<std::size_t>>;
using Turns = std::vector<std::size_t>;

// The turns of rounds [0, rounds), dropping `drop` after its turn in round `drop_after`.
Turns turns_of(RoundRobin& rr, int rounds, std::size_t drop = 99, int drop_after = -1) {
  Turns out;
  for (int r = 0; r < rounds && !rr.done(); ++r) {
    for (std::size_t m : rr.round(r)) {
      out.push_back(m);
      if (m == drop && r == drop_after) rr.drop(m);
    }
  }
  return out;
}

TEST(RunGroups, CasesOfOneWorkloadFormAGroupInOrderOfTheirFirstCase) {
  // Algorithm outermost, as expand_cases makes them: A@1 A@2 B@1 B@2 C@1.
  const std::vector<std::string> keys{"count=1", "count=2", "count=1", "count=2", "count=1"};
  EXPECT_EQ(run_groups(keys, RunOrder::kInterleaved), (Groups{{0, 2, 4}, {1, 3}}));
  EXPECT_EQ(run_groups(keys, RunOrder::kShuffled), (Groups{{0, 2, 4}, {1, 3}}));
  EXPECT_EQ(run_groups(keys, RunOrder::kSequential), (Groups{{0}, {1}, {2}, {3}, {4}}));
}

TEST(RoundRobin, InterleavedTakesTurnsInCaseOrderEveryRound) {
  RoundRobin rr(3, RunOrder::kInterleaved, 1, 0);
  EXPECT_EQ(turns_of(rr, 3), (Turns{0, 1, 2, 0, 1, 2, 0, 1, 2}));
}

TEST(RoundRobin, ACaseThatStopsDropsOutAndTheOthersGoOn) {
  RoundRobin rr(3, RunOrder::kInterleaved, 1, 0);
  // Case 1 reaches its --reps-until-ci criterion in round 1.
  EXPECT_EQ(turns_of(rr, 4, 1, 1), (Turns{0, 1, 2, 0, 1, 2, 0, 2, 0, 2}));
  EXPECT_FALSE(rr.running(1));
  EXPECT_TRUE(rr.running(0));
  rr.drop(0);
  rr.drop(2);
  EXPECT_TRUE(rr.done());
  EXPECT_TRUE(rr.round(5).empty());
}

TEST(RoundRobin, SequentialGroupOfOneRunsItsCaseAlone) {
  RoundRobin rr(1, RunOrder::kSequential, 1, 0);
  EXPECT_EQ(turns_of(rr, 3), (Turns{0, 0, 0}));
}

TEST(RoundRobin, ShuffledPermutesEveryRoundFromTheSeed) {
  constexpr int kRounds = 40;
  RoundRobin a(4, RunOrder::kShuffled, 7, 2);
  RoundRobin same(4, RunOrder::kShuffled, 7, 2);
  RoundRobin other_seed(4, RunOrder::kShuffled, 8, 2);
  RoundRobin other_group(4, RunOrder::kShuffled, 7, 3);
  const Turns turns = turns_of(a, kRounds);
  EXPECT_EQ(turns, turns_of(same, kRounds));  // every rank draws the same turns
  EXPECT_NE(turns, turns_of(other_seed, kRounds));
  EXPECT_NE(turns, turns_of(other_group, kRounds));
  std::vector<Turns> distinct;
  for (int r = 0; r < kRounds; ++r) {
    Turns round(turns.begin() + 4 * r, turns.begin() + 4 * (r + 1));
    Turns sorted = round;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (Turns{0, 1, 2, 3})) << "round " << r;  // each case once per round
    if (std::find(distinct.begin(), distinct.end(), round) == distinct.end()) {
      distinct.push_back(round);
    }
  }
  EXPECT_GT(distinct.size(), 5U);  // not one fixed order (24 exist)
  // A dropped case leaves a permutation of the others.
  RoundRobin d(4, RunOrder::kShuffled, 7, 2);
  d.drop(2);
  Turns rest = d.round(0);
  std::sort(rest.begin(), rest.end());
  EXPECT_EQ(rest, (Turns{0, 1, 3}));
}

TEST(WarmupSettled, MediansOfTwoWindowsWithinTheFraction) {
  const std::vector<double> falling{200, 180, 160, 150, 140, 130, 120, 110, 105, 100};
  EXPECT_FALSE(warmup_settled(falling, 0.05));
  const std::vector<double> flat{200, 150, 101, 100, 99, 100, 102, 98, 100, 101};
  EXPECT_TRUE(warmup_settled(flat, 0.05));
  // One slow iteration in the last window moves no median.
  const std::vector<double> spike{100, 101, 99, 100, 100, 100, 500, 99, 101, 100};
  EXPECT_TRUE(warmup_settled(spike, 0.05));
  EXPECT_FALSE(warmup_settled(std::vector<double>(9, 100.0), 0.05));  // too few to tell
}

}  // namespace
}  // namespace papbench
