// The parsons-table3.9/3.10/3.11 views (tools/report/tables/table_parsons_apps) on result sets
// written here as `papbench app floyd|matvec|ft --out` writes them, with known kernel times, so
// that every run time and speed-up they print can be worked out by hand.

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/errors.hpp"
#include "results/result_set.hpp"
#include "tests/unit/report_view_checks.hpp"
#include "tests/unit/results_temp_dir.hpp"
#include "tools/report/tables/table_parsons_apps.hpp"

namespace papbench::report {
namespace {

using results::CaseRecord;
using results::Matrix;

constexpr int kRanks = 4;

// A kernel case: per repetition, the slowest rank takes `slowest_ms[rep]`, the others 1 ms less.
CaseRecord kernel_case(const std::string& app, const std::string& collective,
                       const std::string& algorithm, const std::string& params,
                       const std::vector<std::int64_t>& slowest_ms,
                       const std::string& validated = "pass") {
  CaseRecord c;
  c.collective = collective;
  c.algorithm = algorithm;
  c.params = "app=" + app + ",n=64" + (params.empty() ? "" : "," + params);
  c.dtype = "int";
  c.pattern = "natural:" + app;
  c.sync_mode = "barrier";
  c.count = 64;
  c.iterations = int(slowest_ms.size());
  c.ranks = kRanks;
  c.validated = validated;
  c.complete = true;
  c.late.assign(slowest_ms.size(), 0);
  Matrix kernel(int(slowest_ms.size()), kRanks), coll(int(slowest_ms.size()), kRanks);
  for (int r = 0; r < kernel.rows; ++r) {
    for (int rank = 0; rank < kRanks; ++rank) {
      kernel.at(r, rank) = (slowest_ms[std::size_t(r)] - (rank == 2 ? 0 : 1)) * kMs;
      coll.at(r, rank) = kMs;
    }
  }
  c.metrics.emplace("app_kernel_ns", std::move(kernel));
  c.metrics.emplace("app_collective_ns", std::move(coll));
  return c;
}

class ParsonsAppTables : public results::ResultsTempDir {
 protected:
  std::vector<ResultFile> files(const std::vector<CaseRecord>& cases) {
    return write_result_files(
        path("app.h5"), virtual_nodes_run_info(kRanks, "papbench app (parsons_app_tables_test)"),
        cases);
  }
};

// Table 3.9: median over repetitions of the slowest rank; speed-up = T_binomial / T_algorithm.
TEST_F(ParsonsAppTables, Table39RunTimesWithSpeedupsInParenthesesAndTheThesisBeside) {
  const Report r = build_parsons_table3_9(files({
      kernel_case("floyd", "bcast", "mpich-binomial", "", {30, 20, 100}),  // median 30 ms
      kernel_case("floyd", "bcast", "hier-barrier", "", {25, 24}),         // median 24.5 ms
      kernel_case("floyd", "bcast", "dynleader", "kdeg=binomial", {15, 15, 16}),
      // Dynamic-K: a column of its own; pooled, the Dyn. Leader median would be 10 ms.
      kernel_case("floyd", "bcast", "dynleader", "kdeg=4", {5, 5, 5}),
      kernel_case("floyd", "bcast", "native", "", {60}),
      kernel_case("matvec", "reduce", "mpich-binomial", "", {1}),  // another kernel: not here
  }));
  ASSERT_EQ(r.sections.size(), 2u);
  const Section& m = r.sections[0];
  ASSERT_EQ(m.table.rows.size(), 1u);
  const auto& row = m.table.rows[0].cells;
  EXPECT_EQ(row[column(m, "processes")].raw, 4);
  EXPECT_EQ(row[column(m, "nodes")].text, "2 x 2 (virtual)");
  EXPECT_EQ(row[column(m, "size")].text, "n=64");
  EXPECT_EQ(row[column(m, "baseline_ns")].raw, 30 * kMs);
  EXPECT_EQ(row[column(m, "Hier._ns")].raw, 24.5 * kMs);
  EXPECT_DOUBLE_EQ(row[column(m, "Hier._speedup")].raw.get<double>(), 30.0 / 24.5);
  EXPECT_EQ(row[column(m, "Hier._text")].text, "24.5 ms (1.22)");
  EXPECT_EQ(row[column(m, "Dyn. Leader_text")].text, "15.0 ms (2.00)");
  // An algorithm the thesis' table does not name becomes a column of its own, said in a note.
  EXPECT_EQ(row[column(m, "native_text")].text, "60.0 ms (0.50)");
  EXPECT_EQ(row[column(m, "dynleader:kdeg=4_text")].text, "5.00 ms (6.00)");
  const std::string notes = fmt::format("{}", fmt::join(m.notes, "\n"));
  EXPECT_NE(notes.find("also run (not in the thesis' table): dynleader:kdeg=4, native"),
            std::string::npos);
  EXPECT_NE(notes.find("shape check of the kernels and the algorithms, not a reproduction"),
            std::string::npos);
  // The thesis' table, in the same columns.
  const Section& t = r.sections[1];
  ASSERT_EQ(t.table.rows.size(), 4u);
  EXPECT_EQ(t.table.rows[0].cells[column(t, "processes")].raw, 128);
  EXPECT_EQ(t.table.rows[0].cells[column(t, "Hier._text")].text, "19.6 s (0.96)");
  EXPECT_EQ(t.table.rows[3].cells[column(t, "Dyn. Leader_speedup")].raw, 1.19);
  EXPECT_EQ(t.table.rows[0].cells[column(t, "native_text")].text, "-");
}

// Table 3.10 reads the matvec cases; a validated-wrong case contributes no time; one row per
// problem size.
TEST_F(ParsonsAppTables, Table310OneRowPerSizeAndNoTimeFromAWrongResult) {
  std::vector<CaseRecord> cases = {
      kernel_case("matvec", "reduce", "mpich-binomial", "products=8", {40}),
      kernel_case("matvec", "reduce", "dynleader", "products=8,kdeg=binomial,cleanup=cancel", {20}),
      kernel_case("matvec", "reduce", "hier-barrier", "products=8", {10}, "fail"),
  };
  CaseRecord big = kernel_case("matvec", "reduce", "mpich-binomial", "products=8", {80});
  big.params = "app=matvec,n=128,products=8";
  cases.push_back(big);
  const Report r = build_parsons_table3_10(files(cases));
  const Section& m = r.sections[0];
  ASSERT_EQ(m.table.rows.size(), 2u);
  EXPECT_EQ(m.table.rows[0].cells[column(m, "size")].text, "n=128,products=8");
  EXPECT_EQ(m.table.rows[1].cells[column(m, "size")].text, "n=64,products=8");
  const auto& small = m.table.rows[1].cells;
  EXPECT_EQ(small[column(m, "Dyn. Leader_text")].text, "20.0 ms (2.00)");
  EXPECT_EQ(small[column(m, "Hier. Bi. Tree_text")].text, "-");
  EXPECT_EQ(r.sections[1].table.rows.size(), 6u);
}

// Table 3.11: the UHA column takes only uha with inter=mpich-isend; others are columns of their
// own. The thesis prints speed-ups alone.
TEST_F(ParsonsAppTables, Table311MatchesTheUhaIsendVariantOnly) {
  const Report r = build_parsons_table3_11(files({
      kernel_case("ft", "alltoall", "mpich-isend", "iters=2,throttle=4", {90}),
      kernel_case("ft", "alltoall", "uha", "iters=2,inter=mpich-isend", {45}),
      kernel_case("ft", "alltoall", "uha", "iters=2,inter=mpich-bruck", {30}),
      kernel_case("ft", "alltoall", "a2a-aware", "iters=2,min-frag=0", {60}),
  }));
  const Section& m = r.sections[0];
  const auto& row = m.table.rows.at(0).cells;
  EXPECT_EQ(row[column(m, "Hier. Isend_text")].text, "45.0 ms (2.00)");
  EXPECT_EQ(row[column(m, "Hier. aware_text")].text, "60.0 ms (1.50)");
  EXPECT_EQ(row[column(m, "uha:inter=mpich-bruck_text")].text, "30.0 ms (3.00)");
  const Section& t = r.sections[1];
  ASSERT_EQ(t.table.rows.size(), 3u);
  EXPECT_EQ(t.table.rows[0].cells[column(t, "size")].text, "class A");
  EXPECT_EQ(t.table.rows[0].cells[column(t, "Hier. Isend_text")].text, "(1.86)");
  EXPECT_EQ(t.table.rows[2].cells[column(t, "Hier. aware_speedup")].raw, 1.62);
}

TEST_F(ParsonsAppTables, NoCaseOfTheKernelIsAUsageError) {
  EXPECT_THROW(
      build_parsons_table3_9(files({kernel_case("ft", "alltoall", "mpich-isend", "", {1})})),
      UsageError);
}

}  // namespace
}  // namespace papbench::report
