#pragma once
// [Kang2019] §5, Figs. 4-6 from intergroup result sets, timed as the paper times (barrier, slowest
// rank, 10 runs, fastest and slowest dropped, mean of 8; intergroup_cases.hpp) from the raw
// timestamps papbench stores:
//   kang-fig4: intergroup_allgather, native vs. alg1 vs. euro2 (and rg1, rg2, euro1 if run) per
//              setting and block size, with native/alg1 beside Eq. (5);
//   kang-fig5: intergroup_allgatherv, native vs. alg2 (and rg1, rg2), native/alg2 beside Eq. (5);
//   kang-fig6: the speed-ups of both per process count, setting and size, and the largest one
//              beside the paper's 23.67x.

#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

Report build_kang_fig4(const std::vector<ResultFile>& files);
Report build_kang_fig5(const std::vector<ResultFile>& files);
Report build_kang_fig6(const std::vector<ResultFile>& files);

}  // namespace papbench::report
