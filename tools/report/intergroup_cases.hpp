#pragma once
// What the [Kang2019] views (model intergroup, table kang-fig4/5/6) read from an intergroup case:
// the group shape its params record, the setting it is, and the paper's own timing computed from
// the raw per-iteration timestamps.

#include <optional>
#include <string>
#include <vector>

#include "models/intergroup_model.hpp"
#include "results/case_metrics.hpp"
#include "results/result_set.hpp"

namespace papbench::report {

// An intergroup_allgather(v) case's shape: params groups=p:q, placement, ka-factor, kb-factor,
// dist (Allgatherv), setting (when papbench ran with --setting; else derived from the others).
struct IntergroupCase {
  bool allgatherv = false;
  std::int64_t p = 0, q = 0;
  std::string placement;
  double ka_factor = 1, kb_factor = 1;
  std::optional<intergroup_model::Dist> dist;  // Allgatherv only
  std::optional<intergroup_model::Setting> setting;
  bool setting_recorded = false;  // from the params, not derived
  double elem_bytes = 0;
  double block_a_bytes = 0, block_b_bytes = 0;  // nominal blocks: count x factor, in bytes
  intergroup_model::Shape shape;                // in bytes, every block as papbench made it
  std::string variant;  // params beyond the shape (the algorithm's options), "" when none
};

// nullopt for a case of another collective. Throws UsageError naming the case when its params
// lack the group shape (a file older than the intergroup options) or its datatype is unknown.
std::optional<IntergroupCase> intergroup_case(std::size_t index, const results::CaseRecord& rec);

// "S2", or "-" when the case is no paper setting.
std::string setting_text(const IntergroupCase& c);

// [Kang2019] §5's timing: every rank times its own call after a barrier and the iteration counts
// the slowest rank (max over ranks of f_i - a_i); of the iterations, the fastest and slowest are
// dropped and the rest averaged (the authors' code: 10 runs, mean of 8). With fewer than three
// iterations nothing is dropped. Late and failed iterations are left out first, as in every view.
struct PaperTiming {
  double mean_ns = 0;
  int iterations = 0;  // kept (on time, valid)
  int averaged = 0;    // iterations - 2 when trimmed
  bool trimmed = false;
};
// Over the iterations `selection` keeps (kept_iterations: the ones every view keeps).
std::optional<PaperTiming> paper_timing(const results::CaseRecord& rec,
                                        const results::IterationSelection& selection);

}  // namespace papbench::report
