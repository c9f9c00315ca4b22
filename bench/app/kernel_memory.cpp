#include "bench/app/kernel_memory.hpp"

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <limits>
#include <string>

#include "bench/run/buffer_memory.hpp"
#include "bench/run/run_info.hpp"
#include "collectives/core/scratch.hpp"
#include "common/mpi_env.hpp"

namespace papbench::app {
namespace {

constexpr std::uint64_t kMaxBytes = std::numeric_limits<std::uint64_t>::max();

std::uint64_t saturated_add(std::uint64_t a, std::uint64_t b) {
  return a > kMaxBytes - b ? kMaxBytes : a + b;
}

// The largest scratch of the kernel's algorithms on this rank, over every root: the kernels move
// the root through the ranks, and a root may hold more (a tree's staging).
std::uint64_t largest_scratch(const KernelFootprint& kernel,
                              std::span<const AlgorithmChoice> algorithms,
                              const topology::NodeTopology& nodes) {
  const std::vector<int>& sizes = nodes.node_sizes();
  ScratchShape shape;
  shape.count = shape.send_elems = shape.recv_elems = kernel.count;
  shape.elem_size = kernel.elem_size;
  shape.ranks = nodes.size();
  shape.rank = nodes.rank();
  shape.node = nodes.node();
  shape.node_ranks = nodes.node_size();
  shape.local_rank = nodes.local_rank();
  shape.max_node_ranks = *std::max_element(sizes.begin(), sizes.end());
  shape.nodes = nodes.node_count();
  std::uint64_t largest = 0;
  for (const AlgorithmChoice& a : algorithms) {
    shape.options = &a.options;
    for (int root = 0; root < shape.ranks; ++root) {
      shape.root = root;
      largest = std::max(largest, algorithm_scratch_bytes(*a.info, shape));
    }
  }
  return largest;
}

}  // namespace

std::uint64_t array_bytes(std::uint64_t elems, std::size_t elem_size) {
  std::uint64_t bytes = 0;
  return __builtin_mul_overflow(elems, static_cast<std::uint64_t>(elem_size), &bytes) ? kMaxBytes
                                                                                      : bytes;
}

void check_kernel_memory(const KernelFootprint& kernel, std::span<const AlgorithmChoice> algorithms,
                         const topology::NodeTopology& nodes) {
  const std::uint64_t mine =
      saturated_add(kernel.array_bytes, largest_scratch(kernel, algorithms, nodes));
  MPI_Comm shared = MPI_COMM_NULL;
  mpi_check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank(), MPI_INFO_NULL,
                                &shared),
            "MPI_Comm_split_type");
  const Comm node(shared);
  // Summed as doubles: exact to 8 PiB, and a sum of saturated ranks cannot wrap to a small one.
  const double mine_d = static_cast<double>(mine);
  double node_sum = 0;
  std::uint64_t node_max = 0;
  mpi_check(MPI_Allreduce(&mine_d, &node_sum, 1, MPI_DOUBLE, MPI_SUM, node.get()), "MPI_Allreduce");
  mpi_check(MPI_Allreduce(&mine, &node_max, 1, MPI_UINT64_T, MPI_MAX, node.get()), "MPI_Allreduce");
  // Ranks read /proc/meminfo at slightly different moments; the node agrees on the least.
  NodeMemory mem = node_memory_available();
  std::uint64_t least = mem.available_bytes;
  mpi_check(MPI_Allreduce(&mem.available_bytes, &least, 1, MPI_UINT64_T, MPI_MIN, node.get()),
            "MPI_Allreduce");
  std::string error;
  if (node_sum > static_cast<double>(least)) {
    const std::uint64_t need = node_sum >= static_cast<double>(kMaxBytes)
                                   ? kMaxBytes
                                   : static_cast<std::uint64_t>(node_sum);
    error = fmt::format(
        "--n {}: the {} of app {} and its {} algorithms' scratch need {} on node {} ({} rank(s) "
        "there, the largest {}), but the node has {} available ({}); choose a smaller --n or "
        "fewer ranks per node",
        kernel.n, kernel.arrays, kernel.kernel, kernel.collective, bytes_text(need),
        processor_name(), node.size(), bytes_text(node_max), bytes_text(least), mem.source);
  }
  agree_on_first_error(MPI_COMM_WORLD, std::move(error));
}

}  // namespace papbench::app
