#include "tools/report/tables/paper_tables.hpp"

#include <algorithm>

#include "tools/report/models/model_bcast_view.hpp"
#include "tools/report/tables/table_clv1.hpp"
#include "tools/report/tables/table_clv_figs.hpp"
#include "tools/report/tables/table_kang_figs.hpp"
#include "tools/report/tables/table_nuriyev_q.hpp"
#include "tools/report/tables/table_parsons.hpp"
#include "tools/report/tables/table_parsons_apps.hpp"
#include "tools/report/tables/table_proficz34.hpp"
#include "tools/report/tables/table_proficz5.hpp"
#include "tools/report/tables/table_proficz_figs.hpp"

namespace papbench::report {
namespace {

// One row per paper table or figure.
const std::vector<PaperTable>& registry() {
  static const std::vector<PaperTable> kPaperTables = {
      {"proficz-table3", "BSLN vs. LIN scatter over sizes x max delays: diff (ms), acceleration",
       "[Proficz2020] Table 3", build_proficz_table3},
      {"proficz-table4", "BSLS vs. LS gather over sizes x max delays: diff (ms), acceleration",
       "[Proficz2020] Table 4", build_proficz_table4},
      {"proficz-table5", "FFT application: total, gather run and elapsed time per gather algorithm",
       "[Proficz2020] Table 5", build_proficz_table5},
      {"proficz-fig14", "scatter run time and elapsed time per max delay, six algorithms",
       "[Proficz2020] Figs. 14, 18", build_proficz_fig14},
      {"proficz-fig15", "gather run time and elapsed time per max delay, six algorithms",
       "[Proficz2020] Figs. 15, 20", build_proficz_fig15},
      {"proficz-fig16", "scatter run time per total data size at one max delay",
       "[Proficz2020] Fig. 16", build_proficz_fig16},
      {"proficz-fig17", "scatter run time and elapsed time per process count (file per P)",
       "[Proficz2020] Figs. 17, 19", build_proficz_fig17},
      {"clv-fig10", "reduce run time per max delay: MPI, BNOM, RAB, RXX, RING, CLV",
       "[ProficzOcetkiewicz2021] Fig. 10", build_clv_fig10},
      {"clv-fig11", "reduce run time per process count (file per P), six algorithms",
       "[ProficzOcetkiewicz2021] Fig. 11", build_clv_fig11},
      {"kang-fig4", "intergroup Allgather per setting and size: native, alg1, euro2; native/alg1",
       "[Kang2019] Fig. 4", build_kang_fig4},
      {"kang-fig5", "intergroup Allgatherv per setting and size: native, alg2; native/alg2",
       "[Kang2019] Fig. 5", build_kang_fig5},
      {"kang-fig6", "speed-ups native/alg1 (S1-S4), native/alg2 (S5-S8) vs. Eq. (5), vs. 23.67x",
       "[Kang2019] Fig. 6", build_kang_fig6},
      {"parsons-table2.1", "UHA over the library alone, per collective: mean and max over sizes",
       "[Parsons2015] Table 2.1", build_parsons_table2_1},
      {"parsons-table2.2", "multi-sender UHA over UHA, inter-node phase: mean and max over sizes",
       "[Parsons2015] Table 2.2", build_parsons_table2_2},
      {"parsons-fig2.9", "allgather-ring copy-outs (multi-sender: shared, COW) over UHA memcpy",
       "[Parsons2015] Fig. 2.9", build_parsons_fig2_9},
      {"parsons-table3.6", "reduce speed-ups over mpich-binomial, mean over sizes x imbalance",
       "[Parsons2015] Table 3.6", build_parsons_table3_6},
      {"parsons-table3.7", "bcast speed-ups over mpich-binomial, mean over sizes x imbalance",
       "[Parsons2015] Table 3.7", build_parsons_table3_7},
      {"parsons-table3.8", "alltoall speed-ups over mpich-isend, mean over sizes x imbalance",
       "[Parsons2015] Table 3.8", build_parsons_table3_8},
      {"parsons-table3.9", "Floyd-Warshall (bcast) run time and speed-up over mpich-binomial",
       "[Parsons2015] Table 3.9", build_parsons_table3_9},
      {"parsons-table3.10", "matrix-vector (reduce, rotating root) run time and speed-up",
       "[Parsons2015] Table 3.10", build_parsons_table3_10},
      {"parsons-table3.11", "FT (alltoall) speed-ups of UHA Isend and a2a-aware over mpich-isend",
       "[Parsons2015] Table 3.11", build_parsons_table3_11},
      {"nuriyev-q", "Q(m_s): flat bcast of one segment on two nodes vs. one, with a verdict",
       "[Nuriyev2022] Table 1", build_nuriyev_q},
      {"nuriyev-table3", "bcast best, model, oblivious, Open MPI 3.1 picks; model vs. oblivious",
       "[Nuriyev2022] Table 3", build_nuriyev_table3},
      {"clv-table1", "schedule generation: segtree speedup over linear, pairing (schedgen)",
       "[ProficzOcetkiewicz2021] Table 1", nullptr, build_clv_table1},
  };
  return kPaperTables;
}

}  // namespace

std::span<const PaperTable> paper_tables() {
  return registry();
}

const PaperTable* find_paper_table(std::string_view name) {
  const auto& all = registry();
  const auto it =
      std::find_if(all.begin(), all.end(), [&](const PaperTable& t) { return t.name == name; });
  return it == all.end() ? nullptr : &*it;
}

}  // namespace papbench::report
