#pragma once
// The blocking point-to-point calls of the code that a PAT background part runs (block_tree,
// linear_scatter, linear_sync). On a rank's own stack they are MPI's blocking calls, unchanged.
// Inside the polled PAT runtime's fiber (collectives/pat/pat_fiber.hpp: the background part
// without a thread, for SimGrid's SMPI, docs/SIMULATION.md) a call posts its request and hands
// control back to the foreground until the request completes, so that the foreground keeps its
// own schedule (the planned arrival) while the background part waits for its peers.

#include <mpi.h>

#include <span>

namespace papbench::coop {

// What a blocking call does while its request is pending: yield to the foreground, or (the
// foreground has nothing left to do but wait for this part) block in MPI.
class Yielder {
 public:
  virtual bool blocking() const = 0;
  virtual void yield() = 0;

 protected:
  ~Yielder() = default;
};

// The fiber now running on this thread (set by the fiber around each resume); null on a rank's
// own stack and on the threaded runtime's background thread.
Yielder* current();
void set_current(Yielder* y);

void wait(MPI_Request& request);
void waitall(std::span<MPI_Request> requests);
void send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm);
void recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm);

}  // namespace papbench::coop
