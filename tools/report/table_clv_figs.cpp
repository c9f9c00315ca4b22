#include "tools/report/table_clv_figs.hpp"

#include "tools/report/figure_grid.hpp"

namespace papbench::report {
namespace {

// The paper's legend: MPI, BNOM, RAB, RXX, RING, CLV.
const std::vector<FigureSeries> kSeries = {
    {"native", "MPI"}, {"binomial", "BNOM"}, {"rabenseifner", "RAB"},
    {"radixk", "RXX"}, {"ring", "RING"},     {"clairvoyant", "CLV"},
};

const std::vector<results::Metric> kClvMetrics = {results::Metric::kRunTime,
                                                  results::Metric::kAfterLastArrival};

}  // namespace

Report build_clv_fig10(const std::vector<ResultFile>& files) {
  return build_figure(
      files, {"clv-fig10",
              "Clairvoyant Fig. 10, reduce vs. maximum delay",
              "reduce",
              FigureAxis::kMaxDelay,
              SizeMeaning::kPerRank,
              kSeries,
              kClvMetrics,
              {"Fig. 10 (48 nodes, 1 GbE, 512K floats): \"the Clairvoyant has the shortest run "
               "times, slightly outperforming Parallel Ring and native OpenMPI algorithms. The "
               "others have much worse results\" (no values in the text)"}});
}

Report build_clv_fig11(const std::vector<ResultFile>& files) {
  return build_figure(
      files, {"clv-fig11",
              "Clairvoyant Fig. 11, reduce vs. process count",
              "reduce",
              FigureAxis::kProcesses,
              SizeMeaning::kPerRank,
              kSeries,
              kClvMetrics,
              {"Fig. 11 (4..48 nodes, 1 GbE, 128K floats, 50 ms): \"the Clairvoyant is better "
               "for a larger cooperating group having advantage over other algorithms, and the "
               "overall decrease of its performance is sublinear\" (no values in the text)"}});
}

}  // namespace papbench::report
