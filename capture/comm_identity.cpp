#include "capture/comm_identity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>

namespace papbench::capture {
namespace {

int world_size_now() {
  int size = 0;
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

}  // namespace

std::string comm_identity_text(std::span<const int> world_ranks, int earlier_same_members) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the ranks in communicator order
  for (const int r : world_ranks) {
    h ^= static_cast<std::uint32_t>(r);
    h *= 1099511628211ULL;
  }
  return fmt::format("c{:08x}#{}", h & 0xffffffffU, earlier_same_members);
}

CommIdentity identify_comm(MPI_Comm comm, const CallLog& log) {
  if (comm == MPI_COMM_WORLD) {
    std::vector<int> all(static_cast<std::size_t>(world_size_now()));
    std::iota(all.begin(), all.end(), 0);
    return {"world", std::move(all)};
  }
  int inter = 0;
  if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS) {
    throw std::runtime_error("MPI_Comm_test_inter failed on an application communicator");
  }
  if (inter != 0) return {"inter", {}};
  MPI_Group group = MPI_GROUP_NULL, world = MPI_GROUP_NULL;
  int size = 0;
  PMPI_Comm_group(comm, &group);
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  PMPI_Group_size(group, &size);
  std::vector<int> local(static_cast<std::size_t>(size)), ranks(local.size());
  std::iota(local.begin(), local.end(), 0);
  PMPI_Group_translate_ranks(group, size, local.data(), world, ranks.data());
  PMPI_Group_free(&group);
  PMPI_Group_free(&world);
  int earlier = 0;
  for (std::uint32_t c = 0; c < log.comms(); ++c) {
    if (log.comm_identity(c) != "world" && log.comm_members(c) == ranks) ++earlier;
  }
  return {comm_identity_text(ranks, earlier), std::move(ranks)};
}

}  // namespace papbench::capture
