#pragma once
// Intercommunicators for the intergroup collectives ([Kang2019]): group A is the first p ranks of
// a communicator, group B the next q, as in the paper's artifact. MPI has no user-level call
// that returns an intercommunicator's local group as a communicator, so one is derived here.

#include <mpi.h>

#include <string_view>

#include "common/mpi_env.hpp"

namespace papbench {

struct GroupSplit {
  int p = 0;  // size of group A (ranks 0 .. p-1)
  int q = 0;  // size of group B (ranks p .. p+q-1)
};

// Half/half; an odd size gives A the extra rank, since the paper takes q <= p.
GroupSplit default_groups(int size);

// How the two groups lie over the ranks (--placement): block puts A on the first p ranks and B on
// the next q (the paper's artifact); interleaved spreads B's q ranks evenly among A's (rank r is
// in B when floor((r + 1) q / (p + q)) > floor(r q / (p + q)), so p = q alternates A, B, ...;
// rank 0 is always in A), which puts both groups on every node. Members keep their order.
enum class Placement { kBlock, kInterleaved };
std::string_view placement_name(Placement placement);
Placement parse_placement(std::string_view text);  // UsageError naming --placement otherwise
bool in_group_a(int rank, int p, int q, Placement placement);

// Collective over the intracommunicator `world`: the intercommunicator between group A (p ranks)
// and group B (q ranks), placed over world's ranks as `placement` says. Throws
// std::invalid_argument unless p, q >= 1 and p + q is world's size.
Comm make_intergroup(MPI_Comm world, int p, int q, Placement placement = Placement::kBlock);

// Where this rank's group sits in the concatenation "A then B", so data can be labelled by a
// rank index that is unique across both groups. A is the group whose rank 0 has the lower rank in
// MPI_COMM_WORLD (for make_intergroup(MPI_COMM_WORLD, ...) that index is the world rank). Local:
// no communication. When a group is not part of MPI_COMM_WORLD (spawned processes) both offsets
// are 0 and in_a is true on both sides.
struct IntergroupLayout {
  int local_size = 0;
  int remote_size = 0;
  int local_offset = 0;   // index of local rank 0
  int remote_offset = 0;  // index of remote rank 0
  bool in_a = true;
};
IntergroupLayout intergroup_layout(MPI_Comm inter);

// Collective over the intercommunicator: an intracommunicator of this rank's own group, ranks in
// the same order as in `inter` (intergroup algorithms run intragroup steps on it).
Comm intergroup_local_comm(MPI_Comm inter);

}  // namespace papbench
