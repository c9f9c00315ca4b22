#pragma once
// [Proficz2020] §5, Figs. 14/18 (scatter), 15/20 (gather) and 17/19 (scatter over P):
// mean ± sd of the run time and of the average elapsed time per maximum delay (or process
// count) for the paper's six algorithms and the library's own, with the paper's claims beneath.

#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

Report build_proficz_fig14(const std::vector<ResultFile>& files);  // with Fig. 18
Report build_proficz_fig15(const std::vector<ResultFile>& files);  // with Fig. 20
Report build_proficz_fig16(const std::vector<ResultFile>& files);
Report build_proficz_fig17(const std::vector<ResultFile>& files);  // with Fig. 19; file per P

}  // namespace papbench::report
