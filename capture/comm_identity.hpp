#pragma once
// A communicator's identity that every member computes alike without communicating (the wrapper
// must send no message of its own inside the application): "world" for MPI_COMM_WORLD, else a
// hash of the members' world ranks and how many communicators of the same members this rank
// used before (communicators of one group are first used in the same order on all members,
// since blocking collectives on them are ordered alike).

#include <mpi.h>

#include <span>
#include <string>
#include <vector>

#include "capture/call_log.hpp"

namespace papbench::capture {

struct CommIdentity {
  std::string identity;
  std::vector<int> world_ranks;  // per communicator rank; empty: an intercommunicator (skipped)
};

CommIdentity identify_comm(MPI_Comm comm, const CallLog& log);
// The part without MPI: "c<hash of members>#<earlier communicators with these members>".
std::string comm_identity_text(std::span<const int> world_ranks, int earlier_same_members);

}  // namespace papbench::capture
