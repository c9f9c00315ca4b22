#pragma once
// Refusing a case whose buffers cannot fit in a node's memory, before anything is allocated.
//
// The rule: what one case holds (collectives/core/workload.hpp, WorkloadFootprint: the send and
// receive buffers as Workload allocates them, its index arrays and the check's table, and the
// scratch its algorithm's registry row states, collectives/core/scratch.hpp), on every rank of a
// shared-memory node together, must fit in the memory the node has available now: MemAvailable
// of /proc/meminfo, the kernel's estimate of what can be allocated without swapping; where that
// is missing, the free physical pages. Only one --order group exists at a time, and each of its
// cases holds its own workload and algorithm (bench/run/run_order.hpp), so the largest group
// decides. The MPI library's own memory, and the scratch of its own algorithms (native rows,
// estimated), are beyond what papbench can count, so passing this check is no promise, while
// failing it is certain: such a run would fail in allocation, be killed by the OOM killer, or
// time the swap device instead of the network (issue 43: 2G ints at 2 ranks on a 24 GiB machine
// passed when only the buffers counted, filled them for a minute, and would have needed 16 GB
// more for reduce's scratch; a Bruck allgather's copy of all P blocks was not counted either).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace papbench {

struct NodeMemory {
  std::uint64_t available_bytes = 0;
  std::string source;  // where the figure comes from, for the message
};

// "N bytes (X.Y GiB)", as the refusals name amounts.
std::string bytes_text(std::uint64_t bytes);

// This node's available memory now (see above).
NodeMemory node_memory_available();

// What one case (or group) needs: on the heaviest rank of a node, and on all its ranks together.
struct BufferNeed {
  std::string_view collective, dtype;
  std::uint64_t count = 0;
  std::uint64_t rank_bytes = 0;  // largest single rank of the node
  std::uint64_t node_bytes = 0;  // summed over the node's ranks
  int node_ranks = 1;
  std::string_view host;
  int cases_at_once = 1;  // the --order group's cases, whose buffers the bytes above sum
};

// The UsageError message refusing `need` (naming --count, the bytes needed and the bytes
// available), or nullopt when it fits.
std::optional<std::string> buffer_memory_refusal(const BufferNeed& need, const NodeMemory& mem);

}  // namespace papbench
