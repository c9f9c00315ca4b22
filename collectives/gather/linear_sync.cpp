#include "collectives/gather/linear_sync.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/block_tree.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/cooperative_mpi.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"

namespace papbench {

std::optional<std::size_t> parse_first_segment(const AlgOptions& resolved) {
  const auto bytes = option_number(resolved, "first-segment");
  if (!bytes) return std::nullopt;
  return static_cast<std::size_t>(*bytes);
}

int ls_first_segment(const Args& a, std::optional<std::size_t> bytes) {
  const RankBlockBytes l(a);
  const std::size_t seg = bytes ? *bytes : (l.bytes > 92160 ? 32768 : 1024);
  const std::size_t extent = std::max<std::size_t>(static_cast<std::size_t>(l.extent), 1);
  return static_cast<int>(std::min<std::size_t>(std::max<std::size_t>(seg / extent, 1),
                                                static_cast<std::size_t>(l.count)));
}

void linear_sync_root(const Args& a, MPI_Comm comm, int tag, std::span<const int> order,
                      int first) {
  const RankBlockBytes l(a);
  const auto first_bytes = static_cast<std::size_t>(first) * static_cast<std::size_t>(l.extent);
  std::vector<MPI_Request> second(order.size(), MPI_REQUEST_NULL);
  char sync = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const int r = order[i];
    std::byte* block = l.at(a.recv, static_cast<std::size_t>(r));
    if (r == a.root) {
      copy_bytes(block, a.send, l.bytes);
      continue;
    }
    MPI_Request req_first = MPI_REQUEST_NULL;
    mpi_check(MPI_Irecv(block, first, a.dtype, r, tag, comm, &req_first), "MPI_Irecv");
    coop::send(&sync, 0, MPI_BYTE, r, tag, comm);
    mpi_check(MPI_Irecv(block + first_bytes, l.count - first, a.dtype, r, tag, comm, &second[i]),
              "MPI_Irecv");
    coop::wait(req_first);
  }
  coop::waitall(second);
}

void linear_sync_leaf(const Args& a, MPI_Comm comm, int tag, int first) {
  const RankBlockBytes l(a);
  const auto first_bytes = static_cast<std::size_t>(first) * static_cast<std::size_t>(l.extent);
  char sync = 0;
  mpi_check(MPI_Recv(&sync, 0, MPI_BYTE, a.root, tag, comm, MPI_STATUS_IGNORE), "MPI_Recv");
  const auto* block = static_cast<const std::byte*>(a.send);
  mpi_check(MPI_Send(block, first, a.dtype, a.root, tag, comm), "MPI_Send");
  mpi_check(MPI_Send(block + first_bytes, l.count - first, a.dtype, a.root, tag, comm), "MPI_Send");
}

}  // namespace papbench
