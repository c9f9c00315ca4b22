#pragma once
// `papbench-report summary`: per file, per case, the distribution of each chosen metric over
// the timed iterations (median with its distribution-free CI first; mean and sd for those who
// need them), never a mean of per-rank means.

#include <vector>

#include "results/case_metrics.hpp"
#include "tools/report/result_file.hpp"
#include "tools/report/table_format.hpp"

namespace papbench::report {

Report build_summary(const std::vector<ResultFile>& files,
                     const std::vector<results::Metric>& metrics);

}  // namespace papbench::report
