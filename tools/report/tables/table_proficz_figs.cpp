#include "tools/report/tables/table_proficz_figs.hpp"

#include "tools/report/tables/figure_grid.hpp"

namespace papbench::report {
namespace {

const std::vector<FigureSeries> kScatter = {
    {"lin", "LIN"},   {"bnom", "BNOM"}, {"slin", "SLIN"},  {"sbn", "SBN"},
    {"bsln", "BSLN"}, {"bsbn", "BSBN"}, {"native", "MPI"},
};

const std::vector<FigureSeries> kGather = {
    {"ls", "LS"},     {"bnom", "BNOM"}, {"sls", "SLS"},    {"sbn", "SBN"},
    {"bsls", "BSLS"}, {"bsbn", "BSBN"}, {"native", "MPI"},
};

// Run time is the papers' figure; elapsed time their appendix (Figs. 18-20).
const std::vector<results::Metric> kProficzMetrics = {results::Metric::kRunTime,
                                                      results::Metric::kElapsed};

}  // namespace

Report build_proficz_fig14(const std::vector<ResultFile>& files) {
  return build_figure(
      files,
      {"proficz-fig14",
       "Proficz 2020 Figs. 14/18, scatter vs. maximum delay",
       "scatter",
       FigureAxis::kMaxDelay,
       SizeMeaning::kTotal,
       kScatter,
       kProficzMetrics,
       {"Fig. 14 (48 nodes, 1 GbE, 2M floats): at 0 ms LIN 65, SLIN 64, BSLN 64 ms; at 50 ms "
        "LIN 104, SLIN 94, BSLN 91 ms; BSLN best, its advantage stable above 100 ms",
        "Fig. 18: elapsed time shows the same trends"}});
}

Report build_proficz_fig15(const std::vector<ResultFile>& files) {
  return build_figure(
      files,
      {"proficz-fig15",
       "Proficz 2020 Figs. 15/20, gather vs. maximum delay",
       "gather",
       FigureAxis::kMaxDelay,
       SizeMeaning::kTotal,
       kGather,
       kProficzMetrics,
       {"Fig. 15 (48 nodes, 1 GbE, 2M floats): LS and BNOM best for balanced PAPs, the "
        "PAP-aware ones at larger delays, BSLS best; SLS and BSLS get faster as the delay grows "
        "over 0-50 ms (fewer switch collisions)",
        "Fig. 20: elapsed time shows the same trends"}});
}

Report build_proficz_fig16(const std::vector<ResultFile>& files) {
  return build_figure(
      files,
      {"proficz-fig16",
       "Proficz 2020 Fig. 16, scatter vs. data size",
       "scatter",
       FigureAxis::kSize,
       SizeMeaning::kTotal,
       kScatter,
       {results::Metric::kRunTime},
       {"Fig. 16 (48 nodes, 1 GbE, 50 ms, 128K..2M floats total): the PAP-aware algorithms gain "
        "with the message length (bandwidth-bound sizes) and nothing for latency-bound sizes "
        "(no values in the text)"}});
}

Report build_proficz_fig17(const std::vector<ResultFile>& files) {
  return build_figure(
      files, {"proficz-fig17",
              "Proficz 2020 Figs. 17/19, scatter vs. process count",
              "scatter",
              FigureAxis::kProcesses,
              SizeMeaning::kTotal,
              kScatter,
              kProficzMetrics,
              {"Fig. 17 (4..48 nodes, 1 GbE, 2M floats, 50 ms): times grow with P, \"the growth is "
               "moderate\", the PAP-aware algorithms win over the whole range",
               "Fig. 19: elapsed time shows the same trends"}});
}

}  // namespace papbench::report
