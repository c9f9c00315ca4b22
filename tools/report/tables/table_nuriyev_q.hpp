#pragma once
// [Nuriyev2022] Table 1's Q(m_s) = T^1_NBFT(2, m_s) / T^0_NBFT(2, m_s) as a trend verdict: the
// flat broadcast of one segment between two processes on two nodes against the same on one node
// (the nuriyev2022-table1-gamma*.exp cases). The paper's Q (6 on Grisou, 12 on Gros) says the
// network pair is the slower one; ours is compare's ratio with its CI. `model bcast` prints the
// same Q and selects with it: both take it from tools/report/models/bcast_nbft_q.hpp; this view
// gives it a row that `table --verdicts` counts.

#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

Report build_nuriyev_q(const std::vector<ResultFile>& files);

}  // namespace papbench::report
