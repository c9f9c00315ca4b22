#pragma once
// `papbench-report counters`: per case and PAPI event, the counter values' distribution and
// their correlation with normalized arrival time — [Parsons2015] Figs. 3.7-3.13 as a table, with
// Pearson's r and Spearman's rho over every (invocation, rank) pair.

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

Report build_counters(const ResultFile& file);

// "1.235e+06"-style text and raw value of a counter statistic (counts, not durations).
Cell count_cell(double v);

}  // namespace papbench::report
