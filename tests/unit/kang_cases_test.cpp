// What papbench-report's [Kang2019] views read from an intergroup case: its shape and setting
// from the params, and the paper's timing (slowest rank, fastest and slowest iteration dropped)
// from the raw timestamps, on records built here with known times.
#include <gtest/gtest.h>

#include "common/errors.hpp"
#include "results/case_metrics.hpp"
#include "results/result_set.hpp"
#include "tests/unit/report_view_checks.hpp"
#include "tools/report/tables/intergroup_cases.hpp"

namespace papbench::report {
namespace {

using results::CaseRecord;
using results::Matrix;
namespace im = intergroup_model;

// Iteration i: rank 0 takes 0.5 ms, rank 1 takes slowest_ms[i].
CaseRecord timed(const std::vector<double>& slowest_ms) {
  CaseRecord rec;
  rec.collective = "intergroup_allgather";
  rec.algorithm = "alg1";
  rec.params = "groups=1:1,placement=block,ka-factor=1,kb-factor=1";
  rec.dtype = "int";
  rec.count = 4;
  const int n = static_cast<int>(slowest_ms.size());
  rec.arrival_ns = Matrix(n, 2);
  rec.exit_ns = Matrix(n, 2);
  for (int i = 0; i < n; ++i) {
    rec.arrival_ns.at(i, 0) = rec.arrival_ns.at(i, 1) = 100 * kMs * i;
    rec.exit_ns.at(i, 0) = 100 * kMs * i + kMs / 2;
    rec.exit_ns.at(i, 1) = 100 * kMs * i + static_cast<std::int64_t>(slowest_ms[i] * kMs);
  }
  rec.late.assign(static_cast<std::size_t>(n), 0);
  return rec;
}

// The views pass the iterations every view keeps (kept_iterations); by default, on time and valid.
std::optional<PaperTiming> paper_timing(const CaseRecord& rec) {
  return report::paper_timing(rec, results::select_iterations(rec, {}));
}

TEST(KangCases, PaperTimingDropsTheFastestAndSlowestIteration) {
  const CaseRecord ten = timed({10, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  const auto t = paper_timing(ten);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->iterations, 10);
  EXPECT_EQ(t->averaged, 8);
  EXPECT_TRUE(t->trimmed);
  EXPECT_DOUBLE_EQ(t->mean_ns, 5.5 * kMs);  // mean of 2..9

  CaseRecord late = ten;
  late.late[0] = 1;  // the 10 ms iteration is left out first; then 1 and 9 are dropped
  EXPECT_DOUBLE_EQ(paper_timing(late)->mean_ns, 5.0 * kMs);
  EXPECT_EQ(paper_timing(late)->iterations, 9);

  const auto two = paper_timing(timed({1, 2}));  // too few to drop anything
  EXPECT_FALSE(two->trimmed);
  EXPECT_DOUBLE_EQ(two->mean_ns, 1.5 * kMs);
  // The slowest rank counts, even when it is rank 0.
  EXPECT_DOUBLE_EQ(paper_timing(timed({0.1, 0.1, 0.1}))->mean_ns, 0.5 * kMs);
  EXPECT_EQ(paper_timing(timed({})), std::nullopt);
}

TEST(KangCases, ShapeAndSettingFromTheParams) {
  CaseRecord rec = timed({1});
  rec.count = 1000;
  rec.params = "groups=50:14,placement=block,ka-factor=1,kb-factor=0.25,exchange=sendrecv";
  auto c = intergroup_case(0, rec);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->setting, im::Setting::kS3);
  EXPECT_FALSE(c->setting_recorded);
  EXPECT_EQ(setting_text(*c), "S3");
  EXPECT_EQ(c->block_a_bytes, 4000);
  EXPECT_EQ(c->block_b_bytes, 1000);
  EXPECT_EQ(c->shape.a.total, 50 * 4000);
  EXPECT_EQ(c->variant, "exchange=sendrecv");

  rec.collective = "intergroup_allgatherv";
  rec.params = "groups=4:4,placement=block,ka-factor=1,kb-factor=1,dist=arith-code";
  c = intergroup_case(0, rec);
  EXPECT_EQ(c->setting, im::Setting::kS6);
  // 2 (i + 1) ceil(1000/4) ints: 500, 1000, 1500, 2000 -> 5000 ints, 20000 bytes.
  EXPECT_EQ(c->shape.a.total, 20000);
  EXPECT_EQ(c->shape.a.max_block, 8000);

  // A recorded setting wins; a shape of no setting has none.
  rec.params = "groups=25:7,placement=block,ka-factor=1,kb-factor=1,dist=equal,setting=S7";
  c = intergroup_case(0, rec);
  EXPECT_TRUE(c->setting_recorded);
  EXPECT_EQ(setting_text(*c), "S7");
  rec.params = "groups=4:2,placement=block,ka-factor=1,kb-factor=1,dist=equal";
  EXPECT_EQ(setting_text(*intergroup_case(0, rec)), "-");

  rec.params = "placement=block";
  EXPECT_THROW(intergroup_case(0, rec), UsageError);
  rec.collective = "allgather";
  EXPECT_EQ(intergroup_case(0, rec), std::nullopt);
}

}  // namespace
}  // namespace papbench::report
