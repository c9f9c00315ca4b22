#include "bench/run/buffer_memory.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "common/units.hpp"

namespace papbench {

std::string bytes_text(std::uint64_t bytes) {
  return fmt::format("{} bytes ({:.1f} GiB)", bytes, static_cast<double>(bytes) / (1ULL << 30));
}

NodeMemory node_memory_available() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);) {
    std::istringstream fields(line);
    std::string key;
    std::uint64_t kib = 0;
    if (fields >> key >> kib && key == "MemAvailable:") {
      return {kib * 1024, "MemAvailable in /proc/meminfo"};
    }
  }
  const long pages = ::sysconf(_SC_AVPHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  if (pages > 0 && page_size > 0) {
    return {static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size),
            "free physical pages (sysconf)"};
  }
  // Nothing to go by: refuse nothing rather than everything.
  return {UINT64_MAX, "unknown"};
}

std::optional<std::string> buffer_memory_refusal(const BufferNeed& need, const NodeMemory& mem) {
  if (need.node_bytes <= mem.available_bytes) return std::nullopt;
  const std::string together =
      need.cases_at_once > 1
          ? fmt::format(" of {} cases run together (--order)", need.cases_at_once)
          : std::string();
  return fmt::format(
      "--count {}: the buffers{} of {} with blocks of {} (send, receive and the algorithms' "
      "scratch) need {} on node {} ({} rank(s) there, the largest {}), but the node has {} "
      "available ({}); choose a smaller --count or fewer ranks per node{}",
      format_quantity(need.count), together, need.collective,
      format_count_bytes(need.count, need.dtype), bytes_text(need.node_bytes), need.host,
      need.node_ranks, bytes_text(need.rank_bytes), bytes_text(mem.available_bytes), mem.source,
      need.cases_at_once > 1 ? ", or --order sequential, which holds one case's at a time" : "");
}

}  // namespace papbench
