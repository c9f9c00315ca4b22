#include "capture/persistent_requests.hpp"

#include <atomic>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace papbench::capture {
namespace {

struct PersistentTable {
  std::mutex mutex;
  std::unordered_map<MPI_Request, CallShape> shapes;
};

PersistentTable& persistent_table() {
  static PersistentTable t;
  return t;
}

std::atomic<bool> g_known{false};

std::optional<CallShape> shape_of(MPI_Request request) {
  PersistentTable& t = persistent_table();
  std::lock_guard lock(t.mutex);
  const auto it = t.shapes.find(request);
  if (it == t.shapes.end()) return std::nullopt;
  return it->second;
}

}  // namespace

void persistent_init(const CallShape& shape, MPI_Request request) {
  if (request == MPI_REQUEST_NULL) return;
  PersistentTable& t = persistent_table();
  std::lock_guard lock(t.mutex);
  t.shapes[request] = shape;
  g_known.store(true, std::memory_order_relaxed);
}

bool persistent_known() {
  return g_known.load(std::memory_order_relaxed);
}

void persistent_started(MPI_Request request, std::int64_t arrival_raw,
                        std::int64_t post_return_raw) {
  if (const std::optional<CallShape> shape = shape_of(request)) {
    post_call(*shape, arrival_raw, post_return_raw, request);
  }
}

bool persistent_completed(MPI_Request request) {
  if (!persistent_known() || !shape_of(request)) return false;
  int flag = 0;
  return PMPI_Request_get_status(request, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS && flag != 0;
}

void forget_persistent(MPI_Request request) {
  if (!persistent_known()) return;
  PersistentTable& t = persistent_table();
  std::lock_guard lock(t.mutex);
  t.shapes.erase(request);
}

}  // namespace papbench::capture
