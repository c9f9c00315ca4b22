#pragma once
// In-memory form of a papbench HDF5 result set (schema: docs/RESULTS_FORMAT.md), with the
// writer that rank 0 uses during a run and the reader the tools use afterwards.

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/setting.hpp"

namespace papbench::results {

inline constexpr int kFormatMajor = 1;
// 1.1 added /cases/NNNN/metrics; 1.2 the root attributes nodes_virtual and virtual_ppn (a 1.0 or
// 1.1 file reads as real nodes); 1.3 /cases/NNNN/validation (absent before: not recorded); 1.4
// the /sync fields error_bound_ns and bound_growth_ppb (older rows read as not recorded),
// /cases/NNNN/clock_bound_ns and clock_slew_ns (absent before: empty), and
// /cases/NNNN/pat_exchange_done_ns and pat_work_done_ns. 1.5 adds, for counted cases, the
// counters_domain attribute and the counter_costs and counters_empty groups.
// 1.6 the root attribute run_options (what --resume compares) and, on cases written by a
// resumed run, session, session_utc and session_hosts (absent: the original run, session 0).
// 1.7 captured applications (root attribute result_kind = "capture", capture/) and the root
// attribute network_emulation (tools/emulated-cluster.sh); both are strings older readers keep
// as extras. 1.8 /cases/NNNN/arrival_error_ns and the case attribute arrival_tolerance_ns, and
// `late` flags the iterations some rank's arrival error exceeded that tolerance in (before: some
// rank missed the agreed start); absent in older files, whose late flags keep their meaning.
// 1.8 also the root attribute run_order (--order; an extra to older readers) and
// /cases/NNNN/clock_elapsed_bound_ns (absent before: readers fall back, results/clock_bounds.hpp).
// 1.9 the root attribute buffers (--buffers cold|warm; absent: cold), an extra to older readers.
inline constexpr int kFormatMinor = 9;

// Per timed iteration, whether its output was checked (CaseRecord::validation).
enum class IterationCheck : std::uint8_t { kNotChecked = 0, kPassed = 1, kFailed = 2 };

// A file that is not a papbench result set, or of an unknown major version.
class FormatError : public Error {
 public:
  using Error::Error;
};

struct RunInfo {
  std::string papbench_version, git_sha, command_line, mpi_library_version, created_utc;
  int mpi_size = 0;
  std::vector<std::string> hostnames;        // per rank
  std::vector<int> node_index;               // per rank
  bool nodes_virtual = false;                // node_index holds --virtual-ppn nodes, not hosts
  int virtual_ppn = 0;                       // K of --virtual-ppn; 0: real nodes
  std::vector<int> core;                     // per rank, -1 when unknown
  std::string clock_info;                    // raw clock, estimator, hierarchy, resync period
  std::map<std::string, std::string> extra;  // further string attributes of '/'
};

struct SyncEventRow {
  std::int64_t time_ns = 0;
  int rank = 0;
  std::int64_t offset_ns = 0;
  double drift_ppb = 0;
  std::int64_t rtt_min_ns = 0;
  // Format 1.4: how far this rank's clock may be from rank 0's at the sync (-1: not recorded,
  // a file older than 1.4), and how many ns per second of local time the bound grows after it.
  std::int64_t error_bound_ns = -1;
  double bound_growth_ppb = 0;
};

// [iteration][rank], row-major.
struct Matrix {
  int rows = 0;
  int cols = 0;
  std::vector<std::int64_t> data;

  Matrix() = default;
  Matrix(int r, int c) : rows(r), cols(c), data(static_cast<std::size_t>(r) * c, 0) {}
  std::int64_t& at(int r, int c) { return data[static_cast<std::size_t>(r) * cols + c]; }
  std::int64_t at(int r, int c) const { return data[static_cast<std::size_t>(r) * cols + c]; }
  std::span<const std::int64_t> row(int r) const {
    return {data.data() + static_cast<std::size_t>(r) * cols, static_cast<std::size_t>(cols)};
  }
};

// A case's --arrival-tolerance in ns (results/arrival_error.hpp): auto until the runner resolves
// it for the case, so a record holds off or a duration.
using ArrivalTolerance = Setting<std::int64_t>;

struct CaseRecord {
  // Parameters (HDF5 attributes of /cases/NNNN).
  std::string collective, algorithm, params, dtype, op, pattern, sync_mode;
  std::uint64_t count = 0;
  int root = 0;
  std::int64_t compute_ns = 0;
  std::int64_t maxdelay_ns = 0;
  std::uint64_t seed = 0;
  int warmup = 0;
  int iterations = 0;
  int ranks = 0;
  std::string validated;  // "pass", "fail" or "unchecked"
  bool complete = false;

  // Timed iterations only (warm-up excluded), global-clock nanoseconds.
  Matrix arrival_ns, exit_ns, planned_delay_ns, planned_arrival_ns;
  std::optional<Matrix> predicted_arrival_ns;  // PAT algorithms only
  // When each rank's PAT thread finished the exchange of arrivals and its background work (PAT
  // runtimes only; absent before format 1.4): the thread's share of [arrival, exit) is the
  // overlap that papbench-report summary reports.
  std::optional<Matrix> pat_exchange_done_ns, pat_work_done_ns;
  // Per iteration, 1 when the iteration is left out for its arrivals: from format 1.8 some rank's
  // |arrival error| exceeded arrival_tolerance_ns; in older files some rank missed the agreed
  // start.
  std::vector<std::uint8_t> late;
  // Format 1.8, per iteration and rank: a_i - planned arrival_i, signed, ns (for compute:XTIME,
  // which plans no arrival, the compute loop's start - T0). 0x0 in older files.
  Matrix arrival_error_ns;
  // Format 1.8: the tolerance the run applied (results/arrival_error.hpp), off or a duration in
  // ns (the attribute arrival_tolerance_ns); nullopt in older files.
  std::optional<ArrivalTolerance> arrival_tolerance;
  // Per iteration, an IterationCheck: kFailed when any rank's output was wrong. Empty in files
  // older than format 1.3.
  std::vector<std::uint8_t> validation;
  // Format 1.4, per iteration and rank at the arrival a_i: how far the rank's global clock may be
  // from rank 0's (GlobalClock::error_bound_at), and the part of a resync's correction still
  // being slewed in (0: none). 0x0 in older files and in records made without a clock.
  Matrix clock_bound_ns, clock_slew_ns;
  // Format 1.8, per iteration and rank (docs/RESULTS_FORMAT.md): how far the rank's own
  // interval f_i - a_i may be from rank 0's clock's (GlobalClock::interval_bound); the exit's
  // bound is clock_bound_ns plus it. 0x0 in files written before it: readers then take the
  // arrival's bound for the exits (the older, weaker bound) and only the slew for elapsed
  // (results/clock_bounds.hpp).
  Matrix clock_elapsed_bound_ns;
  std::map<std::string, Matrix> counters;  // event name -> values
  // Named per-iteration values [iteration][rank] that an algorithm or application reports
  // (e.g. clv_schedule_ns). The rows need not equal iterations; names must not be empty.
  std::map<std::string, Matrix> metrics;  // named per-iteration values [iteration][rank]
  std::vector<std::string> counters_unavailable;
  // Format 1.5, only when counters were counted: the counting domain PAPI granted (read back,
  // e.g. "user"), and the costs CounterSet::calibrate measured on each rank, as [1][rank]
  // matrices: counter_costs "start_ns" and "stop_ns" (the time PAPI_start and PAPI_stop took),
  // counters_empty per event (what it counts in an empty region).
  std::string counters_domain;
  std::map<std::string, Matrix> counter_costs;
  std::map<std::string, Matrix> counters_empty;
  // Format 1.6: which run wrote the case: 0 the one that created the file, k the k-th
  // `papbench --resume` of it, which started at session_utc (empty for session 0).
  // session_hosts: that run's host of each rank (/topology holds session 0's).
  int session = 0;
  std::string session_utc;
  std::vector<std::string> session_hosts;

  // Whether the key holds the start (sync_mode): compare --a-sync/--b-sync matches cases of two
  // starts by their keys without it.
  enum class Start { kWith, kWithout };
  // Everything that identifies the case for matching across files (not seed or iterations).
  std::string match_key(Start start = Start::kWith) const;
  // The same without algorithm and params: the case two algorithms of a comparison share.
  std::string workload_key(Start start = Start::kWith) const;
  // The workload key without the collective: what a blocking collective and its nonblocking
  // counterpart of one run share (compare --a-coll allreduce --b-coll iallreduce).
  std::string shape_key(Start start = Start::kWith) const;
  // The start is the default one (window; files before sync_mode name none), which labels and
  // titles leave unsaid.
  bool default_start() const { return sync_mode.empty() || sync_mode == "window"; }
  // One line for humans: "reduce/native count=1Ki int (4KiB) sum root=0 uniform maxdelay=50ms".
  std::string label() const;
};

// Selects the ResultWriter constructor that continues an existing result set (--resume).
struct AppendToExisting {};

class ResultWriter {
 public:
  // Refuses (std::runtime_error naming the path and --force) an existing file unless overwrite.
  ResultWriter(std::string path, bool overwrite, const RunInfo& info);
  // Continues `path` as it is: nothing existing is rewritten; new cases get the next free
  // /cases index and extend the /last_case chain exactly as in the run that created the file.
  // The caller has checked with a ResultReader that it is a result set of this major version.
  ResultWriter(std::string path, AppendToExisting);
  void append_sync_events(std::span<const SyncEventRow> events);
  // Writes /cases/NNNN with complete=1; the file is closed again before returning, so a kill
  // between cases loses nothing that was written.
  void write_case(const CaseRecord& record);
  int cases_written() const { return cases_written_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int cases_written_ = 0;
  // Added: the next /cases index (a failed close may use one up without a complete case) and
  // the identity of the file this writer created, checked before each reopen so that a file
  // replaced or removed behind the run's back is reported instead of written into.
  int next_index_ = 0;
  std::uint64_t file_dev_ = 0;
  std::uint64_t file_ino_ = 0;
};

// How a ResultReader treats the cases' per-iteration data (the [iteration][rank] matrices,
// ~33 MB each at 4096 ranks x 1000 iterations; a 20-case file of that size is 6 GB).
enum class CaseData {
  // The constructor reads every dataset of every case: cases() holds all of it.
  kLoaded,
  // The constructor reads each case's attributes, late and validation, and the shape of every
  // matrix (its rows and cols, with empty data); load_case reads a case's matrices when a view
  // asks, so a view that walks the cases one at a time holds one case, not the file.
  kOnDemand,
};

// Which of a case's matrices load_case reads; the others keep their shape and no data.
struct CaseParts {
  bool timing = true;    // arrival_ns, exit_ns
  bool planned = true;   // planned_delay_ns, planned_arrival_ns, arrival_error_ns
  bool pat = true;       // predicted_arrival_ns, pat_exchange_done_ns, pat_work_done_ns
  bool clock = true;     // clock_bound_ns, clock_slew_ns, clock_elapsed_bound_ns
  bool counters = true;  // counters, counter_costs, counters_empty
  bool metrics = true;   // metrics
};

class ResultReader {
 public:
  // Throws FormatError with a clear message.
  explicit ResultReader(const std::string& path, CaseData data = CaseData::kLoaded);
  const RunInfo& run_info() const { return info_; }
  const std::vector<SyncEventRow>& sync_events() const { return sync_; }
  // Complete cases only. With CaseData::kOnDemand their matrices are shapes without data: what
  // a view needs of a case's values it takes from load_case.
  const std::vector<CaseRecord>& cases() const { return cases_; }
  // cases()[i] with the matrices `parts` names read from the file (kOnDemand; the file is
  // opened again for it), or a copy of cases()[i] (kLoaded). Throws FormatError naming the case
  // when its data is unreadable (an on-demand reader only checked its datasets' shapes).
  CaseRecord load_case(std::size_t i, const CaseParts& parts = {}) const;
  bool on_demand() const { return data_ == CaseData::kOnDemand; }
  int incomplete_cases() const { return incomplete_; }
  int format_major() const { return major_; }
  int format_minor() const { return minor_; }
  // Added: parts that could not be read (a damaged /sync, a case marked complete whose data is
  // unreadable), one line each. The file is still usable; tools should print these.
  const std::vector<std::string>& warnings() const { return warnings_; }

  // Where an on-demand reader finds case i again: the link name in /cases it was opened by, or
  // (a damaged index) the position there or the /last_case chain's reference.
  struct CaseAddress {
    int index = 0;     // the case's number (its name in /cases, "0042")
    std::string name;  // empty: not opened by name
    std::optional<unsigned long long> position;
    std::uint64_t ref = 0;
  };

 private:
  std::string path_;
  CaseData data_ = CaseData::kLoaded;
  RunInfo info_;
  std::vector<SyncEventRow> sync_;
  std::vector<CaseRecord> cases_;
  std::vector<CaseAddress> addresses_;  // per case, kOnDemand only
  int incomplete_ = 0;
  int major_ = 0;
  int minor_ = 0;
  std::vector<std::string> warnings_;
};

}  // namespace papbench::results
