// papbench-report's [Kang2019] figure views (table kang-fig5, kang-fig6) on result sets written
// here with known times: the blocks the ranks actually sent beside the nominal one, Eq. (5) at
// that shape, Algorithm 2 as the paper ran it in the speed-up, and the largest speed-up per N.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "results/result_set.hpp"
#include "tests/unit/report_view_checks.hpp"
#include "tests/unit/results_temp_dir.hpp"
#include "tools/report/tables/table_kang_figs.hpp"

namespace papbench::report {
namespace {

using results::CaseRecord;
using results::Matrix;

// Three iterations in which both ranks take `ms`.
CaseRecord allgatherv_case(const std::string& alg, const std::string& params, std::uint64_t count,
                           double ms) {
  CaseRecord c;
  c.collective = "intergroup_allgatherv";
  c.algorithm = alg;
  c.params = params;
  c.count = count;
  c.dtype = "int";
  c.pattern = "none";
  c.sync_mode = "barrier";
  c.iterations = 3;
  c.ranks = 2;
  c.validated = "pass";
  c.arrival_ns = Matrix(3, 2);
  c.exit_ns = Matrix(3, 2);
  c.planned_delay_ns = Matrix(3, 2);
  c.planned_arrival_ns = Matrix(3, 2);
  for (int i = 0; i < 3; ++i) {
    for (int r = 0; r < 2; ++r) {
      c.arrival_ns.at(i, r) = c.planned_arrival_ns.at(i, r) = kMs * 100 * (i + 1);
      c.exit_ns.at(i, r) = c.arrival_ns.at(i, r) + static_cast<std::int64_t>(ms * kMs);
    }
  }
  c.late.assign(3, 0);
  return c;
}

const Column* find_column(const Section& s, const std::string& key) {
  const auto& cols = s.table.columns;
  const auto it =
      std::find_if(cols.begin(), cols.end(), [&](const Column& c) { return c.key == key; });
  return it == cols.end() ? nullptr : &*it;
}

class KangViews : public results::ResultsTempDir {};

// C2048's S8 at 64 KiB per node: 512 ints per process over 1600:448 ranks. arith-code gives A
// 2 (i + 1) ints (mean 1601 ints, 3.1x the nominal 512) and B 4 (i + 1) ints; Eq. (5) at that
// shape is 4 + 3 K_B / K_A = 4.47, not the setting's 4.84.
TEST_F(KangViews, Fig5PrintsTheBlocksSentAndTheNonblockingAlgorithm2PerN) {
  const std::string s8 =
      "setting=S8,groups=1600:448,placement=block,ka-factor=1,kb-factor=1,"
      "dist=arith-code";
  const std::string s5 = "setting=S5,groups=2:2,placement=block,ka-factor=1,kb-factor=1,dist=equal";
  const auto files = write_result_files(
      path("f5.h5"), virtual_nodes_run_info(2, "papbench (kang_views_test)"),
      {allgatherv_case("native", s8, 512, 8),
       // The ordered variant first: the speed-up must still take the paper's nonblocking one.
       allgatherv_case("alg2", s8 + ",order=ordered,final=allgatherv", 512, 1),
       allgatherv_case("alg2", s8 + ",order=nonblocking,final=allgatherv", 512, 2),
       allgatherv_case("native", s5, 512, 3),
       allgatherv_case("alg2", s5 + ",order=nonblocking,final=allgatherv", 512, 1)});
  const Report r = build_kang_fig5(files);
  ASSERT_EQ(r.sections.size(), 2u);
  const Section& s = r.sections[1];  // N = 2048 sorts after N = 4
  ASSERT_NE(s.title.find("N = 2048 (S8)"), std::string::npos) << s.title;
  for (const char* key : {"block_bytes", "a_mean_bytes", "a_max_bytes", "b_mean_bytes",
                          "b_max_bytes", "speedup", "eq5"}) {
    ASSERT_NE(find_column(s, key), nullptr) << key;
  }
  ASSERT_EQ(s.table.rows.size(), 1u);
  const auto& row = s.table.rows[0].cells;
  EXPECT_EQ(row[column(s, "block_bytes")].text, "2048");
  EXPECT_EQ(row[column(s, "a_mean_bytes")].text, "6404");  // 1601 ints
  EXPECT_EQ(row[column(s, "a_max_bytes")].text, "12800");  // 3200 ints
  EXPECT_EQ(row[column(s, "b_mean_bytes")].text, "3592");  // 898 ints
  EXPECT_EQ(row[column(s, "b_max_bytes")].text, "7168");   // 1792 ints
  EXPECT_EQ(row[column(s, "eq5")].text, "4.47");
  EXPECT_EQ(row[column(s, "paper_eq5")].text, "4.84");
  EXPECT_EQ(row[column(s, "speedup")].text, "4.00");  // 8 ms / the nonblocking 2 ms
  // The largest speed-up of each process count, never pooled over them.
  const Json& best = s.extra["largest_speedup_by_processes"];
  EXPECT_DOUBLE_EQ(best["2048"].get<double>(), 4.0);
  EXPECT_DOUBLE_EQ(best["4"].get<double>(), 3.0);
  bool said = false;
  for (const std::string& n : s.notes)
    said = said || n.find("order=nonblocking") != std::string::npos;
  EXPECT_TRUE(said);

  const Report f6 = build_kang_fig6(files);
  ASSERT_EQ(f6.sections.size(), 2u);
  const Section& s6 = f6.sections[1];
  EXPECT_EQ(s6.table.rows.at(0).cells[column(s6, "a_mean_bytes")].text, "6404");
  EXPECT_EQ(s6.table.rows.at(0).cells[column(s6, "speedup")].text, "4.00");
}

}  // namespace
}  // namespace papbench::report
