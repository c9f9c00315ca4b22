#pragma once
// The point-to-point sends an MPI library makes, seen below it: both libraries installed here send
// through UCX (MPICH 4.0.2 is built ch4:ucx; Open MPI 4.1.4 with pml ucx, which send_trace_setup
// asks for before MPI_Init), so a program that defines ucp_tag_send_nbx and
// ucp_tag_send_sync_nbx itself (and exports them: ENABLE_EXPORTS) sees every message of a
// collective, the library's internal ones included, and passes it on to libucp. The destination
// is the UCX endpoint, which calibrate() maps to a world rank.

#include <cstddef>
#include <map>
#include <string>

namespace papbench::send_trace {

// Before MPI_Init: Open MPI's UCX pml, on every transport (its default leaves out shared memory).
// A user's own setting wins. Nothing for MPICH, whose ch4:ucx device always sends through UCX.
void setup_environment();

// After MPI_Init, on every rank of MPI_COMM_WORLD: one message to every other rank, so that each
// endpoint is known by its rank. False when no send went through UCX (another transport).
bool calibrate();

struct PerPeer {
  int messages = 0;
  std::size_t units = 0;  // UCX counts: bytes for the uint8 buffers the tests use
  bool operator==(const PerPeer&) const = default;
};

// Recording between start() and stop(); what this rank sent, by world rank (-1: an endpoint that
// calibrate() never met).
void start();
std::map<int, PerPeer> stop();

}  // namespace papbench::send_trace
