#pragma once
// `papbench-report pap`: the process-arrival-pattern statistics of [Parsons2015] §3.3 per case (the
// same numbers `papbench imbalance` prints): delta-bar, omega-bar, their factors relative to
// the run's measured minimum message latency, and the First/Last per-node view of Table 3.5.

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

// A capture (docs/CAPTURE.md) gets the per-call-site view of capture_sites.hpp instead; `suggest`
// adds each site's replay command to its notes.
Report build_pap(const ResultFile& file, bool suggest = false);

}  // namespace papbench::report
