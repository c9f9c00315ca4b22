#include "collectives/core/intergroup_parts.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "collectives/core/buffers.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/intergroup_root_p2p.hpp"

namespace papbench::intergroup {

Piece piece(std::int64_t k, std::int64_t g, std::int64_t t) {
  const std::int64_t base = k / g, rem = k % g;
  return {t * base + std::min(t, rem), base + (t < rem ? 1 : 0)};
}

std::int64_t piece_of(std::int64_t k, std::int64_t g, std::int64_t x) {
  const std::int64_t base = k / g, rem = k % g;
  // The first rem pieces hold base + 1 elements each; base is 0 when k < g, and then only
  // those exist for any x < k.
  if (x < rem * (base + 1)) return x / (base + 1);
  return rem + (x - rem * (base + 1)) / base;
}

Comms Comms::make(MPI_Comm inter) {
  Comms c;
  c.remote = RemoteGroup(inter);
  c.local = intergroup_local_comm(inter);
  const IntergroupLayout l = intergroup_layout(inter);
  c.local_size = l.local_size;
  c.remote_size = l.remote_size;
  c.rank = l.local_rank;
  c.in_a = l.in_a;
  return c;
}

int as_count(std::int64_t n) {
  if (n < 0) throw std::logic_error("negative element count");
  return count_as_int(static_cast<std::size_t>(n), "intergroup count or displacement");
}

void to_ints(std::span<const std::int64_t> in, std::vector<int>& out) {
  out.resize(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = as_count(in[i]);
}

bool back_to_back(std::span<const int> counts, std::span<const int> displs) {
  std::int64_t at_ = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (displs[i] != at_) return false;
    at_ += counts[i];
  }
  return true;
}

void scatter_blocks(const void* packed, void* recv, std::span<const int> counts,
                    std::span<const int> displs, std::size_t extent) {
  std::int64_t from = 0;
  for (std::size_t y = 0; y < counts.size(); ++y) {
    if (counts[y] > 0) {
      copy_bytes(at(recv, displs[y], extent), at(packed, from, extent),
                 static_cast<std::size_t>(counts[y]) * extent);
    }
    from += counts[y];
  }
}

void swap_and_broadcast(const Comms& c, RootExchange how, const void* gathered, int out, void* into,
                        int in, MPI_Datatype dtype, bool p2p) {
  const bool root = c.rank == 0;
  // The other root: rank 0 of the remote group. Its sends and receives are the messages of
  // MPICH's intercommunicator broadcast (MPIR_Bcast_inter_remote_send_local_bcast: the root
  // sends to remote rank 0, which broadcasts in its group), which
  // MPIR_Allgather_inter_local_gather_remote_bcast calls twice, the low group's first.
  const int other_root = c.remote.peer(0);
  auto send = [&] {
    mpi_check(MPI_Send(gathered, out, dtype, other_root, 0, c.remote.comm()), "MPI_Send (roots)");
  };
  auto recv = [&] {
    mpi_check(MPI_Recv(into, in, dtype, other_root, 0, c.remote.comm(), MPI_STATUS_IGNORE),
              "MPI_Recv (roots)");
  };
  auto broadcast = [&] {
    if (p2p) {
      binomial_bcast(c.local.get(), into, in, dtype);
      return;
    }
    mpi_check(MPI_Bcast(into, in, dtype, 0, c.local.get()), "MPI_Bcast (local group)");
  };
  if (how == RootExchange::kConcurrent) {
    if (root) {
      mpi_check(MPI_Sendrecv(gathered, out, dtype, other_root, 0, into, in, dtype, other_root, 0,
                             c.remote.comm(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv (roots)");
    }
    broadcast();
  } else if (c.in_a) {
    if (root) {
      send();
      recv();
    }
    broadcast();
  } else {
    if (root) recv();
    broadcast();
    // B's data goes out only when A's broadcast in B has finished at B's root.
    if (root) send();
  }
}

}  // namespace papbench::intergroup
