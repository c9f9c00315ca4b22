// The Fortran entry points of the same collectives. Open MPI's Fortran bindings (mpif.h,
// `use mpi` and `use mpi_f08` alike) call PMPI_* directly, past the C wrappers of
// mpi_wrappers.cpp, so without these a Fortran application under Open MPI would record nothing.
// Each wrapper times the library's own Fortran function, found with dlsym(RTLD_NEXT) under the
// name the application called, and records the call with the handles converted by MPI_*_f2c.
// Under MPICH the Fortran binding calls the C MPI_* function, whose wrapper must then not record
// the call a second time: the real function runs as an internal call.
//
// Names: gfortran's mpi_x_, the other manglings (mpi_x__, mpi_x, MPI_X) and Open MPI's
// ompi_x_f with its aliases MPI_X_f and MPI_X_f08 (what its mpi_f08 module calls).

#include <dlfcn.h>
#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "capture/call_shapes.hpp"
#include "capture/capture_session.hpp"
#include "clocksync/global_clock.hpp"

namespace {

namespace shapes = papbench::capture::shapes;
using Collective = papbench::capture::Collective;

template <class Fn>
Fn fortran_next(const char* name) {
  void* sym = dlsym(RTLD_NEXT, name);
  if (sym == nullptr) {
    // The application called this name, so the MPI library defines it; not finding it means a
    // broken preload order, which no fallback can repair.
    std::fprintf(stderr, "papbench-capture: %s not found after the capture library\n", name);
    std::abort();
  }
  return reinterpret_cast<Fn>(sym);
}

// Runs the library's Fortran function (as an internal call: MPICH's calls MPI_*); while
// recording, also the clock reads around it and, after it, record(shape()).
template <class Call, class Shape>
void fortran_captured(Call&& call, const MPI_Fint* ierr, Shape&& shape) {
  if (!papbench::capture::recording()) {
    const papbench::capture::InternalCalls inner;
    call();
    return;
  }
  std::int64_t arrival = 0, exit = 0;
  {
    const papbench::capture::InternalCalls inner;
    arrival = papbench::clocksync::raw_now_ns();
    call();
    exit = papbench::clocksync::raw_now_ns();
  }
  if (ierr == nullptr || *ierr == MPI_SUCCESS)
    papbench::capture::record_call(shape(), arrival, exit);
}

}  // namespace

using F = MPI_Fint;

// One wrapper per Fortran name: NAME is the symbol, ARGS its parameters, CALL_ARGS their names,
// SHAPE the CallShape expression (site and the converted handles in scope).
#define PAPBENCH_FORTRAN_WRAPPER(NAME, ARGS, CALL_ARGS, SHAPE)              \
  extern "C" __attribute__((visibility("default"))) void NAME ARGS {        \
    using Fn = void(*) ARGS;                                                \
    static const Fn real = fortran_next<Fn>(#NAME);                         \
    const void* site = __builtin_return_address(0);                         \
    fortran_captured([&] { real CALL_ARGS; }, ierr, [&] { return SHAPE; }); \
  }

#define PAPBENCH_FORTRAN_NAMES(WRAP, lower, upper, mixed) \
  WRAP(lower##_)                                          \
  WRAP(lower##__)                                         \
  WRAP(lower)                                             \
  WRAP(upper)                                             \
  WRAP(o##lower##_f)                                      \
  WRAP(mixed##_f)                                         \
  WRAP(mixed##_f08)

// One row per collective, as in mpi_wrappers.cpp, with the handles converted (MPI_*_f2c) for the
// shared rules of call_shapes.hpp.
#define PAPBENCH_F_COMM MPI_Comm_f2c(*comm)
#define BARRIER_W(NAME)                                              \
  PAPBENCH_FORTRAN_WRAPPER(NAME, (F * comm, F * ierr), (comm, ierr), \
                           shapes::barrier(PAPBENCH_F_COMM, site))
#define BCAST_W(NAME)                                                                     \
  PAPBENCH_FORTRAN_WRAPPER(NAME, (void* buf, F* count, F* dt, F* root, F* comm, F* ierr), \
                           (buf, count, dt, root, comm, ierr),                            \
                           shapes::bcast(*count, MPI_Type_f2c(*dt), *root, PAPBENCH_F_COMM, site))
#define REDUCE_W(NAME)                                                                          \
  PAPBENCH_FORTRAN_WRAPPER(                                                                     \
      NAME, (void* sb, void* rb, F* count, F* dt, F* op, F* root, F* comm, F* ierr),            \
      (sb, rb, count, dt, op, root, comm, ierr),                                                \
      shapes::reduction(Collective::kReduce, *count, MPI_Type_f2c(*dt), MPI_Op_f2c(*op), *root, \
                        PAPBENCH_F_COMM, site))
#define ALLREDUCE_W(NAME)                                                                        \
  PAPBENCH_FORTRAN_WRAPPER(NAME, (void* sb, void* rb, F* count, F* dt, F* op, F* comm, F* ierr), \
                           (sb, rb, count, dt, op, comm, ierr),                                  \
                           shapes::reduction(Collective::kAllreduce, *count, MPI_Type_f2c(*dt),  \
                                             MPI_Op_f2c(*op), -1, PAPBENCH_F_COMM, site))
#define ROOTED_W(NAME, KIND)                                                                     \
  PAPBENCH_FORTRAN_WRAPPER(                                                                      \
      NAME,                                                                                      \
      (void* sb, F* scount, F* stype, void* rb, F* rcount, F* rtype, F* root, F* comm, F* ierr), \
      (sb, scount, stype, rb, rcount, rtype, root, comm, ierr),                                  \
      shapes::rooted(KIND, *scount, MPI_Type_f2c(*stype), *rcount, MPI_Type_f2c(*rtype), *root,  \
                     PAPBENCH_F_COMM, site))
#define SCATTER_W(NAME) ROOTED_W(NAME, Collective::kScatter)
#define GATHER_W(NAME) ROOTED_W(NAME, Collective::kGather)
#define EVEN_W(NAME, KIND)                                                                    \
  PAPBENCH_FORTRAN_WRAPPER(                                                                   \
      NAME, (void* sb, F* scount, F* stype, void* rb, F* rcount, F* rtype, F* comm, F* ierr), \
      (sb, scount, stype, rb, rcount, rtype, comm, ierr),                                     \
      shapes::even_blocks(KIND, *rcount, MPI_Type_f2c(*rtype), PAPBENCH_F_COMM, site))
#define ALLGATHER_W(NAME) EVEN_W(NAME, Collective::kAllgather)
#define ALLTOALL_W(NAME) EVEN_W(NAME, Collective::kAlltoall)
#define ALLGATHERV_W(NAME)                                                                   \
  PAPBENCH_FORTRAN_WRAPPER(                                                                  \
      NAME,                                                                                  \
      (void* sb, F* scount, F* stype, void* rb, F* rcounts, F* displs, F* rtype, F* comm,    \
       F* ierr),                                                                             \
      (sb, scount, stype, rb, rcounts, displs, rtype, comm, ierr),                           \
      shapes::own_block(Collective::kAllgatherv, rcounts, MPI_Type_f2c(*rtype), MPI_OP_NULL, \
                        PAPBENCH_F_COMM, site))
#define ALLTOALLV_W(NAME)                                                                          \
  PAPBENCH_FORTRAN_WRAPPER(NAME,                                                                   \
                           (void* sb, F* scounts, F* sdispls, F* stype, void* rb, F* rcounts,      \
                            F* rdispls, F* rtype, F* comm, F* ierr),                               \
                           (sb, scounts, sdispls, stype, rb, rcounts, rdispls, rtype, comm, ierr), \
                           shapes::mean_block(Collective::kAlltoallv, rcounts,                     \
                                              MPI_Type_f2c(*rtype), PAPBENCH_F_COMM, site))
#define REDUCE_SCATTER_W(NAME)                                                                   \
  PAPBENCH_FORTRAN_WRAPPER(                                                                      \
      NAME, (void* sb, void* rb, F* rcounts, F* dt, F* op, F* comm, F* ierr),                    \
      (sb, rb, rcounts, dt, op, comm, ierr),                                                     \
      shapes::own_block(Collective::kReduceScatter, rcounts, MPI_Type_f2c(*dt), MPI_Op_f2c(*op), \
                        PAPBENCH_F_COMM, site))
#define REDUCE_SCATTER_BLOCK_W(NAME)                                                 \
  PAPBENCH_FORTRAN_WRAPPER(                                                          \
      NAME, (void* sb, void* rb, F* rcount, F* dt, F* op, F* comm, F* ierr),         \
      (sb, rb, rcount, dt, op, comm, ierr),                                          \
      shapes::reduction(Collective::kReduceScatterBlock, *rcount, MPI_Type_f2c(*dt), \
                        MPI_Op_f2c(*op), -1, PAPBENCH_F_COMM, site))

PAPBENCH_FORTRAN_NAMES(BARRIER_W, mpi_barrier, MPI_BARRIER, MPI_Barrier)
PAPBENCH_FORTRAN_NAMES(BCAST_W, mpi_bcast, MPI_BCAST, MPI_Bcast)
PAPBENCH_FORTRAN_NAMES(REDUCE_W, mpi_reduce, MPI_REDUCE, MPI_Reduce)
PAPBENCH_FORTRAN_NAMES(ALLREDUCE_W, mpi_allreduce, MPI_ALLREDUCE, MPI_Allreduce)
PAPBENCH_FORTRAN_NAMES(SCATTER_W, mpi_scatter, MPI_SCATTER, MPI_Scatter)
PAPBENCH_FORTRAN_NAMES(GATHER_W, mpi_gather, MPI_GATHER, MPI_Gather)
PAPBENCH_FORTRAN_NAMES(ALLGATHER_W, mpi_allgather, MPI_ALLGATHER, MPI_Allgather)
PAPBENCH_FORTRAN_NAMES(ALLTOALL_W, mpi_alltoall, MPI_ALLTOALL, MPI_Alltoall)
PAPBENCH_FORTRAN_NAMES(ALLGATHERV_W, mpi_allgatherv, MPI_ALLGATHERV, MPI_Allgatherv)
PAPBENCH_FORTRAN_NAMES(ALLTOALLV_W, mpi_alltoallv, MPI_ALLTOALLV, MPI_Alltoallv)
PAPBENCH_FORTRAN_NAMES(REDUCE_SCATTER_W, mpi_reduce_scatter, MPI_REDUCE_SCATTER, MPI_Reduce_scatter)
PAPBENCH_FORTRAN_NAMES(REDUCE_SCATTER_BLOCK_W, mpi_reduce_scatter_block, MPI_REDUCE_SCATTER_BLOCK,
                       MPI_Reduce_scatter_block)
#undef PAPBENCH_F_COMM

// MPI_Init, MPI_Init_thread and MPI_Finalize: Open MPI's Fortran versions call PMPI_* too, so
// without these the capture would never start. Starting and finishing twice (MPICH's bindings
// call the C functions, whose wrappers run as well) does nothing the second time.
#define INIT_W(NAME)                                                                 \
  extern "C" __attribute__((visibility("default"))) void NAME(F* ierr) {             \
    static const auto real = fortran_next<void (*)(F*)>(#NAME);                      \
    real(ierr);                                                                      \
    if (ierr == nullptr || *ierr == MPI_SUCCESS) papbench::capture::start_capture(); \
  }
PAPBENCH_FORTRAN_NAMES(INIT_W, mpi_init, MPI_INIT, MPI_Init)

#define INIT_THREAD_W(NAME)                                                                        \
  extern "C" __attribute__((visibility("default"))) void NAME(F* required, F* provided, F* ierr) { \
    static const auto real = fortran_next<void (*)(F*, F*, F*)>(#NAME);                            \
    real(required, provided, ierr);                                                                \
    if (ierr == nullptr || *ierr == MPI_SUCCESS) papbench::capture::start_capture();               \
  }
PAPBENCH_FORTRAN_NAMES(INIT_THREAD_W, mpi_init_thread, MPI_INIT_THREAD, MPI_Init_thread)

#define FINALIZE_W(NAME)                                                 \
  extern "C" __attribute__((visibility("default"))) void NAME(F* ierr) { \
    static const auto real = fortran_next<void (*)(F*)>(#NAME);          \
    papbench::capture::finish_capture();                                 \
    real(ierr);                                                          \
  }
PAPBENCH_FORTRAN_NAMES(FINALIZE_W, mpi_finalize, MPI_FINALIZE, MPI_Finalize)
