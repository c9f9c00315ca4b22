// The paper tables and figures of `papbench-report table`, built from result sets written here
// with known run times: every number they print can be worked out by hand.

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "results/result_set.hpp"
#include "tests/unit/report_view_checks.hpp"
#include "tests/unit/results_temp_dir.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/tables/figure_grid.hpp"
#include "tools/report/tables/table_clv_figs.hpp"
#include "tools/report/tables/table_proficz34.hpp"
#include "tools/report/tables/table_proficz_figs.hpp"

namespace papbench::report {
namespace {

using results::CaseRecord;
using results::Matrix;

results::RunInfo make_info(int ranks) {
  results::RunInfo info;
  info.papbench_version = "test";
  info.command_line = "papbench (report_tables_test)";
  info.mpi_library_version = "Fixture MPI";
  info.mpi_size = ranks;
  for (int r = 0; r < ranks; ++r) {
    info.hostnames.push_back("node");
    info.node_index.push_back(0);
    info.core.push_back(r);
  }
  return info;
}

// A case whose iteration i has run time run_ms[i]: every rank arrives at once, rank 0 leaves
// last, the others leave after half the run time (so the elapsed time is known too).
CaseRecord make_case(const std::string& collective, const std::string& alg, std::uint64_t count,
                     int ranks, std::int64_t maxdelay_ns, const std::vector<double>& run_ms) {
  CaseRecord c;
  c.collective = collective;
  c.algorithm = alg;
  c.count = count;
  c.dtype = "float";
  c.op = collective == "reduce" ? "sum" : "";
  c.pattern = "uniform";
  c.sync_mode = "barrier";
  c.compute_ns = 10 * kMs;
  c.maxdelay_ns = maxdelay_ns;
  c.iterations = static_cast<int>(run_ms.size());
  c.ranks = ranks;
  c.validated = "pass";
  const int n = c.iterations;
  c.arrival_ns = Matrix(n, ranks);
  c.exit_ns = Matrix(n, ranks);
  c.planned_delay_ns = Matrix(n, ranks);
  c.planned_arrival_ns = Matrix(n, ranks);
  for (int i = 0; i < n; ++i) {
    const std::int64_t start = 1'000'000'000LL * (i + 1);
    const auto run = static_cast<std::int64_t>(run_ms[i] * kMs);
    for (int r = 0; r < ranks; ++r) {
      c.arrival_ns.at(i, r) = start;
      c.planned_arrival_ns.at(i, r) = start;
      c.exit_ns.at(i, r) = start + (r == 0 ? run : run / 2);
    }
  }
  c.late.assign(static_cast<std::size_t>(n), 0);
  return c;
}

std::vector<double> ramp(double first, int n = 10) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(first + i);
  return v;
}

class ReportTables : public results::ResultsTempDir {
 protected:
  std::vector<ResultFile> write(const std::string& name, int ranks,
                                const std::vector<CaseRecord>& cases) {
    return write_result_files(path(name), make_info(ranks), cases);
  }
};

// The row whose first two machine cells are (total floats, maxdelay ns).
const Row* table_row(const Section& s, std::uint64_t total, std::int64_t delay_ns) {
  const std::size_t t = column(s, "total_floats"), d = column(s, "maxdelay_ns");
  for (const Row& r : s.table.rows) {
    if (r.cells[t].raw == total && r.cells[d].raw == delay_ns) return &r;
  }
  return nullptr;
}

bool has_note(const Section& s, const std::string& text) {
  return std::any_of(s.notes.begin(), s.notes.end(),
                     [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

TEST(PaperTotal, MapsFloorAndCeilingBlocksToThePaperTotals) {
  EXPECT_EQ(paper_total(43690, 48), 2048u * 1024);  // floor(2Mi / 48)
  EXPECT_EQ(paper_total(43691, 48), 2048u * 1024);  // ceil(2Mi / 48)
  EXPECT_EQ(paper_total(2730, 48), 128u * 1024);
  EXPECT_EQ(paper_total(524288, 4), 2048u * 1024);
  EXPECT_EQ(paper_total(1000, 4), 4000u);  // not a paper size: count x P
  EXPECT_EQ(total_label(2048 * 1024), "2048K");
  EXPECT_EQ(total_label(4000), "4000");
}

TEST_F(ReportTables, Table3ComparesMeansBesideThePaper) {
  const auto files =
      write("t3.h5", 4,
            {make_case("scatter", "lin", 524288, 4, 10 * kMs, ramp(10)),  // mean 14.5 ms
             make_case("scatter", "bsln", 524288, 4, 10 * kMs, ramp(5)),  // mean 9.5 ms
             make_case("scatter", "lin", 524288, 4, 0, ramp(10)),         // no BSLN at 0 ms
             make_case("scatter", "lin", 524288, 4, kMs, ramp(83)),       // BSLN 0.04 ms slower
             make_case("scatter", "bsln", 524288, 4, kMs, ramp(83.04)),   // in every iteration
             make_case("scatter", "lin", 32768, 4, 50 * kMs, ramp(20)),   // 128K, equal samples
             make_case("scatter", "bsln", 32768, 4, 50 * kMs, ramp(20)),  //
             make_case("gather", "ls", 524288, 4, 10 * kMs, ramp(1)),     // left out
             make_case("scatter", "bsln", 1000, 4, 10 * kMs, ramp(1))});  // not a paper size
  const Report r = build_proficz_table3(files);
  ASSERT_EQ(r.sections.size(), 1u);
  const Section& s = r.sections[0];
  EXPECT_NE(s.title.find("P = 4"), std::string::npos);

  const Row* cell = table_row(s, 2048 * 1024, 10 * kMs);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(cell->cells[column(s, "diff_ms")].text, "-5.0");
  EXPECT_EQ(cell->cells[column(s, "acceleration")].text, "1.53");  // 14.5 / 9.5
  EXPECT_EQ(cell->cells[column(s, "significant")].raw, true);
  EXPECT_EQ(cell->cells[column(s, "mark")].text, "*");
  EXPECT_EQ(cell->cells[column(s, "paper_diff_ms")].text, "-2.3");
  EXPECT_EQ(cell->cells[column(s, "paper_acceleration")].text, "1.03");
  // The paper's 1.03 is within its noise; our paired CI of BSLN/LIN lies below 1.
  EXPECT_EQ(cell->cells[column(s, "verdict")].text, "effect the paper lacks");
  EXPECT_EQ(cell->cells[column(s, "agrees_in_sign")].raw, false);
  EXPECT_LT(cell->cells[column(s, "ours_ratio_ci_high")].raw.get<double>(), 1.0);
  EXPECT_NE(cell->group.find("2048K floats total (524288 per rank x 4)"), std::string::npos);

  const Row* same = table_row(s, 128 * 1024, 50 * kMs);
  ASSERT_NE(same, nullptr);
  EXPECT_EQ(same->cells[column(s, "diff_ms")].text, "0.0");
  EXPECT_EQ(same->cells[column(s, "significant")].raw, false);
  EXPECT_EQ(same->cells[column(s, "verdict")].text, "no significant difference");
  EXPECT_EQ(same->cells[column(s, "agrees_in_sign")].raw, true);  // the paper's -0.1: none

  // 0.04 ms in 83-92 ms, significant (every pair the same way) but far inside the 5% band that
  // makes the paper's -1.6 ms (x1.03) at 1 ms no effect: ours is none too, and the row agrees.
  const Row* tiny = table_row(s, 2048 * 1024, kMs);
  ASSERT_NE(tiny, nullptr);
  EXPECT_GT(tiny->cells[column(s, "ours_ratio_ci_low")].raw.get<double>(), 1.0);
  EXPECT_EQ(tiny->cells[column(s, "verdict")].text, "no significant difference");
  EXPECT_EQ(tiny->cells[column(s, "agrees_in_sign")].raw, true);
  EXPECT_TRUE(has_note(s, "within 5% of 1 is no effect on both sides"));

  const Row* half = table_row(s, 2048 * 1024, 0);
  ASSERT_NE(half, nullptr);
  EXPECT_EQ(half->cells[column(s, "diff_ms")].text, "-");
  EXPECT_EQ(half->cells[column(s, "n_base")].raw, 10);
  EXPECT_EQ(half->cells[column(s, "paper_diff_ms")].text, "-1.3");  // the paper's still shown
  EXPECT_EQ(half->cells[column(s, "verdict")].text, "");            // no verdict without both sides
  EXPECT_TRUE(half->cells[column(s, "agrees_in_sign")].raw.is_null());

  const Row* absent = table_row(s, 512 * 1024, 5 * kMs);
  ASSERT_NE(absent, nullptr);
  EXPECT_EQ(absent->cells[column(s, "mean_base_ns")].text, "-");

  const Row* extra = table_row(s, 4000, 10 * kMs);
  ASSERT_NE(extra, nullptr);
  EXPECT_NE(extra->group.find("not a paper size"), std::string::npos);
  EXPECT_EQ(extra->cells[column(s, "paper_diff_ms")].text, "-");

  EXPECT_EQ(s.table.rows.size(), 36u);  // the paper's 35 cells and the 4000-float one
  EXPECT_TRUE(has_note(s, "missing cells (32 of the paper's 35)"));
  EXPECT_TRUE(has_note(s, "2048K @ 0 (no BSLN)"));
  EXPECT_TRUE(has_note(s, "512K @ 5ms (no LIN, BSLN)"));
  EXPECT_TRUE(has_note(s, "left out: 1 case(s)"));
}

TEST_F(ReportTables, Table4ReadsGatherAndFlagsOppositeSigns) {
  // At 1024K, 0 ms the paper has LS faster (+29.1 ms); here BSLS is faster: opposite.
  const auto files = write("t4.h5", 8,
                           {make_case("gather", "ls", 131072, 8, 0, ramp(30)),
                            make_case("gather", "bsls", 131072, 8, 0, ramp(10))});
  const Report r = build_proficz_table4(files);
  const Section& s = r.sections.at(0);
  const Row* cell = table_row(s, 1024 * 1024, 0);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(cell->cells[column(s, "diff_ms")].text, "-20.0");
  EXPECT_EQ(cell->cells[column(s, "paper_diff_ms")].text, "29.1");
  EXPECT_EQ(cell->cells[column(s, "verdict")].text, "opposite sign");
  EXPECT_EQ(cell->cells[column(s, "agrees_in_sign")].raw, false);
  EXPECT_EQ(r.kind, "proficz-table4");
}

TEST_F(ReportTables, TablesRefuseFilesWithoutTheirCases) {
  const auto files = write("none.h5", 4, {make_case("reduce", "native", 16, 4, 0, ramp(1))});
  EXPECT_THROW(build_proficz_table3(files), UsageError);
  EXPECT_THROW(build_proficz_fig15(files), UsageError);
}

TEST_F(ReportTables, ClvFig10GridsMeanAndSdPerDelayAndAlgorithm) {
  const auto files = write("f10.h5", 4,
                           {make_case("reduce", "native", 131072, 4, 0, {10, 12}),
                            make_case("reduce", "clairvoyant", 131072, 4, 0, {8, 8}),
                            make_case("reduce", "native", 131072, 4, 50 * kMs, {40, 40}),
                            make_case("reduce", "ring", 131072, 4, 50 * kMs, {30, 34})});
  const Report r = build_clv_fig10(files);
  ASSERT_EQ(r.sections.size(), 2u);  // the grid, then the claim's verdict rows
  const Section& v = r.sections[1];
  ASSERT_TRUE(is_claim_section(v));
  ASSERT_EQ(v.table.rows.size(), 1u);  // CLV beside native at 0 ms; RING has no CLV at 50 ms
  EXPECT_EQ(v.table.rows[0].cells[column(v, "claim")].text, "CLV vs. MPI");
  EXPECT_EQ(v.table.rows[0].cells[column(v, "verdict")].text, "same sign");  // 8/10, 8/12
  const Section& s = r.sections[0];
  // Two metrics (run time, after last arrival) x two delays.
  ASSERT_EQ(s.table.rows.size(), 4u);
  const Row& first = s.table.rows[0];
  EXPECT_EQ(first.cells[column(s, "metric")].raw, "run_time");
  EXPECT_EQ(first.cells[column(s, "maxdelay_ns")].text, "0");
  EXPECT_EQ(first.cells[column(s, "native")].text, "11.0 ± 1.4 ms");
  EXPECT_EQ(first.cells[column(s, "clairvoyant")].text, "8.00 ± 0.00 ms");
  EXPECT_EQ(first.cells[column(s, "ring")].text, "-");
  EXPECT_EQ(first.cells[column(s, "fastest")].text, "CLV");
  EXPECT_EQ(first.cells[column(s, "native_n")].raw, 2);
  const Row& second = s.table.rows[1];
  EXPECT_EQ(second.cells[column(s, "maxdelay_ns")].text, "50ms");
  EXPECT_EQ(second.cells[column(s, "fastest")].text, "RING");
  EXPECT_TRUE(has_note(s, "missing (not in the files): BNOM at 0;"));
  EXPECT_TRUE(has_note(s, "RING at 0"));
  EXPECT_TRUE(has_note(s, "paper: Fig. 10"));
  EXPECT_NE(s.title.find("count 128Ki float"), std::string::npos);
}

TEST_F(ReportTables, CsvGivesTheVerdictSectionAHeaderOfItsOwn) {
  // The grid and the claim's verdict rows have different columns: one CSV header each.
  const auto files = write("f10csv.h5", 4,
                           {make_case("reduce", "native", 131072, 4, 0, {10, 12}),
                            make_case("reduce", "clairvoyant", 131072, 4, 0, {8, 8})});
  std::ostringstream out;
  emit(build_clv_fig10(files), Format::kCsv, out);
  const std::string csv = out.str();
  EXPECT_EQ(csv.rfind("conditions,metric,", 0), 0u) << csv;
  EXPECT_NE(csv.find("\n\nconditions,claim,workload,paper,paper_direction,ours_ratio,"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find(",CLV vs. MPI,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",same sign,true\n"), std::string::npos) << csv;
}

TEST_F(ReportTables, ScalabilityFiguresTakeOneFilePerProcessCount) {
  std::vector<ResultFile> files =
      write("p2.h5", 2,
            {make_case("reduce", "binomial", 131072, 2, 50 * kMs, {5}),
             make_case("reduce", "clairvoyant", 131072, 2, 50 * kMs, {6})});
  auto more = write("p4.h5", 4, {make_case("reduce", "binomial", 131072, 4, 50 * kMs, {9})});
  files.push_back(std::move(more.front()));
  const Report r = build_clv_fig11(files);
  ASSERT_EQ(r.sections.size(), 1u);  // P is the axis, not a condition
  const Section& s = r.sections[0];
  ASSERT_EQ(s.table.rows.size(), 4u);
  EXPECT_EQ(s.table.rows[0].cells[column(s, "processes")].raw, 2);
  EXPECT_EQ(s.table.rows[1].cells[column(s, "processes")].raw, 4);
  EXPECT_EQ(s.table.rows[1].cells[column(s, "clairvoyant")].text, "-");
  EXPECT_TRUE(has_note(s, "CLV at 4"));

  // Scatter over P keeps the paper's total: 2Mi/2 and 2Mi/4 per rank are one 2048K grid.
  std::vector<ResultFile> scatter =
      write("s2.h5", 2, {make_case("scatter", "lin", 1048576, 2, 50 * kMs, {7})});
  auto s4 = write("s4.h5", 4, {make_case("scatter", "bsln", 524288, 4, 50 * kMs, {8})});
  scatter.push_back(std::move(s4.front()));
  const Report fig17 = build_proficz_fig17(scatter);
  ASSERT_EQ(fig17.sections.size(), 1u);
  EXPECT_NE(fig17.sections[0].title.find("2048K float total"), std::string::npos);
}

TEST_F(ReportTables, FiguresSplitDifferentConditionsIntoSections) {
  const auto files = write("f14.h5", 4,
                           {make_case("scatter", "lin", 32768, 4, 0, {3, 5}),
                            make_case("scatter", "lin", 524288, 4, 0, {9, 11}),
                            make_case("scatter", "bsln", 524288, 4, 0, {8, 8})});
  const Report r = build_proficz_fig14(files);
  ASSERT_EQ(r.sections.size(), 2u);  // 128K and 2048K
  const Section& big =
      r.sections[1].title.find("2048K") != std::string::npos ? r.sections[1] : r.sections[0];
  // Elapsed time: rank 0 leaves after the run time, the other three after half of it.
  const Row& elapsed = big.table.rows.at(1);
  EXPECT_EQ(elapsed.cells[column(big, "metric")].raw, "elapsed");
  EXPECT_EQ(elapsed.cells[column(big, "bsln")].text, "5.00 ± 0.00 ms");  // (8 + 3 x 4) / 4
  EXPECT_TRUE(has_note(big, "paper: Fig. 14"));
}

TEST_F(ReportTables, SizeFigureNamesThePaperTotalsAndKeepsTheDelayAsCondition) {
  // 128K and 2048K floats in total on 4 ranks, at two delays: two sections, one row per size.
  const auto files = write("f16.h5", 4,
                           {make_case("scatter", "lin", 32768, 4, 50 * kMs, {3, 5}),
                            make_case("scatter", "bsln", 32768, 4, 50 * kMs, {2, 2}),
                            make_case("scatter", "lin", 524288, 4, 50 * kMs, {9, 11}),
                            make_case("scatter", "lin", 524288, 4, 0, {1})});
  const Report r = build_proficz_fig16(files);
  ASSERT_EQ(r.sections.size(), 2u);
  const Section& s = r.sections[0].title.find("maxdelay 50ms") != std::string::npos ? r.sections[0]
                                                                                    : r.sections[1];
  EXPECT_EQ(s.title.find("2048K"), std::string::npos);  // the size is the axis
  ASSERT_EQ(s.table.rows.size(), 2u);                   // run time only
  EXPECT_EQ(s.table.rows[0].cells[column(s, "total")].text, "128K");
  EXPECT_EQ(s.table.rows[0].cells[column(s, "total")].raw, 131072);
  EXPECT_EQ(s.table.rows[1].cells[column(s, "total")].text, "2048K");
  EXPECT_EQ(s.table.rows[0].cells[column(s, "fastest")].text, "BSLN");
  EXPECT_EQ(s.table.rows[1].cells[column(s, "lin")].text, "10.0 ± 1.4 ms");
  EXPECT_TRUE(has_note(s, "BSLN at 2048K"));
  EXPECT_TRUE(has_note(s, "paper: Fig. 16"));
}

}  // namespace
}  // namespace papbench::report
