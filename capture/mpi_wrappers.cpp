// The PMPI interposition: MPI_Init/MPI_Init_thread start the capture, MPI_Finalize writes it, and
// each blocking collective papbench knows is timed by two raw clock reads around its PMPI_*
// call. What a call records (its CallShape: communicator, root, count, type, op) is worked out
// after the call returns, outside the arrival-to-exit window, by the rules of call_shapes.hpp,
// which the Fortran entry points (fortran_wrappers.cpp) share.

#include <mpi.h>

#include <cstdint>

#include "capture/call_shapes.hpp"
#include "capture/capture_session.hpp"
#include "clocksync/global_clock.hpp"

namespace {

namespace shapes = papbench::capture::shapes;
using Collective = papbench::capture::Collective;

// Runs `call`; while recording, also the clock reads and, after the call, record(shape()).
template <class Call, class Shape>
int captured(Call&& call, Shape&& shape) {
  if (!papbench::capture::recording()) return call();
  const std::int64_t arrival = papbench::clocksync::raw_now_ns();
  const int rc = call();
  const std::int64_t exit = papbench::clocksync::raw_now_ns();
  if (rc == MPI_SUCCESS) papbench::capture::record_call(shape(), arrival, exit);
  return rc;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) int MPI_Init(int* argc, char*** argv) {
  const int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS) papbench::capture::start_capture();
  return rc;
}

__attribute__((visibility("default"))) int MPI_Init_thread(int* argc, char*** argv, int required,
                                                           int* provided) {
  const int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) papbench::capture::start_capture();
  return rc;
}

__attribute__((visibility("default"))) int MPI_Finalize() {
  papbench::capture::finish_capture();
  return PMPI_Finalize();
}

__attribute__((visibility("default"))) int MPI_Comm_free(MPI_Comm* comm) {
  if (comm != nullptr && !papbench::capture::InternalCalls::active()) {
    papbench::capture::forget_comm(*comm);
  }
  return PMPI_Comm_free(comm);
}

// One row per collective: its name after MPI_, its parameters, the arguments passed on to
// PMPI_, and what it records (call_shapes.hpp; `site` is the caller's return address).
#define PAPBENCH_C_WRAPPER(NAME, PARAMS, ARGS, SHAPE)                         \
  __attribute__((visibility("default"))) int MPI_##NAME PARAMS {              \
    const void* site = __builtin_return_address(0);                           \
    return captured([&] { return PMPI_##NAME ARGS; }, [&] { return SHAPE; }); \
  }

PAPBENCH_C_WRAPPER(Barrier, (MPI_Comm comm), (comm), shapes::barrier(comm, site))
PAPBENCH_C_WRAPPER(Bcast, (void* buffer, int count, MPI_Datatype dt, int root, MPI_Comm comm),
                   (buffer, count, dt, root, comm), shapes::bcast(count, dt, root, comm, site))
PAPBENCH_C_WRAPPER(Reduce,
                   (const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op, int root,
                    MPI_Comm comm),
                   (sb, rb, count, dt, op, root, comm),
                   shapes::reduction(Collective::kReduce, count, dt, op, root, comm, site))
PAPBENCH_C_WRAPPER(Allreduce,
                   (const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm),
                   (sb, rb, count, dt, op, comm),
                   shapes::reduction(Collective::kAllreduce, count, dt, op, -1, comm, site))
PAPBENCH_C_WRAPPER(Scatter,
                   (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount,
                    MPI_Datatype rtype, int root, MPI_Comm comm),
                   (sb, scount, stype, rb, rcount, rtype, root, comm),
                   shapes::rooted(Collective::kScatter, scount, stype, rcount, rtype, root, comm,
                                  site))
PAPBENCH_C_WRAPPER(Gather,
                   (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount,
                    MPI_Datatype rtype, int root, MPI_Comm comm),
                   (sb, scount, stype, rb, rcount, rtype, root, comm),
                   shapes::rooted(Collective::kGather, scount, stype, rcount, rtype, root, comm,
                                  site))
PAPBENCH_C_WRAPPER(Allgather,
                   (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount,
                    MPI_Datatype rtype, MPI_Comm comm),
                   (sb, scount, stype, rb, rcount, rtype, comm),
                   shapes::even_blocks(Collective::kAllgather, rcount, rtype, comm, site))
PAPBENCH_C_WRAPPER(Allgatherv,
                   (const void* sb, int scount, MPI_Datatype stype, void* rb, const int rcounts[],
                    const int displs[], MPI_Datatype rtype, MPI_Comm comm),
                   (sb, scount, stype, rb, rcounts, displs, rtype, comm),
                   shapes::own_block(Collective::kAllgatherv, rcounts, rtype, MPI_OP_NULL, comm,
                                     site))
PAPBENCH_C_WRAPPER(Alltoall,
                   (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount,
                    MPI_Datatype rtype, MPI_Comm comm),
                   (sb, scount, stype, rb, rcount, rtype, comm),
                   shapes::even_blocks(Collective::kAlltoall, rcount, rtype, comm, site))
PAPBENCH_C_WRAPPER(Alltoallv,
                   (const void* sb, const int scounts[], const int sdispls[], MPI_Datatype stype,
                    void* rb, const int rcounts[], const int rdispls[], MPI_Datatype rtype,
                    MPI_Comm comm),
                   (sb, scounts, sdispls, stype, rb, rcounts, rdispls, rtype, comm),
                   shapes::mean_block(Collective::kAlltoallv, rcounts, rtype, comm, site))
PAPBENCH_C_WRAPPER(Reduce_scatter,
                   (const void* sb, void* rb, const int rcounts[], MPI_Datatype dt, MPI_Op op,
                    MPI_Comm comm),
                   (sb, rb, rcounts, dt, op, comm),
                   shapes::own_block(Collective::kReduceScatter, rcounts, dt, op, comm, site))
PAPBENCH_C_WRAPPER(Reduce_scatter_block,
                   (const void* sb, void* rb, int rcount, MPI_Datatype dt, MPI_Op op,
                    MPI_Comm comm),
                   (sb, rb, rcount, dt, op, comm),
                   shapes::reduction(Collective::kReduceScatterBlock, rcount, dt, op, -1, comm,
                                     site))

}  // extern "C"
