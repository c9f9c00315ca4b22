#pragma once
// Waiting for a message by probing (MPI_Probe), the same on real MPI and under SimGrid's SMPI
// (docs/SIMULATION.md, "Probes: no injected time"). The dynamic leaders' identification messages
// (collectives/core/id_mailbox.hpp) and Patarasuk-Yuan's headers (bcast/patyuan.cpp) are received
// this way: the receiver learns the sender (and the size) only from the message.
//
// Under SMPI (SimGrid 3.32, src/smpi/mpi/smpi_request.cpp) MPI_Probe is a loop of MPI_Iprobe, and
// every MPI_Iprobe sleeps smpi/iprobe of simulated time (default 100 us) times a counter that
// every failed probe of ANY simulated rank raises by one (smpi/grow-injected-times) and a
// successful one resets: a waiting rank saw its message hundreds of microseconds after it had
// arrived, and every rank's MPI_Iprobe that found nothing cost as much ([Parsons2015]'s dynamic
// leader spent 0.9 ms after the last arrival where a message takes 1.4 us). papbench's
// simulated runs therefore pass --cfg=smpi/iprobe:0, and a probe that waits looks again every
// smpi::kPollNs of simulated time, as the waits in node-shared memory do (SpinBackoff): with no
// simulated time between the looks, a probing rank would stop the simulated clock and its
// message would never arrive.

#include <mpi.h>

#include <string_view>

namespace papbench {

// MPI_Probe: blocks until a message matching (source, tag) can be received on comm.
void probe_wait(int source, int tag, MPI_Comm comm, MPI_Status* status);

// Under SMPI with smpi/iprobe or smpi/test above 0: a UsageError (exit 2) naming `algorithm` and
// the options to pass (--cfg=smpi/iprobe:0, --cfg=smpi/test:0), because the MPI_Iprobe and
// MPI_Test calls it makes while it waits would be charged SMPI's injected time. Nothing on real
// MPI. Every rank of a run has the same configuration, so every rank refuses together.
void require_uncharged_polls(std::string_view algorithm);

}  // namespace papbench
