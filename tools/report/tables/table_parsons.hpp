#pragma once
// [Parsons2015]'s speed-up tables from result sets, with the thesis' numbers beside:
//   parsons-table3.6: reduce, mean time in the collective (elapsed), over mpich-binomial;
//   parsons-table3.7: bcast, the same;
//   parsons-table3.8: alltoall over mpich-isend, elapsed (the table) and after-last-arrival
//                     (appendix C);
//   parsons-table2.1: per collective, the library algorithm vs. the UHA with it inter-node,
//                     classic latency (run time);
//   parsons-table2.2: the UHA vs. the UHA multi-sender, inter-node phase time;
//   parsons-fig2.9:   allgather, the copy-outs with the ring and the multi-sender ring over the
//                     UHA with MPICH's ring and memcpy, run time (the thesis has the plot only).
// Aggregation: tools/report/tables/parsons_speedup.hpp. Which algorithm is baseline and candidate
// of each row follows the thesis (docs/REPRODUCING.md). One section per process count and node
// shape; a row whose algorithms the files lack says so. A row takes only cases that ran the
// thesis' configuration exactly (every option, defaults spelt out); another configuration of a
// row's candidate gets a row of its own, "variant of <row>", without the thesis' value; other
// algorithms of the table's collective (chapter 3) are added as "also run" rows.

#include <string>
#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"
#include "tools/report/tables/case_params.hpp"

namespace papbench::report {

// A table's algorithm as the thesis ran it: its view, collective, name and every option.
struct ThesisConfiguration {
  std::string table, collective, algorithm;
  AlgConfiguration options;
};
// Every baseline and candidate configuration of the five tables above, for the test that holds
// them against the registry's declared options.
std::vector<ThesisConfiguration> parsons_table_configurations();

Report build_parsons_table3_6(const std::vector<ResultFile>& files);
Report build_parsons_table3_7(const std::vector<ResultFile>& files);
Report build_parsons_table3_8(const std::vector<ResultFile>& files);
Report build_parsons_table2_1(const std::vector<ResultFile>& files);
Report build_parsons_table2_2(const std::vector<ResultFile>& files);
Report build_parsons_fig2_9(const std::vector<ResultFile>& files);

}  // namespace papbench::report
