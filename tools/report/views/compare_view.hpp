#pragma once
// `papbench-report compare A B`: cases matched by CaseRecord::match_key(), and per case and
// metric B/A with its bootstrap CI, an iteration test and, with at least 2 launches a side, a
// launch test (results/case_comparison.hpp). Cases measured under the same planned arrivals are
// paired iteration by iteration. The mark * comes from one test, Holm-adjusted over the table:
// the launch test when both sides have 2 or more launches, else the iteration test ("within
// launch", which leaves launch variance out).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "results/case_comparison.hpp"
#include "results/case_metrics.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

struct CompareOptions {
  std::vector<results::Metric> metrics;
  // Both set: compare two algorithms instead of two runs. Only A's cases of algorithm a_alg and
  // B's of b_alg take part, matched by workload_key() (A and B may be the same file).
  std::string a_alg, b_alg;
  // Both set ("window", "barrier"): compare two starts (papbench --sync window,barrier), alone or
  // with the algorithms: only A's cases of start a_sync and B's of b_sync take part, matched by
  // their key without the start.
  std::string a_sync, b_sync;
  // Both set: compare a collective of A with another of B (a blocking collective and its
  // nonblocking counterpart, run in one launch: A and B may be one file), alone or with the
  // others: only A's cases of a_coll and B's of b_coll take part, matched by their algorithm
  // (unless a_alg/b_alg name them) and shape_key(), without params (the nonblocking rows'
  // overlap options are not the blocking rows'); a key held by several cases of a side pairs
  // them in case order.
  std::string a_coll, b_coll;
  double alpha = 0.05;
  int resamples = 2000;
  std::uint64_t seed = 1;
  // The sides' buffers may differ (papbench --buffers; check_buffers_agree refuses otherwise):
  // the comparison then says so in a note.
  bool allow_buffers_differ = false;
  // Late and wrong iterations are left out unless it says otherwise; a case whose validation
  // failed is refused (UsageError) unless include_invalid.
  results::IterationFilter filter;
};

// Index pairs (into a.cases(), b.cases()) of matched cases, in A's order. A key that occurs
// several times on a side (a repeated configuration) pairs occurrence k with occurrence k.
struct CaseMatch {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  std::vector<std::size_t> only_a, only_b;
};
CaseMatch match_cases(const std::vector<results::CaseRecord>& a,
                      const std::vector<results::CaseRecord>& b);
// A's selection (a_alg and/or a_sync of `options`) against B's on the same workload; cases
// outside a side's selection are left out (in neither only_a nor only_b).
CaseMatch match_selected(const std::vector<results::CaseRecord>& a,
                         const std::vector<results::CaseRecord>& b, const CompareOptions& options);

// Each side is one launch (mpiexec run) per file. Cases are matched between the first file of
// each side; the other launches of a side contribute their case of the same match key (and
// occurrence). With several launches on a side, the CI of B/A is a hierarchical bootstrap over
// launches (launch pairs when paired), then iterations.
// Each comparison section's extra "dropped_fraction_warnings" lists the matched pairs whose
// sides' dropped fractions (iterations left out for arrival errors) differ by more than
// results::kDroppedFractionWarnPoints: {case_a, case_b, label, dropped_fraction_a, _b}.
Report build_compare(std::span<const ResultFile> a, std::span<const ResultFile> b,
                     const CompareOptions& options);

// Every file of both sides must have met its buffers alike (papbench --buffers cold or warm, the
// root attribute `buffers`): a warm call is faster by the cache state the harness left, which a
// ratio of two runs would report as the difference compared. UsageError (exit 2) naming the
// files, their modes and --allow-buffers-differ, unless `allow`.
void check_buffers_agree(std::span<const ResultFile> a, std::span<const ResultFile> b, bool allow);

// One matched pair (case i of the first file of `as`, case j of the first file of `bs`, each with
// its other launches as build_compare finds them) compared on metric m exactly as a compare row
// is, before the Holm adjustment (stats::mark_significant over the caller's family): the same
// kept iterations, pairing plan and launch-level test. `tune` decides from it.
stats::CaseComparison compare_pair(std::span<const ResultFile> as, std::size_t i,
                                   std::span<const ResultFile> bs, std::size_t j, results::Metric m,
                                   const CompareOptions& options);

// One such warning as the line the notes and stderr show ("WARNING: A[0] B[0] ...").
std::string dropped_differ_text(const Json& warning);

}  // namespace papbench::report
