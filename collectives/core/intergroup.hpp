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

// "p:q" as typed after --groups (empty: default_groups). Throws UsageError unless both are >= 1
// and p + q == size.
GroupSplit parse_groups(std::string_view text, int size);

// Collective over the intracommunicator `world`: the intercommunicator between its first p ranks
// and its next q. Throws std::invalid_argument unless p, q >= 1 and p + q is world's size.
Comm make_intergroup(MPI_Comm world, int p, int q);

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
