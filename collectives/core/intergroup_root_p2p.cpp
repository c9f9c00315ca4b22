#include "collectives/core/intergroup_root_p2p.hpp"

#include <algorithm>
#include <cstring>

#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench::intergroup {

namespace {

constexpr int kIntergroupGatherTag = 81;
constexpr int kIntergroupBcastTag = 82;
constexpr int kIntergroupRingTag = 83;

}  // namespace

void binomial_gather(MPI_Comm local, const void* mine, int n, void* scratch, MPI_Datatype t) {
  const int size = comm_size(local), r = comm_rank(local);
  const std::size_t ext = extent_of(t);
  if (n > 0)
    copy_bytes(at(scratch, std::size_t(r) * std::size_t(n), ext), mine, std::size_t(n) * ext);
  // Rank r collects the blocks r .. r + mask - 1 (fewer at the end), then hands them down.
  for (int mask = 1; mask < size; mask <<= 1) {
    if ((r & mask) != 0) {
      const int blocks = std::min(mask, size - r);
      mpi_check(MPI_Send(at(scratch, std::size_t(r) * std::size_t(n), ext), blocks * n, t, r - mask,
                         kIntergroupGatherTag, local),
                "MPI_Send (binomial gather)");
      return;
    }
    if (r + mask < size) {
      const int blocks = std::min(mask, size - r - mask);
      mpi_check(MPI_Recv(at(scratch, std::size_t(r + mask) * std::size_t(n), ext), blocks * n, t,
                         r + mask, kIntergroupGatherTag, local, MPI_STATUS_IGNORE),
                "MPI_Recv (binomial gather)");
    }
  }
}

void binomial_bcast(MPI_Comm local, void* buf, int n, MPI_Datatype t) {
  const int size = comm_size(local), r = comm_rank(local);
  int mask = 1;
  // Receive from the parent: r without its lowest set bit (MPICH's MPIR_Bcast_binomial).
  for (; mask < size; mask <<= 1) {
    if ((r & mask) != 0) {
      mpi_check(MPI_Recv(buf, n, t, r - mask, kIntergroupBcastTag, local, MPI_STATUS_IGNORE),
                "MPI_Recv (binomial bcast)");
      break;
    }
  }
  for (mask >>= 1; mask > 0; mask >>= 1) {
    if (r + mask < size) {
      mpi_check(MPI_Send(buf, n, t, r + mask, kIntergroupBcastTag, local),
                "MPI_Send (binomial bcast)");
    }
  }
}

std::int64_t ring_gatherv(MPI_Comm local, const void* mine, int n, void* gathered, void* scratch,
                          MPI_Datatype t) {
  const int size = comm_size(local), r = comm_rank(local);
  const std::size_t ext = extent_of(t);
  // A block of unknown length from the next rank: its size from the envelope.
  const auto receive = [&](void* into) {
    MPI_Status st;
    mpi_check(MPI_Probe(r + 1, kIntergroupRingTag, local, &st), "MPI_Probe (ring gather)");
    int c = 0;
    mpi_check(MPI_Get_count(&st, t, &c), "MPI_Get_count");
    mpi_check(MPI_Recv(into, c, t, r + 1, kIntergroupRingTag, local, MPI_STATUS_IGNORE),
              "MPI_Recv (ring gather)");
    return c;
  };
  if (r == 0) {
    if (n > 0) copy_bytes(gathered, mine, std::size_t(n) * ext);
    std::int64_t total = n;
    for (int from = 1; from < size; ++from) total += receive(at(gathered, std::size_t(total), ext));
    return total;
  }
  mpi_check(MPI_Send(mine, n, t, r - 1, kIntergroupRingTag, local), "MPI_Send (ring gather)");
  for (int from = r + 1; from < size; ++from) {
    const int c = receive(scratch);
    mpi_check(MPI_Send(scratch, c, t, r - 1, kIntergroupRingTag, local), "MPI_Send (ring gather)");
  }
  return 0;
}

}  // namespace papbench::intergroup
