#pragma once
// `papbench-report tune FILES`: per workload (collective x ranks x count x datatype x op x root x
// arrival pattern; every case of a result set that differs only in its algorithm), each
// algorithm against the library's own choice (native without force) by compare's launch-level
// verdict (compare_pair, Holm over the whole tune), and the choice: the candidate with the lowest
// B/A among those significantly faster, else the library's default. The report lists every
// candidate with its ratio and CI; the choice among the library's own forced algorithms (the one a
// rules file can hold) is listed beside papbench's own where that is better still.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "results/case_metrics.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"
#include "tools/report/tune/tune_rules.hpp"
#include "tools/report/views/compare_view.hpp"

namespace papbench::report {

struct TuneOptions {
  results::Metric metric{};
  CompareOptions compare;  // alpha, resamples, seed, filter
  // The arrival pattern whose choices go into the rules files ("uniform maxdelay=50ms" as the
  // report shows it); "" when the files carry one pattern only; "all": every pattern's choices
  // (the replays of an application's call sites, jobs/tune-app.sh), a rule they disagree on
  // keeping the library default.
  std::string pattern;
};

struct TuneResult {
  Report report;
  // The rules files' points: one per workload of the chosen pattern, the library's forced name
  // or "" (its default); workloads that map onto one rule and disagree are left at "" and noted.
  std::vector<TunePoint> points;
  std::string library;  // "ompi" or "mpich", from the result set's MPI library
};

// `groups`: one or more experiments (each its launches, one result set per launch), e.g. one per
// replayed call site; their workloads form one tune and one Holm family.
TuneResult build_tune(std::span<const std::vector<ResultFile>> groups, const TuneOptions& options);

}  // namespace papbench::report
