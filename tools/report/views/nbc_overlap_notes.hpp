#pragma once
// `papbench-report summary`'s lines on the nonblocking collectives (issue 46 item 2): for every
// case run with an overlap compute (params overlap-compute=DURATION), the overlap it achieved
// against the file's case of the same workload and algorithm without compute
// (overlap-compute=none, IMB-NBC's t_pure), by results/nbc_overlap.hpp's definition.

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

// Adds one note per such case (or why it has no figure) and, for JSON, extra["nbc_overlap"]:
// {case, pure_case, overlap_compute, test_interval, rank, t_pure_ns, t_cpu_ns, t_ovrl_ns, overlap,
// overlap_imb_code}. Nothing when the file holds no such case.
void add_nbc_overlap(Section& s, const ResultFile& file);

}  // namespace papbench::report
