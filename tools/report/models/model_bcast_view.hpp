#pragma once
// `papbench-report model bcast FILES...`: [Nuriyev2022]'s model-based selection of a broadcast
// algorithm, estimated from result sets of this machine:
//   Table 1: gamma^c(P) and Q(m_s) from flat broadcasts of one segment (§5.1, Eqs. (14), (15)),
//            and P^max(c) from the trees and the ranks' mapping;
//   Table 2: o^0, o^1, L^0, L^1 per algorithm, fitted by Huber regression to the communication
//            experiment (gather-after=m_s) at the largest P measured (§5.2, Eqs. (16)-(19));
//   Table 3: per (P, m), the measured best algorithm, the model's pick and Open MPI 3.1's fixed
//            decision, with their degradation (§6.3);
//   optionally the rows of the fitted systems (Eq. (20)).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"
#include "tools/report/models/model_bcast_cases.hpp"

namespace papbench::report {

Report build_model_bcast(std::span<const ResultFile> files, const BcastModelOptions& options);

// `papbench-report table nuriyev-table3 FILES`: Table 3 and its verdicts (the model's pick vs.
// the topology-oblivious baseline's, model_vs_oblivious.hpp) at the default options, the paper
// view `table --verdicts` counts.
Report build_nuriyev_table3(const std::vector<ResultFile>& files);

}  // namespace papbench::report
