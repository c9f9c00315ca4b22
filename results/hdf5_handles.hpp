#pragma once
// Thin RAII layer over the HDF5 C API for results/: every hid_t has exactly one owner, every
// failure becomes an exception carrying HDF5's own explanation, and the macros that expand to
// old-style casts stay inside hdf5_handles.cpp.

#include <hdf5.h>

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "results/result_set.hpp"

namespace papbench::results::h5 {

// An HDF5 call failed; what() names our operation, then HDF5's innermost reason.
class Error : public papbench::Error {
 public:
  using papbench::Error::Error;
};

// Throws Error("<what>: <HDF5 reason>"), the reason taken from HDF5's error stack.
[[noreturn]] void throw_error(std::string_view what);
// Returns status, or throws as above when it is negative (HDF5's failure convention for
// identifiers, herr_t, htri_t and sizes alike).
template <typename T>
T check(T status, std::string_view what) {
  if (status < 0) throw_error(what);
  return status;
}
// "what failed (why)" from HDF5's current error stack, preferring the operating system's text
// for the why; empty when the stack is.
std::string error_stack_text();

// Turns off HDF5's printing of its error stack to stderr while alive, so users see only our
// messages; the previous handler comes back on destruction, as other code may rely on it.
class QuietErrors {
 public:
  QuietErrors();
  ~QuietErrors();
  QuietErrors(const QuietErrors&) = delete;
  QuietErrors& operator=(const QuietErrors&) = delete;

 private:
  H5E_auto2_t func_ = nullptr;
  void* data_ = nullptr;
};

// Owns one identifier and releases it with Close. Move-only; an empty owner holds -1.
template <herr_t (*Close)(hid_t)>
class Handle {
 public:
  Handle() = default;
  // Takes ownership of id; throws Error naming `what` when id is negative.
  Handle(hid_t id, std::string_view what) : id_(check(id, what)) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : id_(std::exchange(other.id_, -1)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, -1);
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  hid_t get() const { return id_; }
  explicit operator bool() const { return id_ >= 0; }

  // Destructors cannot report errors; this does, which matters where closing writes data.
  void close(std::string_view what) {
    hid_t id = std::exchange(id_, -1);
    if (id >= 0) check(Close(id), what);
  }
  void reset() noexcept {
    if (id_ >= 0) Close(std::exchange(id_, -1));
  }

 private:
  hid_t id_ = -1;
};

using File = Handle<H5Fclose>;
using Group = Handle<H5Gclose>;
using Dataset = Handle<H5Dclose>;
using Dataspace = Handle<H5Sclose>;
using Attribute = Handle<H5Aclose>;
using Datatype = Handle<H5Tclose>;
using PropList = Handle<H5Pclose>;

// Values of HDF5 macros that expand to old-style casts.
hid_t default_plist();
hid_t all_selection();
hsize_t unlimited();

// Predefined types (file types are little-endian standard types so files are portable).
hid_t native_int64();
hid_t native_uint64();
hid_t native_int32();
hid_t native_uint8();
hid_t native_double();
hid_t file_int64();
hid_t file_uint64();
hid_t file_int32();
hid_t file_uint8();
hid_t file_double();

// A fixed-length, NUL-terminated ASCII string type that holds `length` characters.
Datatype fixed_string_type(std::size_t length);

// File access properties: the sec2 driver with HDF5's own file locking off (see
// docs/RESULTS_FORMAT.md for why); HDF5_USE_FILE_LOCKING in the environment still wins.
PropList file_access_plist();
// Group creation properties for the small groups: compact, creation-ordered link storage.
PropList compact_group_plist();

bool has_attribute(hid_t object, const char* name);
bool has_link(hid_t group, const char* name);

void write_string_attr(hid_t object, const char* name, std::string_view value);
void write_int64_attr(hid_t object, const char* name, std::int64_t value);
void write_uint64_attr(hid_t object, const char* name, std::uint64_t value);
void write_double_attr(hid_t object, const char* name, double value);
// A 1-D array of strings; an empty list is stored with a null dataspace.
void write_string_array_attr(hid_t object, const char* name, std::span<const std::string> values);

// Readers return nullopt when the attribute is missing and throw Error when it exists but has
// an unsuitable type or shape. Integer and string readers accept any integer width and both
// fixed and variable-length strings, so files written by other tools read too.
std::optional<std::string> read_string_attr(hid_t object, const char* name);
std::optional<std::int64_t> read_int64_attr(hid_t object, const char* name);
std::optional<std::uint64_t> read_uint64_attr(hid_t object, const char* name);
std::optional<std::vector<std::string>> read_string_array_attr(hid_t object, const char* name);
// Names of all attributes of object, in creation (or name) order.
std::vector<std::string> attribute_names(hid_t object);
// Names of the links of group in name order. A damaged symbol table ends the list early and
// sets *complete to false (when given); the names before the damage are still returned.
std::vector<std::string> link_names(hid_t group, bool* complete = nullptr);
// Opens the object at `position` in the name order of group. Unlike opening by name, this
// walks the entries in stored order, so an entry out of order (a symbol-table node cut short by
// a kill) does not hide the entries after it.
Group open_group_by_position(hid_t group, hsize_t position);

// Object references (the HDF5 1.8/1.10 kind: the object's header address). 0 means none.
hid_t ref_type();
hobj_ref_t object_ref(hid_t loc, const char* path);
void write_ref_attr(hid_t object, const char* name, hobj_ref_t ref);
std::optional<hobj_ref_t> read_ref_attr(hid_t object, const char* name);
// Opens the group that ref points to; any object of the file serves as `file_object`.
Group open_group_by_ref(hid_t file_object, hobj_ref_t ref);

// Contiguous datasets written once. `data` holds rows*cols values, row-major.
void write_int64_2d(hid_t loc, const char* name, int rows, int cols,
                    std::span<const std::int64_t> data);
void write_int64_1d(hid_t loc, const char* name, std::span<const std::int64_t> data);
void write_uint8_1d(hid_t loc, const char* name, std::span<const std::uint8_t> data);
void write_string_1d(hid_t loc, const char* name, std::span<const std::string> data);

struct Int64Table {
  int rows = 0;
  int cols = 0;
  std::vector<std::int64_t> data;
};
// Throws Error when the dataset is missing, not 2-D, or not integer.
Int64Table read_int64_2d(hid_t loc, const char* name);
// The same checks and rows and cols, without reading the values (data stays empty): what an
// on-demand ResultReader records of a case before a view asks for its data.
Int64Table read_int64_2d_shape(hid_t loc, const char* name);
std::vector<std::int64_t> read_int64_1d(hid_t loc, const char* name);
std::vector<std::uint8_t> read_uint8_1d(hid_t loc, const char* name);
std::vector<std::string> read_string_1d(hid_t loc, const char* name);

// Writes the file's dirty pages to stable storage (fsync of the sec2 descriptor). HDF5 itself
// never fsyncs; the writer uses this to order its commit against power loss as well as kills.
void sync_to_disk(hid_t file, hid_t fapl);

// ---- Pieces of the papbench schema that the writer and the reader share ----------------------

// /sync rows: in memory exactly SyncEventRow, in the file a packed little-endian compound.
Datatype sync_memory_type();
// The memory type for reading a /sync whose row type is `file_type`: only the fields it has
// (a file older than 1.4 lacks error_bound_ns and bound_growth_ppb), so that the others keep
// the values the buffer held.
Datatype sync_memory_type(hid_t file_type);
Datatype sync_file_type();

// Counter event names become link names: HDF5 forbids '/' in a link name and gives "." a
// meaning, so '/', '%' and a leading '.' are percent-encoded; the original name is also kept in
// the dataset's "event" attribute.
std::string escape_link_name(std::string_view name);
std::string unescape_link_name(std::string_view name);

}  // namespace papbench::results::h5
