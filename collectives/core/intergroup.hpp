#pragma once
// Intercommunicators for the intergroup collectives ([Kang2019]): group A is the first p ranks of
// a communicator, group B the next q, as in the paper's artifact. MPI has no user-level call
// that returns an intercommunicator's local group as a communicator, so one is derived here.
//
// Two forms of "the two groups" (IntergroupForm): an MPI intercommunicator, what the papers ran
// on and what real MPI gets; or, where the MPI has no intercommunicators (SimGrid's SMPI 3.32
// declares MPI_Intercomm_create but aborts in it), an intracommunicator spanning both groups
// that carries their placement as an attribute. papbench's own intergroup algorithms run on
// either: their intragroup steps on intergroup_local_comm, their messages to the other group
// through RemoteGroup, which on an intercommunicator is that communicator with its own remote
// ranks (the same calls as ever) and on the spanning form translates a remote rank to its rank
// there. The library's intercommunicator collectives (native) need the real one.

#include <mpi.h>

#include <string_view>
#include <vector>

#include "common/mpi_env.hpp"
#include "common/smpi_platform.hpp"

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

// kIntercomm: an MPI intercommunicator. kSpanning: a duplicate of the intracommunicator the
// groups were placed on, with the placement attached (no intercommunicator is made). The SMPI
// build's default is kSpanning (it has no intercommunicators), every other build's kIntercomm;
// the tests run both on real MPI.
enum class IntergroupForm { kIntercomm, kSpanning };
inline constexpr IntergroupForm kDefaultIntergroupForm =
    smpi::kSimulated ? IntergroupForm::kSpanning : IntergroupForm::kIntercomm;
std::string_view intergroup_form_name(IntergroupForm form);

// Collective over the intracommunicator `world`: the two groups, A (p ranks) and B (q ranks),
// placed over world's ranks as `placement` says, in the given form. Throws std::invalid_argument
// unless p, q >= 1 and p + q is world's size.
Comm make_intergroup(MPI_Comm world, int p, int q, Placement placement = Placement::kBlock,
                     IntergroupForm form = kDefaultIntergroupForm);

// Whether `comm` is make_intergroup's kSpanning form (an intracommunicator with the groups'
// placement attached). Local.
bool is_spanning_intergroup(MPI_Comm comm);

// Whether `comm` is either form of two groups. Local.
bool is_intergroup(MPI_Comm comm);

// Throws std::invalid_argument naming `who` unless `comm` is an MPI intercommunicator (the
// library's own intercommunicator collectives cannot run on the spanning form).
void require_intercommunicator(MPI_Comm comm, std::string_view who);

// Where this rank's group sits in the concatenation "A then B", so data can be labelled by a
// rank index that is unique across both groups. A is the group whose rank 0 has the lower rank in
// MPI_COMM_WORLD (for make_intergroup(MPI_COMM_WORLD, ...) that index is the world rank). Local:
// no communication. When a group is not part of MPI_COMM_WORLD (spawned processes) both offsets
// are 0 and in_a is true on both sides.
struct IntergroupLayout {
  int local_rank = 0;  // this rank's rank in its own group
  int local_size = 0;
  int remote_size = 0;
  int local_offset = 0;   // index of local rank 0
  int remote_offset = 0;  // index of remote rank 0
  bool in_a = true;
};
// Either form (the spanning one's A is the group of its rank 0).
IntergroupLayout intergroup_layout(MPI_Comm inter);

// Collective over either form: an intracommunicator of this rank's own group, ranks in the same
// order as in `inter` (intergroup algorithms run intragroup steps on it).
Comm intergroup_local_comm(MPI_Comm inter);

// The other group as point-to-point peers, for the intergroup algorithms' messages across the
// groups: comm() and peer(x), the rank there of the other group's rank x. Made from an
// intercommunicator it is a duplicate of it and peer(x) is x, so the algorithm makes the calls
// it always made; from the spanning form, a duplicate of that intracommunicator and peer(x) the
// spanning rank of remote rank x. MPI_PROC_NULL stays MPI_PROC_NULL.
class RemoteGroup {
 public:
  RemoteGroup() = default;
  explicit RemoteGroup(MPI_Comm inter);  // collective over either form (a duplicate)
  MPI_Comm comm() const { return comm_.get(); }
  int peer(int remote_rank) const {
    if (ranks_.empty() || remote_rank == MPI_PROC_NULL) return remote_rank;
    return ranks_.at(static_cast<std::size_t>(remote_rank));
  }

 private:
  Comm comm_;
  std::vector<int> ranks_;  // spanning form: remote rank -> rank in comm_; empty: identity
};

}  // namespace papbench
