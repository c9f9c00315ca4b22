#pragma once
// [Parsons2015] §3.9.4's macro-benchmark tables from the result sets of `papbench app floyd|
// matvec|ft --out`, with the thesis' numbers beside:
//   parsons-table3.9:  Floyd-Warshall (bcast): run time of mpich-binomial, and of hier-barrier
//                      and dynleader with their speed-up over it in parentheses;
//   parsons-table3.10: rotating-root matrix-vector (reduce), the same three algorithms;
//   parsons-table3.11: FT (alltoall): speed-ups of uha:inter=mpich-isend and a2a-aware over
//                      mpich-isend (docs/REPRODUCING.md says why that baseline).
// One row per process count, node shape and problem size; a run time is the median over the
// repetitions of the slowest rank's kernel time (metric app_kernel_ns). A column takes only cases
// of the thesis' configuration (every option, defaults spelt out); other configurations get
// columns of their own.

#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"
#include "tools/report/tables/table_parsons.hpp"

namespace papbench::report {

// Every column's configuration of the three tables, for the test that holds them against the
// registry (ThesisConfiguration: table_parsons.hpp).
std::vector<ThesisConfiguration> parsons_app_table_configurations();

Report build_parsons_table3_9(const std::vector<ResultFile>& files);
Report build_parsons_table3_10(const std::vector<ResultFile>& files);
Report build_parsons_table3_11(const std::vector<ResultFile>& files);

}  // namespace papbench::report
