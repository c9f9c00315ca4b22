// `count = LIST/P` in experiment files: [Proficz2020] and [ProficzOcetkiewicz2021] give
// scatter/gather sizes as totals and vary P, so a file names the totals and each run divides by its
// own process count.

#include <gtest/gtest.h>

#include "bench/run/experiment_file.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

TEST(ExperimentTotals, CountOverPKeepsTheTotalsForTheRunToDivide) {
  const Experiment e = parse_experiment(
      "name = t\ncollective = scatter\ncount = 128Ki,2Mi/P\nquick.count = 1Ki /P\n", "t.exp",
      false);
  EXPECT_EQ(e.count_totals, "128Ki,2Mi");
  EXPECT_EQ(e.raw.count, "128Ki,2Mi");
  const Experiment quick = parse_experiment(
      "name = t\ncollective = scatter\ncount = 128Ki,2Mi/P\nquick.count = 1Ki /P\n", "t.exp", true);
  EXPECT_EQ(quick.count_totals, "1Ki");
  const Experiment plain = parse_experiment("name = t\ncount = 4Ki\n", "t.exp", false);
  EXPECT_EQ(plain.count_totals, "");
  EXPECT_EQ(plain.raw.count, "4Ki");
}

TEST(ExperimentTotals, PerRankCountsAreFloorDivisions) {
  EXPECT_EQ(per_rank_counts("128Ki,256Ki,512Ki,1Mi,2Mi", 48), "2730,5461,10922,21845,43690");
  EXPECT_EQ(per_rank_counts("2Mi", 4), "524288");
  EXPECT_EQ(per_rank_counts("3", 4), "0");  // fewer elements than ranks: empty blocks
  EXPECT_EQ(per_rank_counts("128Ki:512Ki:x2", 1), "131072,262144,524288");
}

TEST(ExperimentTotals, ABadTotalNamesTheLine) {
  try {
    parse_experiment("name = t\ncount = lots/P\n", "t.exp", false);
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("t.exp:2: --count"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace papbench
