#pragma once
// [Proficz2020] Table 5: the FFT mini-application (`papbench app fft`, docs/FFT.md) with each
// gather algorithm: mean total time of a repetition (--iters iterations; its slowest rank), mean
// gather run time and mean gather elapsed time, each with its ratio to LS (mean(alg) /
// mean(LS): below 1 is faster), beside the paper's seconds and the same ratios of them. One
// section per configuration (n, P, iterations, threads, root); cases of several files with the
// same configuration are pooled.

#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

Report build_proficz_table5(const std::vector<ResultFile>& files);

}  // namespace papbench::report
