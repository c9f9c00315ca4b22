#include "collectives/scatter/linear_scatter.hpp"

#include <cstring>

#include "collectives/core/block_tree.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/cooperative_mpi.hpp"
#include "common/mpi_env.hpp"

namespace papbench {

void linear_scatter_root(const Args& a, MPI_Comm comm, int tag, std::span<const int> order) {
  const RankBlockBytes l(a);
  for (const int r : order) {
    const std::byte* block = l.at(a.send, static_cast<std::size_t>(r));
    if (r == a.root) {
      copy_bytes(a.recv, block, l.bytes);
    } else {
      mpi_check(MPI_Send(block, l.count, a.dtype, r, tag, comm), "MPI_Send");
    }
  }
}

void linear_scatter_receive(const Args& a, MPI_Comm comm, int tag) {
  const int n = count_as_int(a.count, "scatter count");
  coop::recv(a.recv, n, a.dtype, a.root, tag, comm);
}

}  // namespace papbench
