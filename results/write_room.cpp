#include "results/write_room.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

namespace papbench::results {
namespace {

// Per dataset or group: its object header, attributes and B-tree or heap; measured files hold
// under 1 KiB of it per dataset, so 4 KiB leaves room.
constexpr std::uint64_t kPerObjectBytes = 4096;
// Index growth one append may cause at most: a split /cases symbol-table node or chunk-index
// node (each some 20 KiB at the writer's K), a grown local heap, the free-space manager.
constexpr std::uint64_t kIndexBytes = 256 * 1024;
constexpr std::uint64_t kSyncRowBytes = 56;  // seven 8-byte fields (sync_file_type)

std::uint64_t matrix_bytes(const Matrix& m) {
  return m.data.size() * sizeof(std::int64_t) + kPerObjectBytes;
}

std::uint64_t free_bytes(const std::string& path) {
  struct statvfs fs {};
  if (::statvfs(path.c_str(), &fs) != 0) return UINT64_MAX;  // unknown: HDF5 will tell
  return static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
}

}  // namespace

std::uint64_t case_write_bytes(const CaseRecord& r) {
  std::uint64_t bytes = kIndexBytes + 8 * kPerObjectBytes;  // the group, its attributes
  for (const Matrix* m :
       {&r.arrival_ns, &r.exit_ns, &r.planned_delay_ns, &r.planned_arrival_ns, &r.clock_bound_ns,
        &r.clock_slew_ns, &r.clock_elapsed_bound_ns, &r.arrival_error_ns}) {
    bytes += matrix_bytes(*m);
  }
  for (const auto* m : {&r.predicted_arrival_ns, &r.pat_exchange_done_ns, &r.pat_work_done_ns}) {
    if (m->has_value()) bytes += matrix_bytes(**m);
  }
  for (const auto* named : {&r.counters, &r.metrics, &r.counter_costs, &r.counters_empty}) {
    bytes += kPerObjectBytes;
    for (const auto& [name, m] : *named) bytes += matrix_bytes(m) + name.size();
  }
  bytes += r.late.size() + r.validation.size() + 2 * kPerObjectBytes;
  bytes += r.params.size() + r.pattern.size() + r.label().size();
  for (const std::string& s : r.counters_unavailable) bytes += s.size() + 1;
  for (const std::string& s : r.session_hosts) bytes += s.size() + 1;
  return bytes;
}

std::uint64_t sync_write_bytes(std::size_t rows, std::size_t chunk_rows) {
  // The rows fill the last chunk and new ones: one chunk more than they need, at most.
  const std::uint64_t chunks = rows / chunk_rows + 2;
  return chunks * chunk_rows * kSyncRowBytes + kIndexBytes;
}

void reserve_write_room(const std::string& path, std::uint64_t bytes, std::string_view what) {
  const auto no_room = [&] {
    return std::runtime_error(fmt::format(
        "results file '{}': cannot {}: no space left on device (about {} bytes needed); the "
        "file is unchanged and holds every case written before, and --resume continues it once "
        "there is room",
        path, what, bytes));
  };
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return;  // the HDF5 open that follows names the reason
  struct stat st {};
  int err = ::fstat(fd, &st) == 0 ? 0 : errno;
  if (err == 0 &&
      ::fallocate(fd, FALLOC_FL_KEEP_SIZE, st.st_size, static_cast<off_t>(bytes)) != 0) {
    err = errno;
  }
  ::close(fd);
  if (err == 0) return;
  if (err == ENOSPC || err == EDQUOT) throw no_room();
  // A file system that cannot reserve (EOPNOTSUPP: NFS v3, some FUSE): the free space, then,
  // which another writer may still take before HDF5 gets there.
  if (free_bytes(path) < bytes) throw no_room();
}

}  // namespace papbench::results
