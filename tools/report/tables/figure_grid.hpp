#pragma once
// The papers' figures are all "one metric by (x, algorithm)": [Proficz2020] Figs. 14-20 and
// Clairvoyant Figs. 10-11 plot the mean (± sd) of run time or elapsed time over iterations
// against the maximum delay or the process count, one line per algorithm. build_figure turns
// result sets into that grid once; each figure is a FigureSpec of a few lines.
//
// Cases are grouped by their fixed conditions (everything that is neither the x axis nor the
// algorithm: collective, size, dtype, pattern, root, compute, ...); each group is one section,
// so a file holding several sizes gives one grid per size instead of mixing them.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "results/case_metrics.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

// The Proficz papers give scatter and gather sizes as the total vector (K = 1024 floats).
inline constexpr std::uint64_t kProficzTotals[] = {128 * 1024, 256 * 1024, 512 * 1024, 1024 * 1024,
                                                   2048 * 1024};

// The total vector a per-rank `count` on `processes` ranks stands for: the paper total whose
// floor or ceiling division by P gives `count` (2Mi floats on 48 ranks run as 43690 or 43691 per
// rank), else count x P.
std::uint64_t paper_total(std::uint64_t count, int processes,
                          std::span<const std::uint64_t> totals = kProficzTotals);

// "2048K" for a multiple of 1024, else the plain number.
std::string total_label(std::uint64_t total);

// How a case's `count` is named: per rank (reduce: each rank's whole vector) or as the
// scatter/gather total vector, which stays fixed while the process count varies.
enum class SizeMeaning { kPerRank, kTotal };

// The case's conditions other than its algorithm and the given axes, as text for a heading
// ("scatter, 2048K floats total, float, root 0, uniform, compute 10ms, P = 4"); equal text,
// equal conditions.
struct ConditionAxes {
  bool size = false;       // the size is an axis of the table (leave it out)
  bool maxdelay = false;   // the maximum delay is an axis
  bool processes = false;  // the process count is an axis
};
std::string condition_label(const results::CaseRecord& record, int processes, SizeMeaning size,
                            ConditionAxes axes);

// Process count of a case (its own record, else the file's MPI size).
int case_processes(const results::CaseRecord& record, const ResultFile& file);

// kSize: the data size as the spec's SizeMeaning names it (the Proficz total vector, or the
// per-rank count).
enum class FigureAxis { kMaxDelay, kProcesses, kSize };

struct FigureSeries {
  std::string algorithm;   // papbench's name ("bsln", "clairvoyant")
  std::string paper_name;  // the paper's legend ("BSLN", "CLV")
};

struct FigureSpec {
  std::string kind;        // report kind, e.g. "proficz-fig14"
  std::string title;       // "Proficz 2020 Fig. 14/18: scatter vs. maximum delay"
  std::string collective;  // cases of other collectives are left out (and counted in a note)
  FigureAxis axis = FigureAxis::kMaxDelay;
  SizeMeaning size = SizeMeaning::kPerRank;
  std::vector<FigureSeries> series;      // legend order; other algorithms are left out
  std::vector<results::Metric> metrics;  // one block of rows per metric
  std::vector<std::string> claims;       // the paper's statements, printed beneath
};

// One section per group of fixed conditions; rows: x value per metric; cells: mean ± sd over the
// timed iterations (pooled when several cases share a cell), "-" where no case was run; the
// fastest series per row; notes list the missing cells, what was left out, and the claims.
// Throws UsageError when no case of the collective is found.
Report build_figure(const std::vector<ResultFile>& files, const FigureSpec& spec);

}  // namespace papbench::report
