#pragma once
// Opening a result set on behalf of the user: every failure becomes an UsageError that names
// the file, and the run-level facts every view prints come from one place.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "results/case_metrics.hpp"
#include "results/result_set.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

struct ResultFile {
  std::string path;
  results::ResultReader reader;
  // Which timed iterations every view of this report keeps (--include-late, --include-invalid):
  // the file carries it to each view, so that no view can apply a rule of its own.
  results::IterationFilter filter;
};

// Throws UsageError("FILE: reason") for a missing, unreadable or foreign file. A view that walks
// the cases one at a time opens with CaseData::kOnDemand and takes each case's data from
// load_case, so that it holds one case rather than the file (docs/SCALING.md).
ResultFile open_result_file(const std::string& path,
                            results::CaseData data = results::CaseData::kLoaded,
                            const results::IterationFilter& filter = {});

// The iterations of `record` (a case of `file`) the report keeps: results::select_iterations
// under the file's filter. Every view takes its iterations from here or from load_kept_case.
results::IterationSelection kept_iterations(const ResultFile& file,
                                            const results::CaseRecord& record);

// Case i of the file with the matrices `parts` names (ResultReader::load_case); an unreadable
// case is a UsageError naming the file and the case.
results::CaseRecord load_case(const ResultFile& file, std::size_t i,
                              const results::CaseParts& parts = {});

// load_case reduced to the kept iterations (results::only_kept): for the views that read every
// row of a case's matrices rather than a metric's series.
results::CaseRecord load_kept_case(const ResultFile& file, std::size_t i,
                                   const results::CaseParts& parts = {});

// Whether the /sync events carry the bound the sync computed (format 1.4); before, only
// rtt_min, whose half is a lower bound on the error of a single exchange, not a bound.
bool sync_bounds_recorded(std::span<const results::SyncEventRow> events);

// Worst clock-sync error bound of the run at a sync: max error_bound_ns over the /sync events,
// or max rtt_min / 2 where they do not record one; nullopt when the file records no events.
std::optional<double> sync_error_bound_ns(std::span<const results::SyncEventRow> events);

// Human text and raw value of that bound.
Cell sync_bound_cell(const ResultFile& file);

// The run facts every per-file view heads its output with: command line, papbench version,
// ranks, nodes, MPI library, clock, sync error bound.
std::vector<MetaItem> run_meta(const ResultFile& file);

// The network_emulation attribute (tools/emulated-cluster.sh) of each file that has one, as
// "PATH: hosts=... link=...": what a paper view heads its table with, so that figures measured on
// namespaces behind shaped links are never read as a real cluster's.
std::vector<std::string> network_emulations(std::span<const ResultFile> files);

// What the run's buffers held when a call met them (papbench --buffers, the root attribute
// `buffers`): "cold" or "warm"; "cold" for files older than the attribute (format 1.9), whose runs
// re-filled them before every call.
std::string buffer_mode(const results::RunInfo& info);
// That choice in words, for summary and compare ("warm: written once, reused as ...").
std::string buffer_mode_text(const results::RunInfo& info);

// MPI libraries report several lines (Open MPI adds package and build date); the first one names
// the library and version, which is what a reader comparing runs needs.
std::string first_line(const std::string& text);

}  // namespace papbench::report
