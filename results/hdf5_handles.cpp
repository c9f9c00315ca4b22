#include "results/hdf5_handles.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <limits>
#include <system_error>

namespace papbench::results::h5 {

// The HDF5 headers define constants such as H5P_DEFAULT as C casts; they are read only here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wold-style-cast"
// clang-format off
hid_t default_plist() { return H5P_DEFAULT; }
hid_t all_selection() { return H5S_ALL; }
hsize_t unlimited() { return H5S_UNLIMITED; }
hid_t native_int64() { return H5T_NATIVE_INT64; }
hid_t native_uint64() { return H5T_NATIVE_UINT64; }
hid_t native_int32() { return H5T_NATIVE_INT32; }
hid_t native_uint8() { return H5T_NATIVE_UINT8; }
hid_t native_double() { return H5T_NATIVE_DOUBLE; }
hid_t file_int64() { return H5T_STD_I64LE; }
hid_t file_uint64() { return H5T_STD_U64LE; }
hid_t file_int32() { return H5T_STD_I32LE; }
hid_t file_uint8() { return H5T_STD_U8LE; }
hid_t file_double() { return H5T_IEEE_F64LE; }
hid_t ref_type() { return H5T_STD_REF_OBJ; }
// clang-format on
namespace {
// clang-format off
hid_t c_string() { return H5T_C_S1; }
hid_t error_stack() { return H5E_DEFAULT; }
hid_t file_access_class() { return H5P_FILE_ACCESS; }
hid_t group_create_class() { return H5P_GROUP_CREATE; }
// clang-format on
}  // namespace
#pragma GCC diagnostic pop

namespace {

herr_t collect_error(unsigned /*depth*/, const H5E_error2_t* err, void* out) {
  auto* messages = static_cast<std::vector<std::string>*>(out);
  if (err->desc != nullptr && *err->desc != '\0') messages->emplace_back(err->desc);
  return 0;
}

}  // namespace

std::string error_stack_text() {
  std::vector<std::string> messages;  // outermost (the API call) first
  H5Ewalk2(error_stack(), H5E_WALK_DOWNWARD, collect_error, &messages);
  if (messages.empty()) return {};
  // The API-level message says what failed, the innermost one says why; the levels between
  // repeat them. When the reason is a system call's, HDF5 quotes its strerror text among
  // internal flags, and that text alone is what a user can act on.
  std::string reason = messages.back();
  constexpr std::string_view kQuoted = "error message = '";
  if (std::size_t at = reason.find(kQuoted); at != std::string::npos) {
    std::size_t from = at + kQuoted.size();
    std::size_t to = reason.find('\'', from);
    if (to != std::string::npos) reason = reason.substr(from, to - from);
  }
  if (messages.size() == 1 && reason == messages.front()) return reason;
  return fmt::format("{} ({})", messages.front(), reason);
}

void throw_error(std::string_view what) {
  std::string reason = error_stack_text();
  if (reason.empty()) throw Error(std::string(what));
  throw Error(fmt::format("{}: {}", what, reason));
}

QuietErrors::QuietErrors() {
  H5Eget_auto2(error_stack(), &func_, &data_);
  H5Eset_auto2(error_stack(), nullptr, nullptr);
}

QuietErrors::~QuietErrors() {
  H5Eset_auto2(error_stack(), func_, data_);
}

Datatype fixed_string_type(std::size_t length) {
  Datatype type(H5Tcopy(c_string()), "copy string type");
  // One byte for the terminator, as HDF5's NULLTERM padding expects; h5dump shows no padding.
  check(H5Tset_size(type.get(), length + 1), "set string size");
  check(H5Tset_strpad(type.get(), H5T_STR_NULLTERM), "set string padding");
  check(H5Tset_cset(type.get(), H5T_CSET_ASCII), "set string character set");
  return type;
}

PropList file_access_plist() {
  PropList fapl(H5Pcreate(file_access_class()), "create file access properties");
  check(H5Pset_fapl_sec2(fapl.get()), "select the sec2 driver");
  // SEMI makes H5Fclose fail if we leaked an object handle, instead of silently keeping the
  // file open until process exit; every close in this library must really flush and close.
  check(H5Pset_fclose_degree(fapl.get(), H5F_CLOSE_SEMI), "set file close degree");
#if (H5_VERS_MAJOR == 1 && H5_VERS_MINOR == 10 && H5_VERS_RELEASE >= 7) || H5_VERSION_GE(1, 12, 1)
  check(H5Pset_file_locking(fapl.get(), 0, 1), "disable file locking");
#endif
  return fapl;
}

PropList compact_group_plist() {
  PropList gcpl(H5Pcreate(group_create_class()), "create group creation properties");
  // Creation-order tracking selects the compact (object-header) link storage, so a small group
  // does not carry a symbol-table node sized for /cases (see the file creation properties).
  check(H5Pset_link_creation_order(gcpl.get(), H5P_CRT_ORDER_TRACKED), "track link order");
  check(H5Pset_link_phase_change(gcpl.get(), 64, 48), "set compact link limit");
  return gcpl;
}

bool has_attribute(hid_t object, const char* name) {
  return check(H5Aexists(object, name), fmt::format("look for attribute '{}'", name)) > 0;
}

bool has_link(hid_t group, const char* name) {
  return check(H5Lexists(group, name, default_plist()), fmt::format("look for '{}'", name)) > 0;
}

namespace {

void write_scalar_attr(hid_t object, const char* name, hid_t file_type, hid_t mem_type,
                       const void* value) {
  Dataspace space(H5Screate(H5S_SCALAR), "create scalar dataspace");
  std::string what = fmt::format("write attribute '{}'", name);
  Attribute attr(H5Acreate2(object, name, file_type, space.get(), default_plist(), default_plist()),
                 what);
  check(H5Awrite(attr.get(), mem_type, value), what);
  attr.close(what);
}

// Dataspace of an attribute that holds one value, or throws.
void require_single_value(hid_t attr, const char* name) {
  Dataspace space(H5Aget_space(attr), fmt::format("read attribute '{}'", name));
  hssize_t n = H5Sget_simple_extent_npoints(space.get());
  if (n != 1) throw Error(fmt::format("attribute '{}' holds {} values, expected 1", name, n));
}

H5T_class_t type_class(hid_t type) {
  return H5Tget_class(type);
}

// Reads n strings of type `type` from an attribute or dataset via `read(mem_type, buffer)`.
template <typename Read>
std::vector<std::string> read_strings(hid_t type, std::size_t n, const std::string& what,
                                      Read read) {
  if (type_class(type) != H5T_STRING) throw Error(fmt::format("{}: not a string", what));
  std::vector<std::string> out;
  out.reserve(n);
  if (n == 0) return out;
  htri_t variable = check(H5Tis_variable_str(type), what);
  if (variable > 0) {
    Datatype mem(H5Tcopy(c_string()), what);
    check(H5Tset_size(mem.get(), H5T_VARIABLE), what);
    std::vector<char*> ptrs(n, nullptr);
    check(read(mem.get(), ptrs.data()), what);
    for (char* p : ptrs) {
      out.emplace_back(p != nullptr ? p : "");
      H5free_memory(p);
    }
    return out;
  }
  std::size_t size = H5Tget_size(type);
  if (size == 0) throw Error(fmt::format("{}: zero-sized string type", what));
  H5T_str_t pad = H5Tget_strpad(type);
  std::vector<char> buffer(size * n, '\0');
  // Reading with the file's own type copies the bytes unconverted.
  check(read(type, buffer.data()), what);
  for (std::size_t i = 0; i < n; ++i) {
    std::string_view s(buffer.data() + i * size, size);
    if (pad == H5T_STR_SPACEPAD) {
      std::size_t end = s.find_last_not_of(' ');
      s = end == std::string_view::npos ? std::string_view() : s.substr(0, end + 1);
    } else {
      s = s.substr(0, std::min(s.find('\0'), s.size()));
    }
    out.emplace_back(s);
  }
  return out;
}

std::optional<Attribute> open_attr(hid_t object, const char* name) {
  if (!has_attribute(object, name)) return std::nullopt;
  return Attribute(H5Aopen(object, name, default_plist()),
                   fmt::format("open attribute '{}'", name));
}

template <typename T>
std::optional<T> read_integer_attr(hid_t object, const char* name, hid_t mem_type) {
  std::optional<Attribute> attr = open_attr(object, name);
  if (!attr) return std::nullopt;
  std::string what = fmt::format("read attribute '{}'", name);
  Datatype type(H5Aget_type(attr->get()), what);
  H5T_class_t cls = type_class(type.get());
  if (cls != H5T_INTEGER) {
    throw Error(fmt::format("attribute '{}' is not an integer", name));
  }
  require_single_value(attr->get(), name);
  T value{};
  check(H5Aread(attr->get(), mem_type, &value), what);
  return value;
}

}  // namespace

void write_string_attr(hid_t object, const char* name, std::string_view value) {
  Datatype type = fixed_string_type(value.size());
  std::string buffer(value);  // owns the terminator HDF5 reads
  write_scalar_attr(object, name, type.get(), type.get(), buffer.c_str());
}

void write_int64_attr(hid_t object, const char* name, std::int64_t value) {
  write_scalar_attr(object, name, file_int64(), native_int64(), &value);
}

void write_uint64_attr(hid_t object, const char* name, std::uint64_t value) {
  write_scalar_attr(object, name, file_uint64(), native_uint64(), &value);
}

void write_double_attr(hid_t object, const char* name, double value) {
  write_scalar_attr(object, name, file_double(), native_double(), &value);
}

void write_string_array_attr(hid_t object, const char* name, std::span<const std::string> values) {
  std::string what = fmt::format("write attribute '{}'", name);
  std::size_t longest = 0;
  for (const std::string& v : values) longest = std::max(longest, v.size());
  Datatype type = fixed_string_type(longest);
  std::size_t size = longest + 1;
  hsize_t dims[1] = {values.size()};
  Dataspace space(values.empty() ? H5Screate(H5S_NULL) : H5Screate_simple(1, dims, nullptr), what);
  Attribute attr(
      H5Acreate2(object, name, type.get(), space.get(), default_plist(), default_plist()), what);
  if (!values.empty()) {
    std::vector<char> buffer(size * values.size(), '\0');
    for (std::size_t i = 0; i < values.size(); ++i) {
      std::memcpy(buffer.data() + i * size, values[i].data(), values[i].size());
    }
    check(H5Awrite(attr.get(), type.get(), buffer.data()), what);
  }
  attr.close(what);
}

std::optional<std::string> read_string_attr(hid_t object, const char* name) {
  std::optional<Attribute> attr = open_attr(object, name);
  if (!attr) return std::nullopt;
  std::string what = fmt::format("read attribute '{}'", name);
  Datatype type(H5Aget_type(attr->get()), what);
  require_single_value(attr->get(), name);
  hid_t id = attr->get();
  return read_strings(type.get(), 1, what,
                      [id](hid_t mem, void* buf) { return H5Aread(id, mem, buf); })
      .front();
}

std::optional<std::int64_t> read_int64_attr(hid_t object, const char* name) {
  return read_integer_attr<std::int64_t>(object, name, native_int64());
}

std::optional<std::uint64_t> read_uint64_attr(hid_t object, const char* name) {
  return read_integer_attr<std::uint64_t>(object, name, native_uint64());
}

std::optional<std::vector<std::string>> read_string_array_attr(hid_t object, const char* name) {
  std::optional<Attribute> attr = open_attr(object, name);
  if (!attr) return std::nullopt;
  std::string what = fmt::format("read attribute '{}'", name);
  Datatype type(H5Aget_type(attr->get()), what);
  Dataspace space(H5Aget_space(attr->get()), what);
  hssize_t n = check(H5Sget_simple_extent_npoints(space.get()), what);
  hid_t id = attr->get();
  return read_strings(type.get(), static_cast<std::size_t>(n), what,
                      [id](hid_t mem, void* buf) { return H5Aread(id, mem, buf); });
}

namespace {

herr_t collect_attr_name(hid_t, const char* name, const H5A_info_t*, void* out) {
  static_cast<std::vector<std::string>*>(out)->emplace_back(name);
  return 0;
}

herr_t collect_link_name(hid_t, const char* name, const H5L_info_t*, void* out) {
  static_cast<std::vector<std::string>*>(out)->emplace_back(name);
  return 0;
}

}  // namespace

std::vector<std::string> attribute_names(hid_t object) {
  std::vector<std::string> names;
  check(H5Aiterate2(object, H5_INDEX_NAME, H5_ITER_INC, nullptr, collect_attr_name, &names),
        "list attributes");
  return names;
}

std::vector<std::string> link_names(hid_t group, bool* complete) {
  std::vector<std::string> names;
  // A failure part-way leaves the names seen so far, which is what a reader of a damaged file
  // wants: every entry that can still be named.
  herr_t status = H5Literate(group, H5_INDEX_NAME, H5_ITER_INC, nullptr, collect_link_name, &names);
  if (complete != nullptr) *complete = status >= 0;
  return names;
}

Group open_group_by_position(hid_t group, hsize_t position) {
  std::string what = fmt::format("open entry {}", position);
  Group g(H5Oopen_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, position, default_plist()), what);
  if (H5Iget_type(g.get()) != H5I_GROUP) throw Error(fmt::format("{}: not a group", what));
  return g;
}

hobj_ref_t object_ref(hid_t loc, const char* path) {
  hobj_ref_t ref = 0;
  check(H5Rcreate(&ref, loc, path, H5R_OBJECT, -1), fmt::format("reference '{}'", path));
  return ref;
}

void write_ref_attr(hid_t object, const char* name, hobj_ref_t ref) {
  write_scalar_attr(object, name, ref_type(), ref_type(), &ref);
}

std::optional<hobj_ref_t> read_ref_attr(hid_t object, const char* name) {
  std::optional<Attribute> attr = open_attr(object, name);
  if (!attr) return std::nullopt;
  std::string what = fmt::format("read attribute '{}'", name);
  Datatype type(H5Aget_type(attr->get()), what);
  if (type_class(type.get()) != H5T_REFERENCE) {
    throw Error(fmt::format("attribute '{}' is not a reference", name));
  }
  require_single_value(attr->get(), name);
  hobj_ref_t ref = 0;
  check(H5Aread(attr->get(), ref_type(), &ref), what);
  return ref;
}

Group open_group_by_ref(hid_t file_object, hobj_ref_t ref) {
  std::string what = fmt::format("follow reference {}", ref);
  if (ref == 0) throw Error(fmt::format("{}: null reference", what));
  Group g(H5Rdereference2(file_object, default_plist(), H5R_OBJECT, &ref), what);
  if (H5Iget_type(g.get()) != H5I_GROUP) throw Error(fmt::format("{}: not a group", what));
  return g;
}

namespace {

void write_dataset(hid_t loc, const char* name, hid_t file_type, hid_t mem_type, int rank,
                   const hsize_t* dims, const void* data, std::size_t n) {
  std::string what = fmt::format("write dataset '{}'", name);
  Dataspace space(H5Screate_simple(rank, dims, nullptr), what);
  Dataset ds(H5Dcreate2(loc, name, file_type, space.get(), default_plist(), default_plist(),
                        default_plist()),
             what);
  if (n > 0) {
    check(H5Dwrite(ds.get(), mem_type, all_selection(), all_selection(), default_plist(), data),
          what);
  }
  ds.close(what);
}

struct OpenedDataset {
  Dataset ds;
  Dataspace space;
  std::vector<hsize_t> dims;
};

OpenedDataset open_dataset(hid_t loc, const char* name, const std::string& what) {
  OpenedDataset out;
  out.ds = Dataset(H5Dopen2(loc, name, default_plist()), what);
  out.space = Dataspace(H5Dget_space(out.ds.get()), what);
  int rank = check(H5Sget_simple_extent_ndims(out.space.get()), what);
  out.dims.assign(static_cast<std::size_t>(rank), 0);
  check(H5Sget_simple_extent_dims(out.space.get(), out.dims.data(), nullptr), what);
  // A damaged dataspace can claim any extent, and the reader would allocate it before HDF5
  // finds the data missing. The datasets read this way are written whole when created, so the
  // bytes the file stores for them bound what is worth allocating.
  hsize_t elements = 1;
  for (const hsize_t d : out.dims) {
    if (d != 0 && elements > std::numeric_limits<hsize_t>::max() / d) {
      throw Error(fmt::format("{}: the dataspace claims more elements than can be counted", what));
    }
    elements *= d;
  }
  if (elements > 0) {
    Datatype type(H5Dget_type(out.ds.get()), what);
    const std::size_t element_size = H5Tget_size(type.get());
    const hsize_t stored = H5Dget_storage_size(out.ds.get());
    if (element_size == 0 || elements > stored / element_size) {
      throw Error(fmt::format("{}: the dataspace claims {} elements, but the file stores {} bytes",
                              what, elements, stored));
    }
  }
  return out;
}

void require_class(hid_t ds, H5T_class_t expected, const std::string& what) {
  Datatype type(H5Dget_type(ds), what);
  if (type_class(type.get()) != expected) throw Error(fmt::format("{}: unexpected type", what));
}

int to_int(hsize_t n, const std::string& what) {
  if (n > static_cast<hsize_t>(std::numeric_limits<int>::max())) {
    throw Error(fmt::format("{}: dimension {} too large", what, n));
  }
  return static_cast<int>(n);
}

template <typename T>
std::vector<T> read_1d(hid_t loc, const char* name, hid_t mem_type, H5T_class_t cls) {
  std::string what = fmt::format("read dataset '{}'", name);
  OpenedDataset d = open_dataset(loc, name, what);
  if (d.dims.size() != 1) throw Error(fmt::format("{}: expected 1 dimension", what));
  require_class(d.ds.get(), cls, what);
  std::vector<T> out(static_cast<std::size_t>(d.dims[0]));
  if (!out.empty()) {
    check(H5Dread(d.ds.get(), mem_type, all_selection(), all_selection(), default_plist(),
                  out.data()),
          what);
  }
  return out;
}

}  // namespace

void write_int64_2d(hid_t loc, const char* name, int rows, int cols,
                    std::span<const std::int64_t> data) {
  if (rows < 0 || cols < 0 ||
      data.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)) {
    throw Error(
        fmt::format("dataset '{}': {} values do not fill {} x {}", name, data.size(), rows, cols));
  }
  hsize_t dims[2] = {static_cast<hsize_t>(rows), static_cast<hsize_t>(cols)};
  write_dataset(loc, name, file_int64(), native_int64(), 2, dims, data.data(), data.size());
}

void write_int64_1d(hid_t loc, const char* name, std::span<const std::int64_t> data) {
  hsize_t dims[1] = {data.size()};
  write_dataset(loc, name, file_int64(), native_int64(), 1, dims, data.data(), data.size());
}

void write_uint8_1d(hid_t loc, const char* name, std::span<const std::uint8_t> data) {
  hsize_t dims[1] = {data.size()};
  write_dataset(loc, name, file_uint8(), native_uint8(), 1, dims, data.data(), data.size());
}

void write_string_1d(hid_t loc, const char* name, std::span<const std::string> data) {
  std::size_t longest = 0;
  for (const std::string& s : data) longest = std::max(longest, s.size());
  Datatype type = fixed_string_type(longest);
  std::size_t size = longest + 1;
  std::vector<char> buffer(size * data.size(), '\0');
  for (std::size_t i = 0; i < data.size(); ++i) {
    std::memcpy(buffer.data() + i * size, data[i].data(), data[i].size());
  }
  hsize_t dims[1] = {data.size()};
  write_dataset(loc, name, type.get(), type.get(), 1, dims, buffer.data(), data.size());
}

namespace {

// A 2-d integer dataset's rows and cols, checked; no values.
Int64Table int64_2d_shape(const OpenedDataset& d, const std::string& what) {
  if (d.dims.size() != 2) throw Error(fmt::format("{}: expected 2 dimensions", what));
  require_class(d.ds.get(), H5T_INTEGER, what);
  Int64Table t;
  t.rows = to_int(d.dims[0], what);
  t.cols = to_int(d.dims[1], what);
  return t;
}

}  // namespace

Int64Table read_int64_2d(hid_t loc, const char* name) {
  std::string what = fmt::format("read dataset '{}'", name);
  OpenedDataset d = open_dataset(loc, name, what);
  Int64Table t = int64_2d_shape(d, what);
  t.data.assign(static_cast<std::size_t>(d.dims[0] * d.dims[1]), 0);
  if (!t.data.empty()) {
    check(H5Dread(d.ds.get(), native_int64(), all_selection(), all_selection(), default_plist(),
                  t.data.data()),
          what);
  }
  return t;
}

Int64Table read_int64_2d_shape(hid_t loc, const char* name) {
  const std::string what = fmt::format("read dataset '{}'", name);
  return int64_2d_shape(open_dataset(loc, name, what), what);
}

std::vector<std::int64_t> read_int64_1d(hid_t loc, const char* name) {
  return read_1d<std::int64_t>(loc, name, native_int64(), H5T_INTEGER);
}

std::vector<std::uint8_t> read_uint8_1d(hid_t loc, const char* name) {
  return read_1d<std::uint8_t>(loc, name, native_uint8(), H5T_INTEGER);
}

std::vector<std::string> read_string_1d(hid_t loc, const char* name) {
  std::string what = fmt::format("read dataset '{}'", name);
  OpenedDataset d = open_dataset(loc, name, what);
  if (d.dims.size() != 1) throw Error(fmt::format("{}: expected 1 dimension", what));
  Datatype type(H5Dget_type(d.ds.get()), what);
  hid_t id = d.ds.get();
  return read_strings(
      type.get(), static_cast<std::size_t>(d.dims[0]), what, [id](hid_t mem, void* buf) {
        return H5Dread(id, mem, all_selection(), all_selection(), default_plist(), buf);
      });
}

void sync_to_disk(hid_t file, hid_t fapl) {
  void* handle = nullptr;
  check(H5Fget_vfd_handle(file, fapl, &handle), "get file descriptor");
  int fd = *static_cast<int*>(handle);
  if (::fsync(fd) != 0) {
    throw Error(fmt::format("fsync: {}", std::system_category().message(errno)));
  }
}

namespace {

// One /sync field: where it lives in SyncEventRow and in the packed file row.
struct SyncField {
  const char* name;
  std::size_t memory_offset;
  hid_t (*memory_type)();
  std::size_t file_offset;
  hid_t (*file_type)();
};

// In file order; format 1.4 appended the last two.
constexpr SyncField kSyncFields[] = {
    {"time_ns", offsetof(SyncEventRow, time_ns), native_int64, 0, file_int64},
    {"rank", offsetof(SyncEventRow, rank), native_int32, 8, file_int32},
    {"offset_ns", offsetof(SyncEventRow, offset_ns), native_int64, 12, file_int64},
    {"drift_ppb", offsetof(SyncEventRow, drift_ppb), native_double, 20, file_double},
    {"rtt_min_ns", offsetof(SyncEventRow, rtt_min_ns), native_int64, 28, file_int64},
    {"error_bound_ns", offsetof(SyncEventRow, error_bound_ns), native_int64, 36, file_int64},
    {"bound_growth_ppb", offsetof(SyncEventRow, bound_growth_ppb), native_double, 44, file_double},
};
constexpr std::size_t kSyncFileRowBytes = 52;

// The memory row type with the fields `keep` accepts; HDF5 leaves the others of each row as
// they were in the buffer, which is how older files' rows keep SyncEventRow's defaults.
template <typename Keep>
Datatype sync_memory_type_with(Keep keep) {
  Datatype t(H5Tcreate(H5T_COMPOUND, sizeof(SyncEventRow)), "create sync row type");
  for (const SyncField& f : kSyncFields) {
    if (!keep(f)) continue;
    check(H5Tinsert(t.get(), f.name, f.memory_offset, f.memory_type()),
          fmt::format("describe sync field {}", f.name));
  }
  return t;
}

}  // namespace

Datatype sync_memory_type() {
  return sync_memory_type_with([](const SyncField&) { return true; });
}

Datatype sync_memory_type(hid_t file_type) {
  return sync_memory_type_with(
      [file_type](const SyncField& f) { return H5Tget_member_index(file_type, f.name) >= 0; });
}

Datatype sync_file_type() {
  Datatype t(H5Tcreate(H5T_COMPOUND, kSyncFileRowBytes), "create sync row type");
  for (const SyncField& f : kSyncFields) {
    check(H5Tinsert(t.get(), f.name, f.file_offset, f.file_type()),
          fmt::format("describe sync field {}", f.name));
  }
  return t;
}

std::string escape_link_name(std::string_view name) {
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (c == '/' || c == '%' || (i == 0 && c == '.')) {
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

std::string unescape_link_name(std::string_view name) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '%' && i + 2 < name.size() && hex(name[i + 1]) >= 0 && hex(name[i + 2]) >= 0) {
      out += static_cast<char>(hex(name[i + 1]) * 16 + hex(name[i + 2]));
      i += 2;
    } else {
      out += name[i];
    }
  }
  return out;
}

}  // namespace papbench::results::h5
