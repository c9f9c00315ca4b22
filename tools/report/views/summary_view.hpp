#pragma once
// `papbench-report summary`: per file, per case, the distribution of each chosen metric over
// the timed iterations (median with its distribution-free CI first; mean and sd for those who
// need them), never a mean of per-rank means.

#include <vector>

#include "results/case_metrics.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

// with_counters adds one row per recorded PAPI event and case ("counter EVENT": counts, not
// durations); off by default so the machine formats keep one row per metric. The iterations that
// enter the statistics are each file's kept_iterations (late and wrong ones are left out unless
// its filter says otherwise).
Report build_summary(const std::vector<ResultFile>& files,
                     const std::vector<results::Metric>& metrics, bool with_counters = false);

}  // namespace papbench::report
