#pragma once
// The memory check of the app kernels, whose arrays grow with --n (papbench app floyd, matvec, ft):
// the main run's rule (bench/run/buffer_memory.hpp) for what a kernel holds, its own arrays and the
// largest scratch of its algorithms (their registry rows, collectives/core/scratch.hpp; one
// algorithm lives at a time), on all ranks of a node together against the node's available
// memory. Without it a large --n died of bad_alloc or an MPI abort, exit 1 (issue 47).

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "bench/app/app_kernel.hpp"
#include "topology/node_topology.hpp"

namespace papbench::app {

struct KernelFootprint {
  std::string_view kernel{};      // "floyd"
  std::string_view arrays{};      // what its arrays are, for the message: "distance rows"
  std::string_view collective{};  // of its algorithms
  long long n = 0;                // --n
  std::uint64_t array_bytes = 0;  // this rank's arrays (saturated, never wrapped)
  std::uint64_t count = 0;        // elements per collective call
  std::size_t elem_size = 1;
};

// This rank's arrays: `elems` elements of `elem_size` bytes, saturated at UINT64_MAX.
std::uint64_t array_bytes(std::uint64_t elems, std::size_t elem_size);

// Collective over MPI_COMM_WORLD: throws the same UsageError on every rank, naming --n, the bytes
// needed and the bytes available, when a node's ranks together need more than the node has.
void check_kernel_memory(const KernelFootprint& kernel, std::span<const AlgorithmChoice> algorithms,
                         const topology::NodeTopology& nodes);

}  // namespace papbench::app
