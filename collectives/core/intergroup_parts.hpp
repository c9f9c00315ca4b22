#pragma once
// What the intergroup algorithms of [Kang2019] share: cutting a block into balanced pieces, the
// contiguous subgroups of the larger group (§4, "p mod q != 0"), and the communicators an
// algorithm makes outside the timed region. All index math is 64-bit; a value reaches MPI only
// through count_as_int, so an overflow is refused, never wrapped.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/intergroup.hpp"
#include "common/mpi_env.hpp"

namespace papbench::intergroup {

// Piece t of k elements cut into g balanced pieces: the first k mod g pieces are one longer
// ([Kang2019] artifact's send_map rule; pieces are empty when k < g).
struct Piece {
  std::int64_t offset = 0;
  std::int64_t size = 0;
};
Piece piece(std::int64_t k, std::int64_t g, std::int64_t t);
// The piece holding element x (0 <= x < k) of k elements cut into g pieces.
std::int64_t piece_of(std::int64_t k, std::int64_t g, std::int64_t x);

// The larger group (size big) cut into `small` contiguous subgroups s_0..s_{small-1}, the first
// big mod small of them one longer ([Kang2019] §4, Fig. 2): s_j is served by rank j of the
// smaller group.
struct Subgroups {
  std::int64_t big = 0, small = 0;
  std::int64_t size(std::int64_t j) const { return piece(big, small, j).size; }
  std::int64_t start(std::int64_t j) const { return piece(big, small, j).offset; }
  std::int64_t owner(std::int64_t l) const { return piece_of(big, small, l); }  // j with l in s_j
};

// The other group as point-to-point peers (RemoteGroup: a duplicate of the intercommunicator, or
// of the spanning form with the remote ranks translated) and the rank's group as an
// intracommunicator (standard MPI has no call that returns it; intergroup_local_comm derives it),
// made in prepare(). Every message to the other group goes to remote.comm() and remote.peer(x).
struct Comms {
  RemoteGroup remote;
  Comm local;
  int local_size = 0, remote_size = 0, rank = 0;  // rank: in the own group
  bool in_a = true;  // the group whose leader has the lower world rank ([Kang2019]'s A)
  static Comms make(MPI_Comm inter);
};

int as_count(std::int64_t n);  // count_as_int for a non-negative 64-bit value

// counts/displs as MPI's ints from 64-bit values.
void to_ints(std::span<const std::int64_t> in, std::vector<int>& out);

// Root gathering's second half ([Kang2019] §3.1): each group has gathered its data at its rank 0
// (`gathered`, `out` elements there); the two roots swap it into `into` (`in` elements) and each
// group broadcasts `into` from its root: a binomial tree on point-to-point (`p2p`, the log p
// startups of Eqs. (1) and (2); intergroup_root_p2p.hpp) or the library's MPI_Bcast.
//   kConcurrent (Eq. 1): one MPI_Sendrecv between the roots, both broadcasts at once;
//   kSequential (Eq. 2, MPICH's order of its two intercommunicator broadcasts): A's data to B's
//   root and B's broadcast first, only then B's data to A's root.
enum class RootExchange { kConcurrent, kSequential };
void swap_and_broadcast(const Comms& c, RootExchange how, const void* gathered, int out, void* into,
                        int in, MPI_Datatype dtype, bool p2p);

// True when displs are the prefix sums of counts (the remote blocks lie back to back in rank
// order), so an algorithm can receive straight into the user's buffer.
bool back_to_back(std::span<const int> counts, std::span<const int> displs);

// Copies block y of a back-to-back buffer to recv + displs[y] (user displacements that are not
// prefix sums; [Kang2019]-style algorithms need the blocks contiguous in rank order).
void scatter_blocks(const void* packed, void* recv, std::span<const int> counts,
                    std::span<const int> displs, std::size_t extent);

}  // namespace papbench::intergroup
