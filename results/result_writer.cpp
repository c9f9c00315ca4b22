// ResultWriter: rank 0's incremental writer. The file is open only inside a call, and a case
// becomes reachable only after all of its data is on disk, through two independent indexes of
// which a kill can damage at most one; so a run killed at any moment leaves a readable file
// holding every case completed before the kill. docs/RESULTS_FORMAT.md ("Crash and kill
// guarantee") gives the argument in full.

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <climits>
#include <cstdio>
#include <ctime>
#include <set>
#include <stdexcept>
#include <system_error>

#include "results/arrival_error.hpp"
#include "results/hdf5_handles.hpp"
#include "results/result_set.hpp"
#include "results/schema.hpp"
#include "results/write_room.hpp"

namespace papbench::results {
namespace {

// /cases is an old-style (symbol table) group: adding a link touches only its local heap (the
// name) and a symbol-table node (the entry). Both are sized so that the first
// kCasesWithoutSplit cases neither move the heap nor split a node, the updates that take more
// than one write. Beyond that, and for the rare write cut short by a kill, /last_case and each
// case's previous_case attribute form a second index that the reader falls back on. The leaf
// size is file-wide; the other groups use compact storage, so only '/' carries such a node too.
constexpr unsigned kSymbolLeafK = 256;
constexpr unsigned kSymbolInternalK = 16;  // HDF5's default
constexpr std::size_t kCasesWithoutSplit = 2 * kSymbolLeafK;
// Names up to "9999" take 8 heap bytes each, plus the empty name at offset 0 and a free block.
constexpr std::size_t kCasesHeapBytes = 8 * kCasesWithoutSplit + 64;
// Chunk-index B-tree width for /sync, so that appends rarely split index nodes.
constexpr unsigned kChunkIndexK = 256;
constexpr hsize_t kSyncChunkRows = 1024;

std::runtime_error failure(const std::string& path, std::string_view what,
                           const std::exception& e) {
  return std::runtime_error(fmt::format("results file '{}': cannot {}: {}", path, what, e.what()));
}

std::runtime_error already_exists(const std::string& path) {
  return std::runtime_error(fmt::format(
      "results file '{}' already exists; choose another name or pass --force to overwrite it",
      path));
}

std::string errno_text() {
  return std::system_category().message(errno);
}

// Where a result set is built before it gets its name: beside it (a rename never crosses file
// systems), named so that a leftover says what it is (a kill during creation) and never
// collides with another run's: the host and pid of the writing process. The name part is
// shortened where the suffix would push it past NAME_MAX.
std::string incomplete_name(const std::string& path) {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  const std::string suffix = fmt::format(".incomplete-{}-{}", host, ::getpid());
  const auto slash = path.rfind('/');
  const std::size_t name_at = slash == std::string::npos ? 0 : slash + 1;
  std::string name = path.substr(name_at);
  if (name.size() + suffix.size() > NAME_MAX) {
    name.resize(NAME_MAX > suffix.size() ? NAME_MAX - suffix.size() : 0);
  }
  return path.substr(0, name_at) + name + suffix;
}

// Gives `from` the name `to` in one step; without `replace` only when `to` does not exist.
// Returns 0 or the errno. A file system without RENAME_NOREPLACE gets a hard link and an
// unlink: either way no moment exists at which `to` names an incomplete file.
int move_into_place(const std::string& from, const std::string& to, bool replace) {
  if (replace) return std::rename(from.c_str(), to.c_str()) == 0 ? 0 : errno;
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP) return errno;
  if (::link(from.c_str(), to.c_str()) != 0) return errno;
  ::unlink(from.c_str());
  return 0;
}

// Whether the file system that holds `path` is full (less than a result set's skeleton free):
// HDF5's own message for it names a flush or a link, not the disk.
bool no_space_left(const std::string& path) {
  struct statvfs fs {};
  const auto slash = path.rfind('/');
  const std::string parent = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  if (::statvfs(parent.c_str(), &fs) != 0) return false;
  return static_cast<unsigned long long>(fs.f_bavail) * fs.f_frsize < 64 * 1024;
}

std::string utc_now() {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", tm.tm_year + 1900, tm.tm_mon + 1,
                     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

void validate(const RunInfo& info) {
  std::size_t n = info.hostnames.size();
  if (info.node_index.size() != n || info.core.size() != n) {
    throw std::invalid_argument(fmt::format(
        "RunInfo: hostnames, node_index and core must have one entry per rank ({}, {}, {})", n,
        info.node_index.size(), info.core.size()));
  }
  for (const auto& [key, value] : info.extra) {
    if (key.empty() || standard_root_attributes().contains(key)) {
      throw std::invalid_argument(
          fmt::format("RunInfo::extra key '{}' is empty or names a standard attribute", key));
    }
  }
}

bool recorded(const Matrix& m) {
  return m.rows != 0 || m.cols != 0;
}

void validate(const Matrix& m, std::string_view name) {
  if (m.rows < 0 || m.cols < 0 ||
      m.data.size() != static_cast<std::size_t>(m.rows) * static_cast<std::size_t>(m.cols)) {
    throw std::invalid_argument(fmt::format("CaseRecord::{}: {} values do not fill {} x {}", name,
                                            m.data.size(), m.rows, m.cols));
  }
}

// A per-rank clock matrix is optional (0x0: not recorded); when present it is shaped like the
// arrivals it describes.
void validate_clock_matrix(const CaseRecord& r, const Matrix& m, std::string_view name) {
  validate(m, name);
  if (!recorded(m)) return;
  if (m.rows != r.arrival_ns.rows || m.cols != r.arrival_ns.cols) {
    throw std::invalid_argument(fmt::format("CaseRecord::{}: {} x {}, but arrival_ns is {} x {}",
                                            name, m.rows, m.cols, r.arrival_ns.rows,
                                            r.arrival_ns.cols));
  }
}

void validate(const CaseRecord& r) {
  validate(r.arrival_ns, "arrival_ns");
  validate(r.exit_ns, "exit_ns");
  validate(r.planned_delay_ns, "planned_delay_ns");
  validate(r.planned_arrival_ns, "planned_arrival_ns");
  validate_clock_matrix(r, r.clock_bound_ns, "clock_bound_ns");
  validate_clock_matrix(r, r.clock_slew_ns, "clock_slew_ns");
  validate_clock_matrix(r, r.clock_elapsed_bound_ns, "clock_elapsed_bound_ns");
  validate_clock_matrix(r, r.arrival_error_ns, "arrival_error_ns");
  if (r.predicted_arrival_ns) validate(*r.predicted_arrival_ns, "predicted_arrival_ns");
  if (r.pat_exchange_done_ns.has_value() != r.pat_work_done_ns.has_value()) {
    throw std::invalid_argument(
        "CaseRecord: pat_exchange_done_ns and pat_work_done_ns go together");
  }
  if (r.pat_exchange_done_ns) validate(*r.pat_exchange_done_ns, "pat_exchange_done_ns");
  if (r.pat_work_done_ns) validate(*r.pat_work_done_ns, "pat_work_done_ns");
  for (const auto& [event, m] : r.counters) {
    if (event.empty()) throw std::invalid_argument("CaseRecord::counters: empty event name");
    validate(m, event);
  }
  for (const auto& [name, m] : r.metrics) {
    if (name.empty()) throw std::invalid_argument("CaseRecord::metrics: empty metric name");
    validate(m, name);
  }
  for (const auto* named : {&r.counter_costs, &r.counters_empty}) {
    for (const auto& [name, m] : *named) {
      if (name.empty()) throw std::invalid_argument("CaseRecord: empty counter cost name");
      if (m.rows != 1 || m.cols != r.ranks) {
        throw std::invalid_argument(fmt::format("CaseRecord: counter cost {} is {}x{}, not 1x{}",
                                                name, m.rows, m.cols, r.ranks));
      }
    }
  }
}

h5::File open_for_write(const std::string& path, const h5::PropList& fapl) {
  return h5::File(H5Fopen(path.c_str(), H5F_ACC_RDWR, fapl.get()), "open for writing");
}

void write_matrix(hid_t group, const char* name, const Matrix& m) {
  h5::write_int64_2d(group, name, m.rows, m.cols, m.data);
}

void write_root(hid_t file, const RunInfo& info) {
  h5::Group root(H5Gopen2(file, "/", h5::default_plist()), "open '/'");
  hid_t g = root.get();
  h5::write_string_attr(g, "format", "papbench-results");
  h5::write_string_attr(g, "format_version", fmt::format("{}.{}", kFormatMajor, kFormatMinor));
  h5::write_int64_attr(g, "format_major", kFormatMajor);
  h5::write_int64_attr(g, "format_minor", kFormatMinor);
  h5::write_string_attr(g, "papbench_version", info.papbench_version);
  h5::write_string_attr(g, "git_sha", info.git_sha);
  h5::write_string_attr(g, "command_line", info.command_line);
  h5::write_string_attr(g, "mpi_library_version", info.mpi_library_version);
  h5::write_int64_attr(g, "mpi_size", info.mpi_size);
  h5::write_string_attr(g, "created_utc", info.created_utc.empty() ? utc_now() : info.created_utc);
  h5::write_string_attr(g, "clock_info", info.clock_info);
  h5::write_int64_attr(g, "nodes_virtual", info.nodes_virtual ? 1 : 0);
  h5::write_int64_attr(g, "virtual_ppn", info.virtual_ppn);
  for (const auto& [key, value] : info.extra) h5::write_string_attr(g, key.c_str(), value);

  h5::PropList compact = h5::compact_group_plist();
  h5::Group topo(
      H5Gcreate2(file, "/topology", h5::default_plist(), compact.get(), h5::default_plist()),
      "create /topology");
  std::vector<std::int64_t> ranks(info.hostnames.size());
  for (std::size_t i = 0; i < ranks.size(); ++i) ranks[i] = static_cast<std::int64_t>(i);
  std::vector<std::int64_t> node(info.node_index.begin(), info.node_index.end());
  std::vector<std::int64_t> core(info.core.begin(), info.core.end());
  h5::write_int64_1d(topo.get(), "rank", ranks);
  h5::write_string_1d(topo.get(), "host", info.hostnames);
  h5::write_int64_1d(topo.get(), "node_index", node);
  h5::write_int64_1d(topo.get(), "core", core);
  topo.close("close /topology");

  // /sync exists from the start so that appends only ever extend it.
  h5::Datatype file_type = h5::sync_file_type();
  h5::Datatype mem_type = h5::sync_memory_type();
  hsize_t dims[1] = {0};
  hsize_t maxdims[1] = {h5::unlimited()};
  h5::Dataspace space(H5Screate_simple(1, dims, maxdims), "create /sync dataspace");
  h5::PropList dcpl(H5Pcreate(H5P_DATASET_CREATE), "create /sync properties");
  hsize_t chunk[1] = {kSyncChunkRows};
  h5::check(H5Pset_chunk(dcpl.get(), 1, chunk), "chunk /sync");
  // Rows that an interrupted append left allocated but unwritten read back with rank -1, which
  // the reader drops.
  SyncEventRow fill;
  fill.rank = -1;
  h5::check(H5Pset_fill_value(dcpl.get(), mem_type.get(), &fill), "set /sync fill value");
  h5::Dataset sync(H5Dcreate2(file, "/sync", file_type.get(), space.get(), h5::default_plist(),
                              dcpl.get(), h5::default_plist()),
                   "create /sync");
  sync.close("close /sync");

  // The chain head is rewritten in place by every case, as one 8-byte write; the 8-byte
  // alignment of the constructor's file access properties keeps it inside one page, so no kill
  // can leave half of it written.
  hobj_ref_t none = 0;
  h5::Dataspace scalar(H5Screate(H5S_SCALAR), "create /last_case dataspace");
  h5::Dataset head(H5Dcreate2(file, "/last_case", h5::ref_type(), scalar.get(), h5::default_plist(),
                              h5::default_plist(), h5::default_plist()),
                   "create /last_case");
  h5::check(H5Dwrite(head.get(), h5::ref_type(), h5::all_selection(), h5::all_selection(),
                     h5::default_plist(), &none),
            "write /last_case");
  head.close("close /last_case");

  h5::PropList cases_gcpl(H5Pcreate(H5P_GROUP_CREATE), "create /cases properties");
  h5::check(H5Pset_local_heap_size_hint(cases_gcpl.get(), kCasesHeapBytes), "size /cases heap");
  h5::Group cases(
      H5Gcreate2(file, "/cases", h5::default_plist(), cases_gcpl.get(), h5::default_plist()),
      "create /cases");
  cases.close("close /cases");
  root.close("close '/'");
}

// A group of matrices keyed by free-form names: the link name is the escaped name, and the
// dataset's string attribute `name_attr` holds the original, which is what readers use.
void write_named_matrices(hid_t g, const char* group_name, const char* name_attr,
                          const std::map<std::string, Matrix>& matrices) {
  h5::PropList compact = h5::compact_group_plist();
  h5::Group group(
      H5Gcreate2(g, group_name, h5::default_plist(), compact.get(), h5::default_plist()),
      fmt::format("create {}", group_name));
  for (const auto& [name, m] : matrices) {
    std::string link = h5::escape_link_name(name);
    write_matrix(group.get(), link.c_str(), m);
    h5::Dataset ds(H5Dopen2(group.get(), link.c_str(), h5::default_plist()),
                   fmt::format("open {} '{}'", group_name, name));
    h5::write_string_attr(ds.get(), name_attr, name);
    ds.close(fmt::format("close {} '{}'", group_name, name));
  }
  group.close(fmt::format("close {}", group_name));
}

void write_case_contents(hid_t g, const CaseRecord& r, int index, hobj_ref_t previous) {
  h5::write_int64_attr(g, "index", index);
  if (previous != 0) h5::write_ref_attr(g, "previous_case", previous);
  h5::write_string_attr(g, "collective", r.collective);
  h5::write_string_attr(g, "algorithm", r.algorithm);
  h5::write_string_attr(g, "params", r.params);
  h5::write_uint64_attr(g, "count", r.count);
  h5::write_string_attr(g, "dtype", r.dtype);
  h5::write_string_attr(g, "op", r.op);
  h5::write_int64_attr(g, "root", r.root);
  h5::write_string_attr(g, "pattern", r.pattern);
  h5::write_string_attr(g, "sync_mode", r.sync_mode);
  h5::write_int64_attr(g, "compute_ns", r.compute_ns);
  h5::write_int64_attr(g, "maxdelay_ns", r.maxdelay_ns);
  h5::write_uint64_attr(g, "seed", r.seed);
  h5::write_int64_attr(g, "warmup", r.warmup);
  h5::write_int64_attr(g, "iterations", r.iterations);
  h5::write_int64_attr(g, "ranks", r.ranks);
  h5::write_string_attr(g, "validated", r.validated);
  h5::write_string_array_attr(g, "counters_unavailable", r.counters_unavailable);
  // Format 1.5; only a resumed run's cases carry them, so a file never resumed looks as before.
  if (r.session != 0) {
    h5::write_int64_attr(g, "session", r.session);
    h5::write_string_attr(g, "session_utc", r.session_utc);
    h5::write_string_array_attr(g, "session_hosts", r.session_hosts);
  }

  write_matrix(g, "arrival_ns", r.arrival_ns);
  write_matrix(g, "exit_ns", r.exit_ns);
  write_matrix(g, "planned_delay_ns", r.planned_delay_ns);
  write_matrix(g, "planned_arrival_ns", r.planned_arrival_ns);
  if (r.predicted_arrival_ns) write_matrix(g, "predicted_arrival_ns", *r.predicted_arrival_ns);
  if (r.pat_exchange_done_ns) write_matrix(g, "pat_exchange_done_ns", *r.pat_exchange_done_ns);
  if (r.pat_work_done_ns) write_matrix(g, "pat_work_done_ns", *r.pat_work_done_ns);
  h5::write_uint8_1d(g, "late", r.late);
  h5::write_uint8_1d(g, "validation", r.validation);
  // Format 1.4; a record made without a clock has neither, and reads back like an older file.
  if (recorded(r.clock_bound_ns)) write_matrix(g, "clock_bound_ns", r.clock_bound_ns);
  if (recorded(r.clock_slew_ns)) write_matrix(g, "clock_slew_ns", r.clock_slew_ns);
  // Format 1.8 (a reader that lacks it falls back, see result_set.hpp).
  if (recorded(r.clock_elapsed_bound_ns)) {
    write_matrix(g, "clock_elapsed_bound_ns", r.clock_elapsed_bound_ns);
  }
  // Format 1.8; a record made without them (tests, older tools) reads back like an older file.
  if (recorded(r.arrival_error_ns)) write_matrix(g, "arrival_error_ns", r.arrival_error_ns);
  if (r.arrival_tolerance) {
    if (r.arrival_tolerance->is_auto()) {
      throw std::logic_error("write_case: an arrival tolerance left auto (resolve it per case)");
    }
    h5::write_int64_attr(g, "arrival_tolerance_ns", arrival_tolerance_attr(*r.arrival_tolerance));
  }

  write_named_matrices(g, "counters", "event", r.counters);
  // Format 1.5: only for counted cases, so the others look exactly like 1.4 cases.
  if (!r.counters_domain.empty()) h5::write_string_attr(g, "counters_domain", r.counters_domain);
  if (!r.counter_costs.empty()) write_named_matrices(g, "counter_costs", "name", r.counter_costs);
  if (!r.counters_empty.empty())
    write_named_matrices(g, "counters_empty", "event", r.counters_empty);
  // Format 1.1: written only when there is something in it, so cases without metrics look
  // exactly like 1.0 cases.
  if (!r.metrics.empty()) write_named_matrices(g, "metrics", "name", r.metrics);

  // Last, so that even a reader of a case group that somehow became visible early sees it as
  // incomplete until everything else is in place.
  h5::write_int64_attr(g, "complete", 1);
}

}  // namespace

ResultWriter::ResultWriter(std::string path, bool overwrite, const RunInfo& info)
    : path_(std::move(path)) {
  validate(info);
  h5::QuietErrors quiet;
  struct stat st {};
  if (!overwrite && ::lstat(path_.c_str(), &st) == 0) {
    throw already_exists(path_);
  }
  // The rename below would turn a device or FIFO into a regular file (issue 31): every command's
  // --force replaces only a regular file.
  if (overwrite && ::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    throw std::runtime_error(fmt::format(
        "results file '{}' is not a regular file; --force replaces only a regular file", path_));
  }
  // The file is built under a name of its own beside --out and moved to --out only once its
  // skeleton is on disk (issue 31): a kill during creation leaves --out absent, never a file
  // that no reader or --resume can open and that blocks every later run. With overwrite the
  // move replaces the old file, which so survives any failure before it; without, it refuses a
  // file that appeared since the check above.
  const std::string target = incomplete_name(path_);
  // A leftover of a killed process of this host that had our pid is the only file this name
  // can hold: it is ours to replace. The exclusive create then makes the file known to be this
  // run's, so a failed HDF5 create (a full disk) removes it below.
  ::unlink(target.c_str());
  const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    throw std::runtime_error(
        fmt::format("results file '{}': cannot create: {}", path_, errno_text()));
  }
  ::close(fd);
  try {
    h5::PropList fapl = h5::file_access_plist();
    // Only for the session that allocates /last_case (see write_root).
    h5::check(H5Pset_alignment(fapl.get(), 8, 8), "align file objects");
    h5::PropList fcpl(H5Pcreate(H5P_FILE_CREATE), "create file creation properties");
    h5::check(H5Pset_sym_k(fcpl.get(), kSymbolInternalK, kSymbolLeafK), "size symbol tables");
    h5::check(H5Pset_istore_k(fcpl.get(), kChunkIndexK), "size chunk indexes");
    h5::File file(H5Fcreate(target.c_str(), H5F_ACC_TRUNC, fcpl.get(), fapl.get()), "HDF5 create");
    write_root(file.get(), info);
    h5::check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "flush");
    h5::sync_to_disk(file.get(), fapl.get());
    file.close("close");
  } catch (const h5::Error& e) {
    std::remove(target.c_str());
    if (no_space_left(target)) {
      throw std::runtime_error(
          fmt::format("results file '{}': cannot create: no space left on device", path_));
    }
    throw failure(path_, "create", e);
  } catch (...) {
    std::remove(target.c_str());
    throw;
  }
  if (const int err = move_into_place(target, path_, overwrite); err != 0) {
    std::remove(target.c_str());
    if (err == EEXIST && !overwrite) throw already_exists(path_);
    throw std::runtime_error(fmt::format("results file '{}': cannot {}: {}", path_,
                                         overwrite ? "replace" : "create",
                                         std::system_category().message(err)));
  }
  if (::stat(path_.c_str(), &st) != 0) {
    throw std::runtime_error(
        fmt::format("results file '{}': vanished after creation: {}", path_, errno_text()));
  }
  file_dev_ = st.st_dev;
  file_ino_ = st.st_ino;
}

ResultWriter::ResultWriter(std::string path, AppendToExisting) : path_(std::move(path)) {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) {
    throw std::runtime_error(
        fmt::format("results file '{}': cannot resume: {}", path_, errno_text()));
  }
  file_dev_ = st.st_dev;
  file_ino_ = st.st_ino;
  h5::QuietErrors quiet;
  try {
    h5::PropList fapl = h5::file_access_plist();
    h5::File file(H5Fopen(path_.c_str(), H5F_ACC_RDONLY, fapl.get()), "open for reading");
    h5::Group cases(H5Gopen2(file.get(), "/cases", h5::default_plist()), "open /cases");
    // Past every name in use, including a linked case left incomplete, so that no earlier
    // entry is ever replaced.
    for (const std::string& name : h5::link_names(cases.get())) {
      int index = 0;
      const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), index);
      if (ec == std::errc{} && end == name.data() + name.size()) {
        next_index_ = std::max(next_index_, index + 1);
      }
    }
    cases.close("close /cases");
    // A kill inside the previous commit may leave the chain head on a case whose /cases link
    // never landed (the reader finds it through the chain): its index is taken too, or the
    // next case would reuse it and break the chain's order.
    h5::Dataset head(H5Dopen2(file.get(), "/last_case", h5::default_plist()), "open /last_case");
    hobj_ref_t last = 0;
    h5::check(H5Dread(head.get(), h5::ref_type(), h5::all_selection(), h5::all_selection(),
                      h5::default_plist(), &last),
              "read /last_case");
    head.close("close /last_case");
    if (last != 0) {
      h5::Group g = h5::open_group_by_ref(file.get(), last);
      if (const auto index = h5::read_int64_attr(g.get(), "index")) {
        next_index_ = std::max(next_index_, static_cast<int>(*index) + 1);
      }
    }
    file.close("close");
  } catch (const h5::Error& e) {
    throw failure(path_, "resume", e);
  }
}

namespace {

// The writer never holds the file open between calls, so another process could replace it;
// writing into someone else's file would mix two runs, so that is an error instead.
void check_same_file(const std::string& path, std::uint64_t dev, std::uint64_t ino) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    throw std::runtime_error(
        fmt::format("results file '{}' disappeared during the run: {}", path, errno_text()));
  }
  if (st.st_dev != dev || st.st_ino != ino) {
    throw std::runtime_error(fmt::format(
        "results file '{}' was replaced by another file during the run; not writing into it",
        path));
  }
}

}  // namespace

void ResultWriter::append_sync_events(std::span<const SyncEventRow> events) {
  if (events.empty()) return;
  check_same_file(path_, file_dev_, file_ino_);
  reserve_write_room(path_, sync_write_bytes(events.size(), kSyncChunkRows), "append sync events");
  h5::QuietErrors quiet;
  try {
    h5::PropList fapl = h5::file_access_plist();
    h5::File file = open_for_write(path_, fapl);
    {
      h5::Dataset sync(H5Dopen2(file.get(), "/sync", h5::default_plist()), "open /sync");
      h5::Dataspace old_space(H5Dget_space(sync.get()), "read /sync size");
      hsize_t old_rows[1] = {0};
      h5::check(H5Sget_simple_extent_dims(old_space.get(), old_rows, nullptr), "read /sync size");
      hsize_t add[1] = {events.size()};
      hsize_t new_rows[1] = {old_rows[0] + add[0]};
      h5::check(H5Dset_extent(sync.get(), new_rows), "extend /sync");
      h5::Dataspace space(H5Dget_space(sync.get()), "select /sync rows");
      h5::check(H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, old_rows, nullptr, add, nullptr),
                "select /sync rows");
      h5::Dataspace mem(H5Screate_simple(1, add, nullptr), "describe sync rows");
      h5::Datatype mem_type = h5::sync_memory_type();
      h5::check(H5Dwrite(sync.get(), mem_type.get(), mem.get(), space.get(), h5::default_plist(),
                         events.data()),
                "write /sync rows");
      sync.close("close /sync");
    }
    file.close("close");
  } catch (const h5::Error& e) {
    throw failure(path_, "append sync events", e);
  }
}

void ResultWriter::write_case(const CaseRecord& record) {
  validate(record);
  check_same_file(path_, file_dev_, file_ino_);
  h5::QuietErrors quiet;
  const int index = next_index_;
  const std::string name = fmt::format("{:04d}", index);
  reserve_write_room(path_, case_write_bytes(record), fmt::format("write case {}", name));
  try {
    h5::PropList fapl = h5::file_access_plist();
    h5::File file = open_for_write(path_, fapl);
    {
      h5::Group cases(H5Gopen2(file.get(), "/cases", h5::default_plist()), "open /cases");
      if (h5::has_link(cases.get(), name.c_str())) {
        throw h5::Error(fmt::format("/cases/{} already exists", name));
      }
      h5::Dataset head(H5Dopen2(file.get(), "/last_case", h5::default_plist()), "open /last_case");
      hobj_ref_t previous = 0;
      h5::check(H5Dread(head.get(), h5::ref_type(), h5::all_selection(), h5::all_selection(),
                        h5::default_plist(), &previous),
                "read /last_case");

      // Phase 1: the whole case as an unlinked group. Everything written here lands in new
      // space past the old end of file, which no existing structure points to, so a kill now
      // leaves only unreachable bytes. The flush + fsync puts all of it on disk before phase 2.
      h5::PropList compact = h5::compact_group_plist();
      h5::Group group(H5Gcreate_anon(file.get(), compact.get(), h5::default_plist()),
                      "create case group");
      write_case_contents(group.get(), record, index, previous);
      // An object with no links cannot be dereferenced, and the chain head may reach the disk
      // before the link does; so the header goes out already counting the link it will get.
      h5::check(H5Oincr_refcount(group.get()), "count case group link");
      h5::check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "flush case data");
      h5::sync_to_disk(file.get(), fapl.get());

      // Phase 2, the commit: the link in /cases and the chain head. The head is a single 8-byte
      // write that goes out before the /cases updates, so whatever a kill interrupts, one of the
      // two indexes is whole, and it includes every earlier case.
      h5::check(
          H5Olink(group.get(), cases.get(), name.c_str(), h5::default_plist(), h5::default_plist()),
          fmt::format("link /cases/{}", name));
      next_index_ = index + 1;
      h5::check(H5Odecr_refcount(group.get()), "count case group link");
      hobj_ref_t self = h5::object_ref(cases.get(), name.c_str());
      h5::check(H5Dwrite(head.get(), h5::ref_type(), h5::all_selection(), h5::all_selection(),
                         h5::default_plist(), &self),
                "write /last_case");
      head.close("close /last_case");
      group.close("close case group");
      cases.close("close /cases");
      h5::check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "flush /cases");
      h5::sync_to_disk(file.get(), fapl.get());
    }
    file.close("close");
  } catch (const h5::Error& e) {
    throw failure(path_, fmt::format("write case {}", name), e);
  }
  ++cases_written_;
}

}  // namespace papbench::results
