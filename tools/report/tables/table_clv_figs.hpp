#pragma once
// [ProficzOcetkiewicz2021] §6, Figs. 10 and 11: reduce
// run time (mean ± sd) per maximum delay and per process count for the paper's six algorithms,
// with the after-last-arrival time beside it (the part of the run time a late process cannot
// explain), and the paper's qualitative claims beneath (it gives no numbers).

#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

Report build_clv_fig10(const std::vector<ResultFile>& files);  // one file, delays as x
Report build_clv_fig11(const std::vector<ResultFile>& files);  // one file per process count

}  // namespace papbench::report
