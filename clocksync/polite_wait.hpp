#pragma once
// Waiting for MPI without burning a core. Runs are often oversubscribed (tests use 8 ranks on 2
// cores): a rank spinning in MPI_Recv while others ping-pong steals the CPU the measurement needs
// and inflates every round trip it is meant to bound.

#include <mpi.h>

#include <cstdint>

namespace papbench::clocksync::detail {

// Tests the request, sleeping briefly between tests, until it completes. Only for waits whose
// latency does not enter a measurement (whose turn it is, results, agreed sample times).
void wait_politely(MPI_Request& request);

void sleep_ns(std::int64_t ns);

}  // namespace papbench::clocksync::detail
