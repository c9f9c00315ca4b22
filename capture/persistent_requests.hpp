#pragma once
// Persistent collectives (issue 46 item 3: "persistent collectives where the library has them"):
// MPI-4's MPI_<Collective>_init (MPICH 4.0.2) or Open MPI 4.1.4's MPIX_<Collective>_init
// (mpi-ext.h). The init call only remembers the call's shape under its request; each MPI_Start
// or MPI_Startall of that request posts it as a nonblocking collective is posted
// (capture_session.hpp post_call), and the wait or test that completes it records it the same
// way. A completed persistent request keeps its handle (it only becomes inactive), so its
// completion is read with MPI_Request_get_status instead of from the handle.

#include <mpi.h>

#include <cstdint>

#include "capture/capture_session.hpp"

namespace papbench::capture {

// MPI_<Collective>_init returned `request` for a call of `shape`.
void persistent_init(const CallShape& shape, MPI_Request request);
// Whether any persistent collective is remembered: MPI_Start needs no clock reads otherwise.
bool persistent_known();
// MPI_Start of `request`, from arrival to post return (raw clock): a post of its collective
// when it is a persistent collective.
void persistent_started(MPI_Request request, std::int64_t arrival_raw,
                        std::int64_t post_return_raw);
// After a wait or test that left `request`'s handle as it was: whether it is a started
// persistent collective that is now complete (inactive, or complete and not yet waited for:
// MPI_Waitany and MPI_Testany return one of several, and then the others' completion is dated
// by the same call).
bool persistent_completed(MPI_Request request);
// MPI_Request_free: the handle may name another request later.
void forget_persistent(MPI_Request request);

}  // namespace papbench::capture
