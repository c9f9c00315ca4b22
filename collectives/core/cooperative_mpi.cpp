#include "collectives/core/cooperative_mpi.hpp"

#include "common/mpi_env.hpp"

namespace papbench::coop {
namespace {

// Per thread: the threaded PAT runtime's background thread never runs a fiber. Under SMPI every
// rank is an actor of one host thread, and smpi/privatization (on by default, docs/SIMULATION.md)
// gives each rank its own copy of this variable.
thread_local Yielder* current_yielder = nullptr;

// One look at `requests`, in order: completes (and nulls) the leading ones that are done and
// stops at the first still pending, so a poll costs one MPI_Test while the first is pending, not
// one per request (all must complete anyway; under SMPI each test is a call into the simulator).
// Which of them a look completes moves no simulated time: SMPI, not the rank, moves their data.
bool test_leading(std::span<MPI_Request> requests) {
  for (MPI_Request& r : requests) {
    if (r == MPI_REQUEST_NULL) continue;
    int done = 0;
    mpi_check(MPI_Test(&r, &done, MPI_STATUS_IGNORE), "MPI_Test");
    if (done == 0) return false;
  }
  return true;
}

}  // namespace

Yielder* current() {
  return current_yielder;
}
void set_current(Yielder* y) {
  current_yielder = y;
}

void wait(MPI_Request& request) {
  waitall(std::span<MPI_Request>(&request, 1));
}

void waitall(std::span<MPI_Request> requests) {
  const int n = static_cast<int>(requests.size());
  while (true) {
    Yielder* y = current_yielder;
    if (y == nullptr || y->blocking()) {
      mpi_check(MPI_Waitall(n, requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
      return;
    }
    if (test_leading(requests)) return;
    y->yield();
  }
}

void send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  if (current_yielder == nullptr) {
    mpi_check(MPI_Send(buf, count, type, dest, tag, comm), "MPI_Send");
    return;
  }
  MPI_Request r = MPI_REQUEST_NULL;
  mpi_check(MPI_Isend(buf, count, type, dest, tag, comm, &r), "MPI_Isend");
  wait(r);
}

void recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm) {
  if (current_yielder == nullptr) {
    mpi_check(MPI_Recv(buf, count, type, source, tag, comm, MPI_STATUS_IGNORE), "MPI_Recv");
    return;
  }
  MPI_Request r = MPI_REQUEST_NULL;
  mpi_check(MPI_Irecv(buf, count, type, source, tag, comm, &r), "MPI_Irecv");
  wait(r);
}

}  // namespace papbench::coop
