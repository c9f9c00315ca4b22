// ResultReader: loads a whole result set into memory. It is deliberately forgiving about damage
// below the root (a case it cannot read is counted with the incomplete ones and reported in
// warnings()) and strict about identity (not our format, or a newer major version: FormatError),
// because a partly written file from a killed run is still worth reading, while a misread file
// from an unknown format is worse than none.

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <system_error>
#include <tuple>

#include "results/arrival_error.hpp"
#include "results/hdf5_handles.hpp"
#include "results/reader_crash_guard.hpp"
#include "results/result_set.hpp"
#include "results/schema.hpp"

namespace papbench::results {
namespace {

// The eight-byte signature HDF5 looks for at offset 0, 512, 1024, ... (after a user block).
bool has_hdf5_signature(const std::string& path) {
  static constexpr char kSignature[8] = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
  std::ifstream in(path, std::ios::binary);
  for (std::streamoff at = 0; in && at <= (std::streamoff{1} << 30); at = at ? at * 2 : 512) {
    char buf[8] = {};
    in.seekg(at);
    if (!in.read(buf, sizeof buf)) return false;
    if (std::equal(buf, buf + 8, kSignature)) return true;
  }
  return false;
}

std::string required_string(hid_t g, const char* name) {
  std::optional<std::string> v = h5::read_string_attr(g, name);
  if (!v) throw h5::Error(fmt::format("missing attribute '{}'", name));
  return *v;
}

std::int64_t required_int64(hid_t g, const char* name) {
  std::optional<std::int64_t> v = h5::read_int64_attr(g, name);
  if (!v) throw h5::Error(fmt::format("missing attribute '{}'", name));
  return *v;
}

std::uint64_t required_uint64(hid_t g, const char* name) {
  std::optional<std::uint64_t> v = h5::read_uint64_attr(g, name);
  if (!v) throw h5::Error(fmt::format("missing attribute '{}'", name));
  return *v;
}

int required_int(hid_t g, const char* name) {
  std::int64_t v = required_int64(g, name);
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    throw h5::Error(fmt::format("attribute '{}' = {} is out of range", name, v));
  }
  return static_cast<int>(v);
}

// values false: the shape only (an on-demand reader's index of a case).
Matrix read_matrix(hid_t g, const char* name, bool values) {
  h5::Int64Table t = values ? h5::read_int64_2d(g, name) : h5::read_int64_2d_shape(g, name);
  Matrix m;
  m.rows = t.rows;
  m.cols = t.cols;
  m.data = std::move(t.data);
  return m;
}

// "0042" -> 42; anything that is not a plain decimal case name -> nullopt.
std::optional<int> case_index(const std::string& name) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(name.data(), name.data() + name.size(), value);
  if (name.empty() || ec != std::errc() || ptr != name.data() + name.size() || value < 0) {
    return std::nullopt;
  }
  return value;
}

// Major version from format_major, or from the "M.m" string when a writer left the int out.
std::pair<int, int> format_version(hid_t root) {
  std::optional<std::int64_t> major = h5::read_int64_attr(root, "format_major");
  std::optional<std::int64_t> minor = h5::read_int64_attr(root, "format_minor");
  if (!major) {
    std::optional<std::string> text = h5::read_string_attr(root, "format_version");
    if (text) {
      int ma = 0;
      int mi = 0;
      const char* end = text->data() + text->size();
      auto [p, ec] = std::from_chars(text->data(), end, ma);
      if (ec == std::errc()) {
        major = ma;
        if (p != end && *p == '.' && std::from_chars(p + 1, end, mi).ec == std::errc()) {
          minor = mi;
        }
      }
    }
  }
  if (!major) return {-1, -1};
  return {static_cast<int>(*major), static_cast<int>(minor.value_or(0))};
}

// Where a case can be opened from: its position in /cases, a reference from the chain, or both.
struct CaseLocation {
  std::string name;  // link name in /cases, when listed there
  std::optional<hsize_t> position;
  hobj_ref_t ref = 0;
};

// Throws when a case group's own index attribute contradicts the index it was found under.
void check_index(hid_t group, int index) {
  std::optional<std::int64_t> own = h5::read_int64_attr(group, "index");
  if (own && *own != index) {
    throw h5::Error(fmt::format("entry {} holds case {}", index, *own));
  }
}

// The counterpart of the writer's write_named_matrices: an absent group is an empty map.
std::map<std::string, Matrix> read_named_matrices(hid_t c, const char* group_name,
                                                  const char* name_attr, bool values) {
  std::map<std::string, Matrix> out;
  if (!h5::has_link(c, group_name)) return out;
  h5::Group group(H5Gopen2(c, group_name, h5::default_plist()), fmt::format("open {}", group_name));
  for (const std::string& link : h5::link_names(group.get())) {
    h5::Dataset ds(H5Dopen2(group.get(), link.c_str(), h5::default_plist()),
                   fmt::format("open {} '{}'", group_name, link));
    std::string name =
        h5::read_string_attr(ds.get(), name_attr).value_or(h5::unescape_link_name(link));
    out.emplace(std::move(name), read_matrix(group.get(), link.c_str(), values));
  }
  return out;
}

// Every part false: an on-demand reader's index of a case (attributes, late, validation, shapes).
constexpr CaseParts kShapesOnly{false, false, false, false, false, false};

CaseRecord read_case(hid_t c, const CaseParts& parts) {
  CaseRecord rec;
  rec.collective = required_string(c, "collective");
  rec.algorithm = required_string(c, "algorithm");
  rec.params = required_string(c, "params");
  rec.count = required_uint64(c, "count");
  rec.dtype = required_string(c, "dtype");
  rec.op = required_string(c, "op");
  rec.root = required_int(c, "root");
  rec.pattern = required_string(c, "pattern");
  rec.sync_mode = required_string(c, "sync_mode");
  rec.compute_ns = required_int64(c, "compute_ns");
  rec.maxdelay_ns = required_int64(c, "maxdelay_ns");
  rec.seed = required_uint64(c, "seed");
  rec.warmup = required_int(c, "warmup");
  rec.iterations = required_int(c, "iterations");
  rec.ranks = required_int(c, "ranks");
  rec.validated = required_string(c, "validated");
  rec.counters_unavailable =
      h5::read_string_array_attr(c, "counters_unavailable").value_or(std::vector<std::string>{});
  rec.arrival_ns = read_matrix(c, "arrival_ns", parts.timing);
  rec.exit_ns = read_matrix(c, "exit_ns", parts.timing);
  rec.planned_delay_ns = read_matrix(c, "planned_delay_ns", parts.planned);
  rec.planned_arrival_ns = read_matrix(c, "planned_arrival_ns", parts.planned);
  if (h5::has_link(c, "predicted_arrival_ns")) {
    rec.predicted_arrival_ns = read_matrix(c, "predicted_arrival_ns", parts.pat);
  }
  if (h5::has_link(c, "pat_exchange_done_ns")) {  // 1.4
    rec.pat_exchange_done_ns = read_matrix(c, "pat_exchange_done_ns", parts.pat);
    rec.pat_work_done_ns = read_matrix(c, "pat_work_done_ns", parts.pat);
  }
  rec.late = h5::read_uint8_1d(c, "late");
  if (h5::has_link(c, "validation")) rec.validation = h5::read_uint8_1d(c, "validation");  // 1.3
  // Format 1.4; absent before (and from records made without a clock): empty.
  if (h5::has_link(c, "clock_bound_ns")) {
    rec.clock_bound_ns = read_matrix(c, "clock_bound_ns", parts.clock);
  }
  if (h5::has_link(c, "clock_slew_ns")) {
    rec.clock_slew_ns = read_matrix(c, "clock_slew_ns", parts.clock);
  }
  // Format 1.8; absent before: empty (readers fall back, see result_set.hpp).
  if (h5::has_link(c, "clock_elapsed_bound_ns")) {
    rec.clock_elapsed_bound_ns = read_matrix(c, "clock_elapsed_bound_ns", parts.clock);
  }
  // Format 1.8; absent before: empty and nullopt (the late flags then mean a missed start).
  if (h5::has_link(c, "arrival_error_ns")) {
    rec.arrival_error_ns = read_matrix(c, "arrival_error_ns", parts.planned);
  }
  if (const auto attr = h5::read_int64_attr(c, "arrival_tolerance_ns")) {
    rec.arrival_tolerance = arrival_tolerance_from_attr(*attr);
  }
  rec.counters = read_named_matrices(c, "counters", "event", parts.counters);
  // Format 1.5; absent before and in cases that counted nothing: empty.
  rec.counters_domain = h5::read_string_attr(c, "counters_domain").value_or("");
  rec.counter_costs = read_named_matrices(c, "counter_costs", "name", parts.counters);
  rec.counters_empty = read_named_matrices(c, "counters_empty", "event", parts.counters);
  // Format 1.1; absent before.
  rec.metrics = read_named_matrices(c, "metrics", "name", parts.metrics);
  // Format 1.5; absent: written by the run that created the file.
  rec.session = static_cast<int>(h5::read_int64_attr(c, "session").value_or(0));
  rec.session_utc = h5::read_string_attr(c, "session_utc").value_or("");
  rec.session_hosts =
      h5::read_string_array_attr(c, "session_hosts").value_or(std::vector<std::string>{});
  rec.complete = true;
  return rec;
}

// The parts of a result set that are read with tolerance for damage, appending what they find.
struct Tolerant {
  std::vector<SyncEventRow>& sync_rows;
  std::vector<CaseRecord>& records;
  int& incomplete;
  std::vector<std::string>& warnings;
  // On demand: records get shapes only, and where each was found goes to *addresses.
  std::vector<ResultReader::CaseAddress>* addresses;

  void read_sync(hid_t file);
  void read_cases(hid_t file);
};

// HDF5 1.10 converts a compound row member by member trusting the file's description; a
// damaged one (a member reaching past the row, or of a size no number has) made its struct
// conversion copy past its buffers (SIGSEGV in H5T__conv_struct_opt, found by tests/fuzz).
void check_sync_row_type(hid_t file_type) {
  if (H5Tget_class(file_type) != H5T_COMPOUND) throw h5::Error("the row type is not a compound");
  const std::size_t row = H5Tget_size(file_type);
  const int members = H5Tget_nmembers(file_type);
  if (row == 0 || members < 0) throw h5::Error("the row type is unreadable");
  for (int i = 0; i < members; ++i) {
    h5::Datatype member(H5Tget_member_type(file_type, static_cast<unsigned>(i)),
                        "read /sync member type");
    const H5T_class_t cls = H5Tget_class(member.get());
    const std::size_t size = H5Tget_size(member.get());
    const std::size_t offset = H5Tget_member_offset(file_type, static_cast<unsigned>(i));
    if ((cls != H5T_INTEGER && cls != H5T_FLOAT) || size == 0 || size > 8 || offset > row ||
        size > row - offset) {
      throw h5::Error(
          fmt::format("row member {} is damaged (class {}, {} bytes at offset {} of {})", i,
                      static_cast<int>(cls), size, offset, row));
    }
  }
}

void Tolerant::read_sync(hid_t file) {
  try {
    h5::Dataset sync(H5Dopen2(file, "/sync", h5::default_plist()), "open /sync");
    h5::Dataspace space(H5Dget_space(sync.get()), "read /sync size");
    hsize_t rows = 0;
    h5::check(H5Sget_simple_extent_dims(space.get(), &rows, nullptr), "read /sync size");
    h5::PropList dcpl(H5Dget_create_plist(sync.get()), "read /sync layout");
    hsize_t block = 0;
    if (H5Pget_layout(dcpl.get()) != H5D_CHUNKED || H5Pget_chunk(dcpl.get(), 1, &block) != 1 ||
        block == 0) {
      block = std::max<hsize_t>(rows, 1);
    }
    h5::Datatype file_type(H5Dget_type(sync.get()), "read /sync row type");
    check_sync_row_type(file_type.get());
    h5::Datatype mem = h5::sync_memory_type(file_type.get());
    // Only the last chunk may be allocated but unwritten (an interrupted append), so the rows
    // the file stores plus one chunk bound the extent; a damaged dataspace or chunk size that
    // claims more is not allocated.
    const std::size_t row_bytes = std::max<std::size_t>(H5Tget_size(file_type.get()), 1);
    const hsize_t stored_rows = H5Dget_storage_size(sync.get()) / row_bytes;
    if (block > stored_rows + 1024 || rows > stored_rows + block) {
      throw h5::Error(fmt::format("it claims {} rows in chunks of {}, but the file stores {}", rows,
                                  block, stored_rows));
    }
    // Chunk by chunk, so that a chunk an interrupted append left unreadable costs only its own
    // rows. That is only expected of the last chunk; anywhere else it is worth a warning.
    for (hsize_t first = 0; first < rows; first += block) {
      hsize_t n = std::min(block, rows - first);
      std::vector<SyncEventRow> part(static_cast<std::size_t>(n));
      try {
        h5::Dataspace file_space(H5Dget_space(sync.get()), "select /sync rows");
        h5::check(
            H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, &first, nullptr, &n, nullptr),
            "select /sync rows");
        h5::Dataspace mem_space(H5Screate_simple(1, &n, nullptr), "describe /sync rows");
        h5::check(H5Dread(sync.get(), mem.get(), mem_space.get(), file_space.get(),
                          h5::default_plist(), part.data()),
                  "read /sync");
      } catch (const h5::Error& e) {
        if (first + n < rows) {
          warnings.push_back(fmt::format("/sync rows {} to {} are unreadable and were skipped: {}",
                                         first, first + n - 1, e.what()));
        }
        continue;
      }
      // rank -1 is the fill value: rows an interrupted append had allocated but not written.
      for (const SyncEventRow& row : part) {
        if (row.rank >= 0) sync_rows.push_back(row);
      }
    }
  } catch (const h5::Error& e) {
    warnings.push_back(fmt::format("/sync is unreadable: {}", e.what()));
  }
}

void Tolerant::read_cases(hid_t file) {
  std::map<int, CaseLocation> found;
  bool index_damaged = false;

  // The primary index: /cases.
  std::optional<h5::Group> cases;
  try {
    cases.emplace(H5Gopen2(file, "/cases", h5::default_plist()), "open /cases");
  } catch (const h5::Error&) {
    index_damaged = true;
  }
  if (cases) {
    bool complete = true;
    std::vector<std::string> names = h5::link_names(cases->get(), &complete);
    index_damaged = index_damaged || !complete;
    for (std::size_t pos = 0; pos < names.size(); ++pos) {
      std::optional<int> index = case_index(names[pos]);
      if (!index || found.contains(*index)) {
        ++incomplete;  // a temporary name, or debris of an entry cut short
        continue;
      }
      found[*index].position = pos;
      found[*index].name = names[pos];
    }
  }

  // The second index: the chain from /last_case through each case's previous_case. It holds
  // every case whose write_case finished, so it fills whatever /cases lost.
  int chained = 0;
  try {
    if (h5::has_link(file, "last_case")) {
      h5::Dataset head(H5Dopen2(file, "/last_case", h5::default_plist()), "open /last_case");
      hobj_ref_t ref = 0;
      h5::check(H5Dread(head.get(), h5::ref_type(), h5::all_selection(), h5::all_selection(),
                        h5::default_plist(), &ref),
                "read /last_case");
      int below = std::numeric_limits<int>::max();
      while (ref != 0) {
        h5::Group g = h5::open_group_by_ref(file, ref);
        int index = required_int(g.get(), "index");
        // Indexes fall strictly along the chain; anything else is damage, not a loop to follow.
        if (index < 0 || index >= below) throw h5::Error("the chain of cases is out of order");
        below = index;
        CaseLocation& where = found[index];
        if (!where.position) ++chained;
        where.ref = ref;
        ref = h5::read_ref_attr(g.get(), "previous_case").value_or(0);
      }
    }
  } catch (const h5::Error& e) {
    warnings.push_back(fmt::format("the /last_case chain is damaged: {}", e.what()));
  }

  int recovered = 0;
  for (const auto& [index, where] : found) {
    std::string name = fmt::format("{:04d}", index);
    try {
      h5::Group g;
      ResultReader::CaseAddress address;
      address.index = index;
      address.ref = where.ref;
      if (where.position) {
        // By name is a binary search; by position walks the entries, so it is the fallback
        // for a symbol-table node whose order an interrupted write broke.
        try {
          g = h5::Group(H5Gopen2(cases->get(), where.name.c_str(), h5::default_plist()), "open");
          check_index(g.get(), index);
          address.name = where.name;
        } catch (const h5::Error&) {
          g.reset();
          index_damaged = true;
          try {
            g = h5::open_group_by_position(cases->get(), *where.position);
            check_index(g.get(), index);
            address.position = *where.position;
          } catch (const h5::Error&) {
            if (where.ref == 0) throw;
            g.reset();
          }
        }
      }
      if (!g) {
        g = h5::open_group_by_ref(file, where.ref);
        check_index(g.get(), index);
        ++recovered;
      }
      if (h5::read_int64_attr(g.get(), "complete").value_or(0) != 1) {
        ++incomplete;
        continue;
      }
      if (addresses == nullptr) {
        records.push_back(read_case(g.get(), CaseParts{}));
      } else {
        records.push_back(read_case(g.get(), kShapesOnly));
        addresses->push_back(std::move(address));
      }
    } catch (const h5::Error& e) {
      ++incomplete;
      warnings.push_back(fmt::format("case {} is unreadable and was skipped: {}", name, e.what()));
    }
  }
  if (index_damaged || chained > 0) {
    int through_chain = std::max(recovered, chained);
    warnings.push_back(
        through_chain > 0
            ? fmt::format("the /cases index is damaged (a write was interrupted, or is in "
                          "progress); {} case(s) were "
                          "found through the /last_case chain instead",
                          through_chain)
            : std::string("the /cases index is damaged (a write was interrupted, or is in "
                          "progress); its entries "
                          "were still readable one by one, but other HDF5 tools may miss some"));
  }
}

}  // namespace

namespace {

// A path papbench may open as a result set: a readable regular file with HDF5's signature. A
// FIFO would block the open until a writer comes, and a device never ends.
void check_result_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    throw FormatError(fmt::format("cannot read result set '{}': {}", path,
                                  std::system_category().message(errno)));
  }
  if (S_ISDIR(st.st_mode)) {
    throw FormatError(fmt::format("'{}' is a directory, not a papbench result set", path));
  }
  if (!S_ISREG(st.st_mode)) {
    throw FormatError(
        fmt::format("'{}' is not a regular file, so not a papbench result set", path));
  }
  if (std::FILE* probe = std::fopen(path.c_str(), "rb")) {
    std::fclose(probe);
  } else {
    throw FormatError(fmt::format("cannot read result set '{}': {}", path,
                                  std::system_category().message(errno)));
  }
  if (!has_hdf5_signature(path)) {
    throw FormatError(
        fmt::format("'{}' is not a papbench result set: it is not an HDF5 file at all", path));
  }
}

h5::File open_read_only(const std::string& path) {
  h5::PropList fapl = h5::file_access_plist();
  try {
    return h5::File(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl.get()), "open");
  } catch (const h5::Error& e) {
    throw FormatError(fmt::format(
        "'{}' looks like an HDF5 file but HDF5 cannot open it; it may be truncated or damaged "
        "({})",
        path, e.what()));
  }
}

// The root group's format attributes: ours, and a major version this papbench reads. Returns
// (major, minor).
std::pair<int, int> checked_format(hid_t root, const std::string& path) {
  std::optional<std::string> format;
  try {
    format = h5::read_string_attr(root, "format");
  } catch (const h5::Error&) {
    format.reset();  // present with a non-string type: not ours either
  }
  if (format != "papbench-results") {
    throw FormatError(
        fmt::format("'{}' is an HDF5 file but not a papbench result set (its root group has no "
                    "format=\"papbench-results\" attribute)",
                    path));
  }
  const auto [major, minor] = format_version(root);
  if (major < 0) {
    throw FormatError(fmt::format(
        "'{}' is a papbench result set without a format version; it cannot be read safely", path));
  }
  if (major > kFormatMajor) {
    throw FormatError(
        fmt::format("'{}' was written by a newer papbench (format {}.x); this papbench reads {}.x. "
                    "Upgrade papbench to read it",
                    path, major, kFormatMajor));
  }
  if (major < kFormatMajor) {
    throw FormatError(fmt::format(
        "'{}' uses the old result format {}.x, which this papbench ({}.x) no longer reads", path,
        major, kFormatMajor));
  }
  return {major, minor};
}

// The run information of the root group's attributes.
void read_root_attributes(hid_t root, RunInfo& info) {
  info.papbench_version = h5::read_string_attr(root, "papbench_version").value_or("");
  info.git_sha = h5::read_string_attr(root, "git_sha").value_or("");
  info.command_line = h5::read_string_attr(root, "command_line").value_or("");
  info.mpi_library_version = h5::read_string_attr(root, "mpi_library_version").value_or("");
  info.created_utc = h5::read_string_attr(root, "created_utc").value_or("");
  info.clock_info = h5::read_string_attr(root, "clock_info").value_or("");
  info.mpi_size = static_cast<int>(h5::read_int64_attr(root, "mpi_size").value_or(0));
  // Absent before format 1.2, whose runs always recorded real nodes.
  info.nodes_virtual = h5::read_int64_attr(root, "nodes_virtual").value_or(0) != 0;
  info.virtual_ppn = static_cast<int>(h5::read_int64_attr(root, "virtual_ppn").value_or(0));
  // Every other string attribute of '/' is an extra; a later minor version's additions land
  // here too, which keeps them visible to old tools.
  for (const std::string& name : h5::attribute_names(root)) {
    if (standard_root_attributes().contains(name)) continue;
    try {
      if (std::optional<std::string> v = h5::read_string_attr(root, name.c_str())) {
        info.extra.emplace(name, *v);
      }
    } catch (const h5::Error&) {
      // Not a single string: not an extra.
    }
  }
}

// /topology: each rank's host, node and core. A file without it still reads, with a warning.
void read_topology(hid_t file, RunInfo& info, std::vector<std::string>& warnings) {
  try {
    h5::Group topo(H5Gopen2(file, "/topology", h5::default_plist()), "open /topology");
    info.hostnames = h5::read_string_1d(topo.get(), "host");
    std::vector<std::int64_t> node = h5::read_int64_1d(topo.get(), "node_index");
    std::vector<std::int64_t> core = h5::read_int64_1d(topo.get(), "core");
    info.node_index.assign(node.begin(), node.end());
    info.core.assign(core.begin(), core.end());
  } catch (const h5::Error& e) {
    warnings.push_back(fmt::format("/topology is unreadable: {}", e.what()));
  }
}

}  // namespace

ResultReader::ResultReader(const std::string& path, CaseData data) : path_(path), data_(data) {
  const ReaderCrashGuard crash_guard(path);
  h5::QuietErrors quiet;
  check_result_file(path);
  h5::File file = open_read_only(path);
  try {
    h5::Group root(H5Gopen2(file.get(), "/", h5::default_plist()), "open '/'");
    std::tie(major_, minor_) = checked_format(root.get(), path);
    read_root_attributes(root.get(), info_);
    root.close("close '/'");
  } catch (const h5::Error& e) {
    throw FormatError(fmt::format("'{}': cannot read the run information: {}", path, e.what()));
  }
  read_topology(file.get(), info_, warnings_);

  Tolerant tolerant{sync_, cases_, incomplete_, warnings_,
                    data == CaseData::kOnDemand ? &addresses_ : nullptr};
  tolerant.read_sync(file.get());
  tolerant.read_cases(file.get());

  try {
    file.close("close");
  } catch (const h5::Error&) {
    // Everything has been read; a read-only close has nothing left to lose.
  }
}

CaseRecord ResultReader::load_case(std::size_t i, const CaseParts& parts) const {
  if (data_ == CaseData::kLoaded) return cases_.at(i);
  const CaseAddress& where = addresses_.at(i);
  const ReaderCrashGuard crash_guard(path_);
  h5::QuietErrors quiet;
  const std::string name = fmt::format("{:04d}", where.index);
  try {
    h5::PropList fapl = h5::file_access_plist();
    h5::File file(H5Fopen(path_.c_str(), H5F_ACC_RDONLY, fapl.get()), "open");
    h5::Group g;
    if (!where.name.empty() || where.position) {
      h5::Group cases(H5Gopen2(file.get(), "/cases", h5::default_plist()), "open /cases");
      g = !where.name.empty()
              ? h5::Group(H5Gopen2(cases.get(), where.name.c_str(), h5::default_plist()), "open")
              : h5::open_group_by_position(cases.get(), *where.position);
    } else {
      g = h5::open_group_by_ref(file.get(), where.ref);
    }
    CaseRecord rec = read_case(g.get(), parts);
    // The file changed since the index was read (a run still appending is fine; a different
    // file under the same name is not).
    if (rec.match_key() != cases_[i].match_key() ||
        rec.arrival_ns.rows != cases_[i].arrival_ns.rows ||
        rec.arrival_ns.cols != cases_[i].arrival_ns.cols) {
      throw h5::Error("it changed since the file was opened");
    }
    return rec;
  } catch (const h5::Error& e) {
    throw FormatError(fmt::format("'{}': case {} is unreadable: {}", path_, name, e.what()));
  }
}

}  // namespace papbench::results
