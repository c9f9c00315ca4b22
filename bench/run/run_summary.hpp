#pragma once
// The readable summary papbench prints: one line per finished case, and a table at the end.

#include <string>
#include <vector>

#include "results/result_set.hpp"

namespace papbench {

// "reduce/native count=1Ki ...: run 1.2 ms  elapsed 0.4 ms  after-last 0.1 ms  imbalance ..."
std::string case_line(const results::CaseRecord& rec);

// Median metrics per case as an aligned table, then the result file.
std::string summary_table(const std::vector<results::CaseRecord>& records,
                          const std::string& out_path);

}  // namespace papbench
