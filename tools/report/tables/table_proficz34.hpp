#pragma once
// [Proficz2020] Tables 3 and 4: the PAP-aware algorithm against its baseline over data sizes x
// maximum delays (BSLN vs. LIN for scatter, BSLS vs. LS for gather), each cell
//   diff = mean(new) - mean(base) of the run time, in ms (negative: the new one is faster),
//   acceleration = mean(base) / mean(new) (ratio of means; the paper does not say which it took),
// printed beside the paper's cell, with Mann-Whitney U and Welch t p-values of the two samples
// so a reader sees whether our difference is noise. Sizes are the paper's totals (K = 1024
// floats): a case's per-rank count maps to the total whose floor or ceiling division by P gives
// it (figure_grid.hpp, paper_total), other sizes get rows of their own.

#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

Report build_proficz_table3(const std::vector<ResultFile>& files);
Report build_proficz_table4(const std::vector<ResultFile>& files);

}  // namespace papbench::report
