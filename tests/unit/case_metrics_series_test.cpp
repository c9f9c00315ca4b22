// Metric definitions checked on a hand-made two-iteration, three-rank case.
#include <gtest/gtest.h>

#include <initializer_list>
#include <set>
#include <string>

#include "results/case_metrics.hpp"
#include "tests/unit/matrix_rows.hpp"

namespace papbench::results {
namespace {

CaseRecord tiny_case() {
  CaseRecord rec;
  rec.collective = "reduce";
  rec.algorithm = "native";
  rec.iterations = 2;
  rec.ranks = 3;
  rec.complete = true;
  rec.arrival_ns = rows({{100, 130, 110}, {1000, 1000, 1050}});
  rec.exit_ns = rows({{200, 210, 190}, {1100, 1120, 1110}});
  rec.planned_delay_ns = rows({{0, 30, 10}, {0, 0, 40}});
  rec.planned_arrival_ns = rows({{100, 128, 111}, {995, 1000, 1040}});
  return rec;
}

TEST(CaseMetrics, RunTimeIsLastExitMinusFirstArrival) {
  // it 0: 210 - 100; it 1: 1120 - 1000.
  EXPECT_EQ(metric_series(tiny_case(), Metric::kRunTime), (std::vector<double>{110, 120}));
}

TEST(CaseMetrics, ElapsedIsMeanPerRankTime) {
  // it 0: (100 + 80 + 80) / 3; it 1: (100 + 120 + 60) / 3.
  const auto e = metric_series(tiny_case(), Metric::kElapsed);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_DOUBLE_EQ(e[0], 260.0 / 3);
  EXPECT_DOUBLE_EQ(e[1], 280.0 / 3);
}

TEST(CaseMetrics, AfterLastArrival) {
  // it 0: 210 - 130; it 1: 1120 - 1050.
  EXPECT_EQ(metric_series(tiny_case(), Metric::kAfterLastArrival), (std::vector<double>{80, 70}));
}

TEST(CaseMetrics, PatOverlapIsTheCallsShareOfTheThreadsBusyTime) {
  CaseRecord rec = tiny_case();
  EXPECT_TRUE(metric_series(rec, Metric::kPatOverlap).empty());  // no PAT thread, no values
  // it 0: busy until 150 (50 of [100, 200)), done before arrival (0), after exit (80 of [110,
  // 190)); it 1: 20 of [1000, 1100), 120 of [1000, 1120), done exactly at arrival (0).
  rec.pat_exchange_done_ns = rows({{90, 90, 90}, {990, 990, 990}});
  rec.pat_work_done_ns = rows({{150, 120, 400}, {1020, 1200, 1050}});
  EXPECT_EQ(metric_series(rec, Metric::kPatOverlap), (std::vector<double>{130.0 / 3, 140.0 / 3}));
}

TEST(CaseMetrics, AchievedAndPlannedImbalance) {
  EXPECT_EQ(metric_series(tiny_case(), Metric::kImbalance), (std::vector<double>{30, 50}));
  EXPECT_EQ(metric_series(tiny_case(), Metric::kPlannedImbalance), (std::vector<double>{30, 40}));
}

TEST(CaseMetrics, ArrivalErrorIsWorstAbsoluteDeviation) {
  // it 0: |0|, |+2|, |-1| -> 2; it 1: |+5|, |0|, |+10| -> 10.
  EXPECT_EQ(metric_series(tiny_case(), Metric::kArrivalError), (std::vector<double>{2, 10}));
}

TEST(CaseMetrics, LateAndWrongIterationsAreLeftOutUnlessKept) {
  CaseRecord rec = tiny_case();
  rec.late = {1, 0};
  const IterationSelection dropped_late = select_iterations(rec, {});
  EXPECT_EQ(dropped_late.kept, (std::vector<std::size_t>{1}));
  EXPECT_EQ(dropped_late.dropped_late, 1);
  EXPECT_EQ(metric_series(rec, Metric::kRunTime, dropped_late), (std::vector<double>{120}));
  EXPECT_EQ(select_iterations(rec, {.include_late = true}).kept.size(), 2u);

  // Late and wrong counts as wrong; kept only when both are included.
  rec.validation = {static_cast<std::uint8_t>(IterationCheck::kFailed),
                    static_cast<std::uint8_t>(IterationCheck::kPassed)};
  const IterationSelection s = select_iterations(rec, {.include_late = true});
  EXPECT_EQ(s.dropped_invalid, 1);
  EXPECT_EQ(s.dropped_late, 0);
  EXPECT_EQ(select_iterations(rec, {.include_invalid = true}).dropped_late, 1);
  EXPECT_EQ(select_iterations(rec, {true, true}).kept.size(), 2u);

  // Files before format 1.3 have no verdicts: nothing is dropped as wrong.
  rec.validation.clear();
  EXPECT_EQ(select_iterations(rec, {.include_late = true}).kept.size(), 2u);
}

TEST(CaseMetrics, NamesAreStableAndDistinct) {
  EXPECT_EQ(metric_name(Metric::kRunTime), "run_time");
  EXPECT_EQ(metric_name(Metric::kElapsed), "elapsed");
  EXPECT_EQ(metric_name(Metric::kAfterLastArrival), "after_last_arrival");
  EXPECT_EQ(metric_name(Metric::kImbalance), "imbalance");
  EXPECT_EQ(metric_name(Metric::kPlannedImbalance), "planned_imbalance");
  EXPECT_EQ(metric_name(Metric::kArrivalError), "arrival_error");
  std::set<std::string_view> names;
  for (Metric m : kAllMetrics) names.insert(metric_name(m));
  EXPECT_EQ(names.size(), std::size(kAllMetrics));
}

TEST(CaseMetrics, MismatchedShapesAreAFormatError) {
  CaseRecord rec = tiny_case();
  rec.exit_ns = Matrix(1, 3);
  EXPECT_THROW(metric_series(rec, Metric::kRunTime), FormatError);
  // Metrics that do not read exit_ns are unaffected.
  EXPECT_EQ(metric_series(rec, Metric::kImbalance).size(), 2u);
  try {
    metric_series(rec, Metric::kElapsed);
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("exit_ns is 1x3"), std::string::npos) << e.what();
  }
}

TEST(CaseMetrics, MissingPlanGivesEmptyPlannedSeries) {
  CaseRecord rec = tiny_case();
  rec.planned_delay_ns = Matrix();
  rec.planned_arrival_ns = Matrix();
  EXPECT_TRUE(metric_series(rec, Metric::kPlannedImbalance).empty());
  EXPECT_TRUE(metric_series(rec, Metric::kArrivalError).empty());
  EXPECT_EQ(metric_series(rec, Metric::kRunTime).size(), 2u);
}

TEST(CaseMetrics, NoIterationsGivesEmptySeries) {
  CaseRecord rec;
  EXPECT_TRUE(metric_series(rec, Metric::kRunTime).empty());
}

}  // namespace
}  // namespace papbench::results
