// [Parsons2015]'s speed-up aggregation (tools/report/tables/parsons_speedup) against the thesis'
// own appendix numbers, and the parsons-table* views built from result sets written here with known
// times, so that every speed-up they print can be worked out by hand.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "results/result_set.hpp"
#include "tests/unit/report_view_checks.hpp"
#include "tests/unit/results_temp_dir.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/tables/parsons_speedup.hpp"
#include "tools/report/tables/table_parsons.hpp"

namespace papbench::report {
namespace {

using parsons::CellTimes;
using parsons::GridCell;
using parsons::ImbalanceLevel;
using results::CaseRecord;
using results::Matrix;

const std::vector<std::int64_t> kXtime = {0, 10000, 20000, 40000, 80000, 160000};
// reduce/dynleader as the thesis ran it, as params record it (every option spelt out).
const std::string kDynleader = "kdeg=binomial,cleanup=cancel";

// One variant's row block of an appendix table: per size, six latencies (s) by xtime.
CellTimes appendix(const std::vector<std::vector<double>>& rows) {
  const std::vector<std::uint64_t> sizes = {32, 512, 8192, 131072};
  CellTimes t;
  for (std::size_t s = 0; s < rows.size(); ++s) {
    for (std::size_t x = 0; x < rows[s].size(); ++x) {
      t[{sizes[s], {kXtime[x], "xtime"}}] = rows[s][x];
    }
  }
  return t;
}

// Table A.1 (reduce, 512 cores) reproduces Table 3.6's first row (0.34, 5.67, 18.72) only with the
// mean of the per-cell ratios, to the appendix's three significant digits (18.74 for 18.72).
TEST(ParsonsSpeedup, TableA1GivesTable36FirstRow) {
  const CellTimes mpich = appendix({
      {2.15E-005, 8.20E-004, 2.58E-003, 7.96E-003, 1.71E-002, 3.23E-002},
      {2.42E-005, 8.22E-004, 2.58E-003, 7.96E-003, 1.71E-002, 3.23E-002},
      {6.14E-005, 1.65E-003, 5.03E-003, 1.65E-002, 3.80E-002, 8.09E-002},
      {7.63E-004, 2.17E-003, 5.55E-003, 1.70E-002, 3.85E-002, 8.15E-002},
  });
  const CellTimes hier = appendix({
      {4.07E-005, 5.57E-003, 1.59E-002, 3.83E-002, 7.60E-002, 1.61E-001},
      {4.46E-005, 5.58E-003, 1.59E-002, 3.83E-002, 7.60E-002, 1.61E-001},
      {1.24E-004, 5.68E-003, 1.61E-002, 3.85E-002, 7.62E-002, 1.61E-001},
      {1.47E-003, 6.60E-003, 1.69E-002, 3.93E-002, 7.70E-002, 1.62E-001},
  });
  const CellTimes opt = appendix({
      {2.08E-005, 2.83E-004, 6.76E-004, 1.43E-003, 2.93E-003, 6.58E-003},
      {2.20E-005, 2.84E-004, 6.77E-004, 1.43E-003, 2.93E-003, 6.59E-003},
      {4.52E-005, 3.55E-004, 7.57E-004, 1.54E-003, 3.09E-003, 7.10E-003},
      {4.44E-004, 7.13E-004, 1.11E-003, 1.90E-003, 3.44E-003, 7.46E-003},
  });
  const CellTimes dl = appendix({
      {2.45E-005, 1.67E-004, 2.56E-004, 3.51E-004, 6.61E-004, 1.63E-003},
      {2.55E-005, 1.68E-004, 2.58E-004, 3.52E-004, 6.62E-004, 1.63E-003},
      {5.10E-005, 2.04E-004, 2.91E-004, 3.98E-004, 7.21E-004, 1.72E-003},
      {4.09E-004, 5.44E-004, 6.27E-004, 7.37E-004, 1.06E-003, 2.06E-003},
  });
  const parsons::Speedup h = parsons::speedup_over(mpich, hier);
  EXPECT_EQ(h.cells, 24u);
  EXPECT_NEAR(h.mean, 0.34, 0.02);
  EXPECT_NEAR(parsons::speedup_over(mpich, opt).mean, 5.67, 0.02);
  const parsons::Speedup d = parsons::speedup_over(mpich, dl);
  EXPECT_NEAR(d.mean, 18.72, 0.03);
  // The largest ratio: 8192 ints at 80000 iterations, 3.80E-2 / 7.21E-4.
  EXPECT_NEAR(d.max, 3.80E-002 / 7.21E-004, 1e-9);
  // The ratio of the sums does not give the table.
  double base = 0, cand = 0;
  for (const auto& [cell, t] : mpich) base += t;
  for (const auto& [cell, t] : dl) cand += t;
  EXPECT_GT(std::fabs(base / cand - 18.72), 1.0);
}

TEST(ParsonsSpeedup, OnlyCellsBothRanCountAndTheHeadlineSkipsMissingCoreCounts) {
  const ImbalanceLevel none{0, "none"};
  CellTimes base{{{1, none}, 4.0}, {{2, none}, 4.0}, {{3, none}, 4.0}};
  CellTimes cand{{{1, none}, 1.0}, {{2, none}, 2.0}, {{4, none}, 1.0}};
  const parsons::Speedup s = parsons::speedup_over(base, cand);
  EXPECT_EQ(s.cells, 2u);
  EXPECT_DOUBLE_EQ(s.mean, 3.0);
  EXPECT_DOUBLE_EQ(s.max, 4.0);
  EXPECT_EQ(s.baseline_only, 1u);
  EXPECT_EQ(s.candidate_only, 1u);
  EXPECT_TRUE(std::isnan(parsons::speedup_over(base, {}).mean));
  // A candidate time of 0 is no measurement.
  EXPECT_EQ(parsons::speedup_over(base, {{{1, none}, 0.0}}).cells, 0u);
  // Table 3.6's Dyn. Leader column over its seven core counts: the 18.9x of the abstract.
  const std::vector<double> dl = {18.72, 20.13, 21.13, 20.89, 20.40, 18.21, 13.35, std::nan("")};
  EXPECT_NEAR(parsons::mean_of_finite(dl), 18.98, 0.005);
}

TEST(ParsonsSpeedup, ImbalanceLevels) {
  EXPECT_EQ(parsons::imbalance_level("compute:10k", 0), (ImbalanceLevel{10000, "xtime 10000"}));
  EXPECT_EQ(parsons::imbalance_level("compute:0", 0).label, "xtime 0");
  EXPECT_EQ(parsons::imbalance_level("replay:t.h5#3", 0, 40000),
            (ImbalanceLevel{40000, "xtime 40000 (replay)"}));
  // An unknown trace, another pattern: named by the pattern, after every xtime level.
  const ImbalanceLevel unknown = parsons::imbalance_level("replay:t.h5#3", 0);
  EXPECT_EQ(unknown.label, "replay:t.h5#3");
  EXPECT_GT(unknown.order, 160000);
  const ImbalanceLevel uniform = parsons::imbalance_level("uniform", 4 * kMs);
  EXPECT_EQ(uniform.label, "uniform 4ms");
  EXPECT_LT(unknown.order, uniform.order);
  EXPECT_EQ(parsons::imbalance_level("none", 0).label, "none");
}

// --- the views -------------------------------------------------------------------------------

// Three iterations in which every rank arrives at once and leaves `ms` later: elapsed, run
// time and after-last-arrival are all `ms`.
CaseRecord timed(const std::string& collective, const std::string& alg, const std::string& params,
                 std::uint64_t count, const std::string& pattern, double ms, int ranks = 4) {
  CaseRecord c;
  c.collective = collective;
  c.algorithm = alg;
  c.params = params;
  c.count = count;
  c.dtype = "int";
  c.op = collective == "reduce" || collective == "reduce_scatter" ? "sum" : "";
  c.pattern = pattern;
  c.sync_mode = "barrier";
  c.iterations = 3;
  c.ranks = ranks;
  c.validated = "pass";
  c.arrival_ns = Matrix(3, ranks);
  c.exit_ns = Matrix(3, ranks);
  c.planned_delay_ns = Matrix(3, ranks);
  c.planned_arrival_ns = Matrix(3, ranks);
  for (int i = 0; i < 3; ++i) {
    const std::int64_t start = 1'000'000'000LL * (i + 1);
    for (int r = 0; r < ranks; ++r) {
      c.arrival_ns.at(i, r) = c.planned_arrival_ns.at(i, r) = start;
      c.exit_ns.at(i, r) = start + static_cast<std::int64_t>(ms * kMs);
    }
  }
  c.late.assign(3, 0);
  return c;
}

class ParsonsTables : public results::ResultsTempDir {
 protected:
  std::vector<ResultFile> write(const std::string& name, const std::vector<CaseRecord>& cases) {
    return write_result_files(path(name),
                              virtual_nodes_run_info(4, "papbench (parsons_tables_test)"), cases);
  }
};

const Row* row_of(const Section& s, const std::string& candidate) {
  const std::size_t c = column(s, "candidate");
  for (const Row& r : s.table.rows) {
    if (r.cells[c].text == candidate) return &r;
  }
  return nullptr;
}

std::string cell_text(const Section& s, const Row& r, const std::string& key) {
  return r.cells[column(s, key)].text;
}

TEST_F(ParsonsTables, Table36MeanAndMaxOverSizesAndLevelsWithTheThesisBeside) {
  std::vector<CaseRecord> cases;
  for (const std::uint64_t count : {32, 512}) {
    for (const char* level : {"compute:0", "compute:10k"}) {
      cases.push_back(timed("reduce", "mpich-binomial", "", count, level, 4));
      cases.push_back(timed("reduce", "native", "", count, level, 2));
      // dynleader: 1 ms everywhere but at 512 ints, xtime 10k: 2 ms -> ratios 4, 4, 4, 2.
      const bool slow = count == 512 && std::string(level) == "compute:10k";
      cases.push_back(timed("reduce", "dynleader", kDynleader, count, level, slow ? 2 : 1));
    }
  }
  cases.push_back(timed("reduce", "mpich-rsg", "", 32, "compute:0", 8));
  // Dynamic-K is not the thesis' Dyn. Leader: a row of its own, without the thesis' value.
  cases.push_back(timed("reduce", "dynleader", "kdeg=4,cleanup=cancel", 32, "compute:0", 0.5));
  const Report r = build_parsons_table3_6(write("r.h5", cases));
  ASSERT_EQ(r.sections.size(), 2u);  // the table, then its trend verdicts
  const Section& v = r.sections[1];
  ASSERT_TRUE(is_claim_section(v));
  // Dyn. Leader (thesis 18.9x: faster) at 2 sizes x 2 levels; Dynamic-K is another row.
  ASSERT_EQ(v.table.rows.size(), 4u);
  for (const Row& row : v.table.rows) {
    EXPECT_EQ(row.cells[column(v, "claim")].text, "Dyn. Leader");
    EXPECT_EQ(row.cells[column(v, "verdict")].text, "same sign");
    EXPECT_EQ(row.cells[column(v, "agrees_in_sign")].raw, true);
  }
  const Section& s = r.sections[0];
  EXPECT_NE(s.title.find("P = 4, 2 virtual node(s) of 2"), std::string::npos) << s.title;
  const Row* dl = row_of(s, "dynleader:" + kDynleader);
  ASSERT_NE(dl, nullptr);
  EXPECT_EQ(cell_text(s, *dl, "row"), "Dyn. Leader");
  EXPECT_EQ(cell_text(s, *dl, "baseline"), "mpich-binomial");
  EXPECT_EQ(cell_text(s, *dl, "mean"), "3.50");
  EXPECT_EQ(cell_text(s, *dl, "max"), "4.00");
  EXPECT_EQ(cell_text(s, *dl, "cells"), "4");
  EXPECT_EQ(cell_text(s, *dl, "thesis_at_p"), "-");  // no thesis row at P = 4
  EXPECT_EQ(cell_text(s, *dl, "thesis_cores"), "13.35..21.13 (mean 18.98)");
  EXPECT_EQ(cell_text(s, *row_of(s, "native"), "mean"), "2.00");
  // Absent algorithms say so; one the table does not name is added over the same baseline.
  const Row* hier = row_of(s, "hier-barrier");
  ASSERT_NE(hier, nullptr);
  EXPECT_EQ(cell_text(s, *hier, "status"), "not in the files");
  EXPECT_EQ(cell_text(s, *hier, "mean"), "-");
  const Row* rsg = row_of(s, "mpich-rsg");
  ASSERT_NE(rsg, nullptr);
  EXPECT_EQ(cell_text(s, *rsg, "row"), "also run");
  EXPECT_EQ(cell_text(s, *rsg, "mean"), "0.50");
  EXPECT_EQ(cell_text(s, *rsg, "status"), "also run");
  const Row* k4 = row_of(s, "dynleader:kdeg=4,cleanup=cancel");
  ASSERT_NE(k4, nullptr);
  EXPECT_EQ(cell_text(s, *k4, "row"), "variant of Dyn. Leader");
  EXPECT_EQ(cell_text(s, *k4, "mean"), "8.00");  // 4 / 0.5
  EXPECT_EQ(cell_text(s, *k4, "thesis_cores"), "-");
  EXPECT_EQ(cell_text(s, *k4, "status"),
            "not the thesis' configuration (dynleader:cleanup=cancel,kdeg=binomial)");
  EXPECT_EQ(s.extra["cells"].size(), 4u + 4u + 1u + 1u);
}

// Two launches on a loaded host differ by more than two algorithms do: each candidate is compared
// with the baseline of its own run, and pooled over the runs only where none holds both.
TEST_F(ParsonsTables, CandidatesMeetTheBaselineOfTheirOwnRun) {
  std::vector<ResultFile> files =
      write("a.h5", {timed("reduce", "mpich-binomial", "", 32, "none", 4),
                     timed("reduce", "hier-barrier", "", 32, "none", 2)});
  for (auto& f : write("b.h5", {timed("reduce", "mpich-binomial", "", 32, "none", 40),
                                timed("reduce", "dynleader", kDynleader, 32, "none", 10)})) {
    files.push_back(std::move(f));
  }
  for (auto& f : write("c.h5", {timed("reduce", "native", "", 32, "none", 1)})) {
    files.push_back(std::move(f));
  }
  const Report r = build_parsons_table3_6(files);
  const Section& s = r.sections.at(0);
  EXPECT_EQ(cell_text(s, *row_of(s, "hier-barrier"), "mean"), "2.00");  // 4 / 2, not 22 / 2
  EXPECT_EQ(cell_text(s, *row_of(s, "hier-barrier"), "status"), "");
  EXPECT_EQ(cell_text(s, *row_of(s, "dynleader:" + kDynleader), "mean"), "4.00");  // 40 / 10
  // native's run has no baseline: both others' pooled, (3 x 4 + 3 x 40) / 6 = 22 ms, marked.
  EXPECT_EQ(cell_text(s, *row_of(s, "native"), "mean"), "22.00");
  EXPECT_EQ(cell_text(s, *row_of(s, "native"), "status"), "baseline from other runs");
}

TEST_F(ParsonsTables, Table36ShowsTheThesisRowAtItsCoreCount) {
  std::vector<CaseRecord> cases = {timed("reduce", "mpich-binomial", "", 32, "compute:0", 4, 512),
                                   timed("reduce", "dynleader-os", "", 32, "compute:0", 2, 512)};
  const Report r = build_parsons_table3_6(write("r512.h5", cases));
  const Section& s = r.sections.at(0);
  EXPECT_EQ(cell_text(s, *row_of(s, "dynleader-os"), "thesis_at_p"), "23.95");
}

TEST_F(ParsonsTables, Table37HasThePatarasukYuanColumnsOfTheAppendixAt8192Cores) {
  std::vector<CaseRecord> cases = {
      timed("bcast", "mpich-binomial", "", 32, "compute:0", 6, 8192),
      timed("bcast", "patyuan-dl", "group=4", 32, "compute:0", 2, 8192)};
  const Report r = build_parsons_table3_7(write("b8192.h5", cases));
  const Section& s = r.sections.at(0);
  const Row* dl = row_of(s, "patyuan-dl:group=4");
  ASSERT_NE(dl, nullptr);
  EXPECT_EQ(cell_text(s, *dl, "row"), "Pat. DL");
  EXPECT_EQ(cell_text(s, *dl, "mean"), "3.00");
  EXPECT_EQ(cell_text(s, *dl, "thesis_at_p"), "5.70");
  EXPECT_EQ(cell_text(s, *dl, "thesis_cores"), "5.70 at 8192 cores only");
  for (const char* absent : {"patyuan:group=4", "patyuan-hier:group=4", "patyuan-opt:group=4"}) {
    const Row* row = row_of(s, absent);
    ASSERT_NE(row, nullptr) << absent;
    EXPECT_EQ(cell_text(s, *row, "status"), "not in the files");
  }
}

TEST_F(ParsonsTables, Table38ReadsTheReplayedLevelFromTheTraceAndPrintsBothMetrics) {
  // The trace: a barrier case run with compute:40k, as `papbench imbalance --xtime 40k` writes.
  write("trace.h5", {timed("barrier", "native", "", 0, "compute:40k", 1)});
  const std::string replay = "replay:" + path("trace.h5") + "#0";
  const Report r = build_parsons_table3_8(
      write("a.h5", {timed("alltoall", "mpich-isend", "throttle=4", 4, replay, 6),
                     timed("alltoall", "uha", "inter=mpich-isend", 4, replay, 2),
                     timed("alltoall", "uha", "inter=mpich-bruck", 4, replay, 1),
                     timed("alltoall", "a2a-aware", "min-frag=0", 4, replay, 3)}));
  ASSERT_EQ(r.sections.size(), 3u);  // elapsed, after-last-arrival, the trend verdicts
  const Section& s = r.sections[0];
  const Row* hier = row_of(s, "uha:inter=mpich-isend");
  ASSERT_NE(hier, nullptr);
  EXPECT_EQ(cell_text(s, *hier, "row"), "MPICH Isend Hier.");
  EXPECT_EQ(cell_text(s, *hier, "baseline"), "mpich-isend:throttle=4");
  EXPECT_EQ(cell_text(s, *hier, "mean"), "3.00");
  EXPECT_EQ(cell_text(s, *row_of(s, "a2a-aware:min-frag=0"), "mean"), "2.00");
  // Another inter-node algorithm is no "MPICH Isend Hier.": a row of its own.
  EXPECT_EQ(cell_text(s, *row_of(s, "uha:inter=mpich-bruck"), "row"),
            "variant of MPICH Isend Hier.");
  EXPECT_EQ(s.extra["cells"][0]["level"], "xtime 40000 (replay)");
  EXPECT_EQ(cell_text(s, *row_of(s, "native"), "status"), "not in the files");
  EXPECT_EQ(r.sections[1].meta[3].value.text, "after_last_arrival");
}

TEST_F(ParsonsTables, Table21PerCollectiveMeanAndMaxOverSizes) {
  const std::string inter = "inter=mpich-bruck,copyout=memcpy,regions=4";
  const Report r =
      build_parsons_table2_1(write("c2.h5", {timed("allgather", "mpich-bruck", "", 1, "none", 8),
                                             timed("allgather", "mpich-bruck", "", 2, "none", 8),
                                             timed("allgather", "uha", inter, 1, "none", 4),
                                             timed("allgather", "uha", inter, 2, "none", 1),
                                             timed("allgather", "native", "", 1, "none", 3)}));
  ASSERT_EQ(r.sections.size(), 2u);  // the table, then its trend verdicts
  EXPECT_TRUE(is_claim_section(r.sections[1]));
  const Section& s = r.sections[0];
  const Row* small = row_of(s, "allgather uha:" + inter);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(cell_text(s, *small, "row"), "Allgather-Small (MPICH Bruck)");
  EXPECT_EQ(cell_text(s, *small, "mean"), "5.00");  // (2 + 8) / 2
  EXPECT_EQ(cell_text(s, *small, "max"), "8.00");
  EXPECT_EQ(cell_text(s, *small, "thesis_mean"), "20.30");
  EXPECT_EQ(cell_text(s, *small, "thesis_max"), "31.40");
  // Every thesis row is there; those without runs say which algorithm is missing.
  EXPECT_EQ(s.table.rows.size(), 11u);
  const Row* scatter = row_of(s, "uha:inter=mpich-binomial");
  ASSERT_NE(scatter, nullptr);
  EXPECT_EQ(cell_text(s, *scatter, "status"), "not in the files");
  const Row* lib = row_of(s, "uha:copyout=memcpy,inter=native,regions=4");
  ASSERT_NE(lib, nullptr);
  EXPECT_EQ(cell_text(s, *lib, "thesis_mean"), "Small 1.1 / 1.1, Large 29.9 / 100.1");
}

TEST_F(ParsonsTables, Table22UsesTheInterNodePhaseMetric) {
  CaseRecord uha = timed("scatter", "uha", "inter=mpich-binomial", 8, "none", 10);
  CaseRecord ms = timed("scatter", "uha-ms", "senders=all", 8, "none", 10);
  uha.metrics["inter_node_ns"] = Matrix(3, 4);
  ms.metrics["inter_node_ns"] = Matrix(3, 4);
  for (int i = 0; i < 3; ++i) {
    uha.metrics["inter_node_ns"].at(i, 0) = 6 * kMs;  // the slowest rank counts
    ms.metrics["inter_node_ns"].at(i, 2) = 2 * kMs;
  }
  CaseRecord bare =
      timed("bcast", "uha", "inter=mpich-binomial,copyout=memcpy,regions=4", 8, "none", 1);
  CaseRecord bare_ms = timed("bcast", "uha-ms", "senders=all", 8, "none", 1);
  const Report r = build_parsons_table2_2(write("p.h5", {uha, ms, bare, bare_ms}));
  const Section& s = r.sections.at(0);
  const Row* sc = row_of(s, "scatter uha-ms:senders=all");
  ASSERT_NE(sc, nullptr);
  EXPECT_EQ(cell_text(s, *sc, "mean"), "3.00");
  EXPECT_EQ(cell_text(s, *sc, "thesis_mean"), "2.20");
  const Row* bc = row_of(s, "bcast uha-ms:senders=all");
  ASSERT_NE(bc, nullptr);
  EXPECT_EQ(cell_text(s, *bc, "status"), "no time recorded (the metric is missing)");
}

// allgather/uha-ms records its exchange: the Bruck fills Allgather-Small, the two-way ring
// Allgather-Large, each against the UHA with the matching MPICH algorithm inter-node.
TEST_F(ParsonsTables, Table22AllgatherRowsTakeTheMatchingExchange) {
  std::vector<CaseRecord> cases;
  const auto with_phase = [&](const char* alg, const char* params, int ms) {
    CaseRecord c = timed("allgather", alg, params, 8, "none", 10);
    c.metrics["uha_inter_ns"] = Matrix(3, 4);
    for (int i = 0; i < 3; ++i) c.metrics["uha_inter_ns"].at(i, 1) = ms * kMs;
    cases.push_back(c);
  };
  with_phase("uha", "inter=mpich-bruck,copyout=memcpy,regions=4", 6);
  with_phase("uha", "inter=mpich-ring,copyout=memcpy,regions=4", 8);
  with_phase("uha-ms", "senders=all,exchange=bruck,copyout=memcpy,regions=4", 3);
  with_phase("uha-ms", "senders=all,exchange=two-way-ring,copyout=memcpy,regions=4", 2);
  const Report r = build_parsons_table2_2(write("ag.h5", cases));
  const Section& s = r.sections.at(0);
  const Row* small =
      row_of(s, "allgather uha-ms:senders=all,exchange=bruck,copyout=memcpy,regions=4");
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(cell_text(s, *small, "row"), "Allgather-Small");
  EXPECT_EQ(cell_text(s, *small, "mean"), "2.00");  // 6 / 3
  const Row* large =
      row_of(s, "allgather uha-ms:senders=all,exchange=two-way-ring,copyout=memcpy,regions=4");
  ASSERT_NE(large, nullptr);
  EXPECT_EQ(cell_text(s, *large, "row"), "Allgather-Large");
  EXPECT_EQ(cell_text(s, *large, "mean"), "4.00");  // 8 / 2
}

// Fig. 2.9: the copy-outs with the ring, the shared and COW ones with the multi-sender ring, each
// over the UHA with MPICH's ring and memcpy; the thesis prints no number.
TEST_F(ParsonsTables, Fig29CopyOutsOfTheMultiSenderRingOverTheUhaRing) {
  const std::string ms = "senders=all,exchange=two-way-ring,copyout=";
  const Report r = build_parsons_fig2_9(
      write("f29.h5",
            {timed("allgather", "uha", "inter=mpich-ring,copyout=memcpy,regions=4", 8, "none", 6),
             timed("allgather", "uha-ms", ms + "shared,regions=4,mpi-semantics=no", 8, "none", 2),
             timed("allgather", "uha-ms", ms + "cow,regions=4,mpi-semantics=no", 8, "none", 3)}));
  const Section& s = r.sections.at(0);
  const Row* shared = row_of(s, "allgather uha-ms:" + ms + "shared,regions=4,mpi-semantics=no");
  ASSERT_NE(shared, nullptr);
  EXPECT_EQ(cell_text(s, *shared, "row"), "M. S. Shared mem.");
  EXPECT_EQ(cell_text(s, *shared, "mean"), "3.00");
  EXPECT_EQ(cell_text(s, *shared, "thesis_mean"), "(figure only)");
  const Row* cow = row_of(s, "allgather uha-ms:" + ms + "cow,regions=4,mpi-semantics=no");
  ASSERT_NE(cow, nullptr);
  EXPECT_EQ(cell_text(s, *cow, "row"), "M. S. COW");
  EXPECT_EQ(cell_text(s, *cow, "mean"), "2.00");
}

TEST_F(ParsonsTables, NoCaseOfTheCollectiveIsAUsageError) {
  const auto files = write("x.h5", {timed("allreduce", "native", "", 1, "none", 1)});
  try {
    build_parsons_table3_7(files);
    FAIL() << "expected a UsageError";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "table parsons-table3.7: no bcast case in the files");
  }
}

}  // namespace
}  // namespace papbench::report
