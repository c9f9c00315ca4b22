#include "tools/report/tables/table_clv_figs.hpp"

#include <array>

#include "tools/report/core/trend_rows.hpp"
#include "tools/report/tables/figure_grid.hpp"

namespace papbench::report {
namespace {

// The paper's legend: MPI, BNOM, RAB, RXX, RING, CLV.
const std::vector<FigureSeries> kSeries = {
    {"native", "MPI"}, {"binomial", "BNOM"}, {"rabenseifner", "RAB"},
    {"radixk", "RXX"}, {"ring", "RING"},     {"clairvoyant", "CLV"},
};

const std::vector<results::Metric> kClvMetrics = {results::Metric::kRunTime,
                                                  results::Metric::kAfterLastArrival};

// Fig. 10's claim as verdict rows: CLV shorter than each of the others (the text: "slightly"
// ahead of RING and native, "much worse" the rest), per workload.
TrendClaim clv_claim(const std::string& other, const std::string& paper_name, const char* text) {
  return {"CLV vs. " + paper_name,
          [other](const results::CaseRecord& c) {
            return c.collective == "reduce" && c.algorithm == other;
          },
          [](const results::CaseRecord& c) {
            return c.collective == "reduce" && c.algorithm == "clairvoyant";
          },
          Direction::kFaster,
          text,
          kNoBand};
}

}  // namespace

Report build_clv_fig10(const std::vector<ResultFile>& files) {
  Report r = build_figure(
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
  const std::array<TrendClaim, 4> claims = {
      clv_claim("binomial", "BNOM", "CLV shortest, BNOM much worse"),
      clv_claim("rabenseifner", "RAB", "CLV shortest, RAB much worse"),
      clv_claim("ring", "RING", "CLV slightly ahead of RING"),
      clv_claim("native", "MPI", "CLV slightly ahead of native")};
  if (auto s = claim_section("Clairvoyant Fig. 10: the paper's claim, CLV vs. each other", files,
                             claims, results::Metric::kRunTime)) {
    r.sections.push_back(std::move(*s));
  }
  return r;
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
