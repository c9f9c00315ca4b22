#pragma once
// --resume FILE: continue an interrupted run in the result set it was writing. The run options
// that decide what a case measures are recorded in the file (root attribute run_options) when it
// is created; a resume must match them, and then runs only the cases the file lacks.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "bench/run/case_matrix.hpp"
#include "bench/run/run_options.hpp"

namespace papbench {

// Option name (as the user types it, or a named property of the job) -> value as typed.
using RunFingerprint = std::map<std::string, std::string>;

// Everything that changes what a case measures: the run options as typed (run_option_text: a list
// or duration written differently counts as different, so nothing is ever assumed equivalent),
// the process count, the node count, the MPI library and the papbench build. The options are
// every one of run_option_specs() but those whose row says why a resume may change it
// (resume_may_differ: --out, --resume, --force, --progress, --counters-strict, --call-timeout);
// the hosts the job lands on are free to change too.
RunFingerprint run_fingerprint(const RawRunOptions& raw, int ranks, int nodes,
                               const std::string& mpi_library, const std::string& build);

std::string fingerprint_to_json(const RunFingerprint& f);

// The longest text the result file records in one attribute (docs/RESULTS_FORMAT.md): HDF5
// keeps an attribute in its object's header, whose messages hold at most 64 KiB.
inline constexpr std::size_t kMaxRecordedText = 64000;
// UsageError (exit 2, before anything runs) naming the option with the longest value when the
// command line or the fingerprint's JSON is longer than kMaxRecordedText: the file's create
// failed on it with an internal HDF5 error (issue 31: 15,000 --count values typed out).
void check_recordable(const RunFingerprint& f, const std::string& command_line);
// Throws UsageError naming --resume and `path` when the text is not a recorded fingerprint.
RunFingerprint fingerprint_from_json(const std::string& text, const std::string& path);

// One line per differing option: "--count: 'FILE' has 1Ki, this run 2Ki"; empty when equal.
std::vector<std::string> fingerprint_differences(const RunFingerprint& recorded,
                                                 const RunFingerprint& now,
                                                 const std::string& path);

// Fills opts.out and opts.resume from --resume; UsageError when --out names another file or
// --force is given.
void apply_resume_option(const RawRunOptions& raw, RunOptions& opts);

// Rank 0 only: reads the result set opts.out, refuses (UsageError, exit 2) a file that is not
// a papbench result set, of another major version, without a recorded fingerprint, or whose
// fingerprint differs from `now`. Returns per case of `cases`, whether the file already holds
// it complete (by match key; a key listed twice is done as often as the file holds it), and
// the session number the resumed run's cases get.
struct ResumePlan {
  std::vector<char> done;
  int session = 1;
};
ResumePlan plan_resume(const RunOptions& opts, const std::vector<Case>& cases, int ranks,
                       const RunFingerprint& now);

}  // namespace papbench
