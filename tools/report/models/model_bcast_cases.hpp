#pragma once
// The broadcast cases `papbench-report model bcast` reads ([Nuriyev2022]): each case of the six
// algorithms (papbench's own, or the library's forced with Open MPI's names), with its timings
// (tools/report/models/bcast_case_times.hpp). Cases of one configuration from several files or
// launches are pooled, iterations together; two configurations of one (P, m, algorithm, mapping),
// say two segment sizes or fanouts, are refused: the model takes one per algorithm and would
// otherwise keep whichever came last.

#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "models/bcast_lambda.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/models/bcast_case_times.hpp"

namespace papbench::report {

// `model bcast`'s options, here because reading the cases already depends on them.
struct BcastModelOptions {
  bool global_max = false;      // --stages globalmax: every stage charged with the largest NBFT
  double epsilon = 1.35;        // Huber's threshold, in residual scales
  std::int64_t segment = 8192;  // m_s: the flat broadcasts of Table 1 and the gather's block
  bool library = false;         // --impl library: native:force=NAME cases instead of papbench's own
  bool lambda = false;          // also print the fitted systems
  double near_percent = 10;     // "near-optimal" in Table 3's summary
};

struct BcastMeasurement {
  bcast_model::Algorithm alg = bcast_model::Algorithm::kFlat;
  bool library = false;     // native:force=NAME, not papbench's own
  bool experiment = false;  // gather-after > 0: Eq. (16)'s communication experiment
  int ranks = 0;
  long bytes = 0;
  bcast_model::ModelOptions options;  // the case's segment size and fanout; stages from the CLI
  std::vector<int> domain;            // node (real or virtual) of each rank
  BcastTime root;                     // on the root's clock (Table 1's NBFTs, Table 2's fit)
  BcastTime last;                     // until the last rank has the data (Table 3)
  int cases = 1;                      // pooled
  std::vector<CaseRef> refs;          // the cases pooled here, one per file: compare's launches
  std::string source;                 // "FILE: case title" of the first, for messages
};

struct BcastCases {
  std::vector<BcastMeasurement> all;
  // The library's unforced MPI_Bcast per (P, m, node of each rank), until the last rank has the
  // data.
  std::map<std::tuple<int, long, std::vector<int>>, BcastTime> library_default;
  bool virtual_nodes = false;
  int pooled = 0;                     // cases added to an earlier one of the same configuration
  std::vector<std::string> left_out;  // cases read but not usable, with the reason
};

// Throws UsageError when one (P, m, algorithm, own/library, experiment or not) comes in two
// configurations.
BcastCases read_bcast_cases(std::span<const ResultFile> files, const BcastModelOptions& o);

}  // namespace papbench::report
