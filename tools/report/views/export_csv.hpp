#pragma once
// `papbench-report export csv`: every raw value of a result set, one row per (case, iteration,
// rank), for users who want to do their own statistics (R, pandas, a spreadsheet).

#include <iosfwd>
#include <string>

#include "tools/report/core/result_file.hpp"

namespace papbench::report {

// Rows written (not counting the header).
std::size_t write_raw_csv(const ResultFile& file, std::ostream& out);

// Writes to `out_path` ("" or "-": stdout). An existing file is never replaced unless `force`
// (UsageError otherwise); the data goes to a sibling temporary first, so an interrupted export
// leaves either the old file or none, never half a table under the requested name.
std::size_t export_raw_csv(const ResultFile& file, const std::string& out_path, bool force);

}  // namespace papbench::report
