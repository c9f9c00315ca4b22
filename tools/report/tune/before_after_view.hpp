#pragma once
// `papbench-report before-after BEFORE AFTER --site SITE ...`: an application captured in several
// launches before a change (a tuned rules file, jobs/tune-app.sh) and in several after it: per
// chosen call site and metric, after/before by compare's launch-level verdict (compare_pair, the
// same test and interval as `compare`), and the application's wall time per launch compared the
// same way (one value a launch). Holm over this table only: the sites a user chose to tune, not
// every site of the capture, are the family (docs/TUNING.md).

#include <span>
#include <string>
#include <vector>

#include "results/case_metrics.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"
#include "tools/report/views/compare_view.hpp"

namespace papbench::report {

struct BeforeAfterOptions {
  // Call sites as captures name them (params site=...); every case of each (any communicator,
  // any collective) is a row.
  std::vector<std::string> sites;
  std::vector<results::Metric> metrics;
  CompareOptions compare;  // alpha, resamples, seed, filter
  // The application's wall time per launch (seconds), in launch order; both or neither.
  std::vector<double> wall_before, wall_after;
};

// UsageError (exit 2) when a file is not a capture, a site is in no case of the first BEFORE
// capture, or an AFTER capture lacks one of its cases.
Report build_before_after(std::span<const ResultFile> before, std::span<const ResultFile> after,
                          const BeforeAfterOptions& options);

}  // namespace papbench::report
