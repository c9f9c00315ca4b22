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
#include <numeric>
#include <span>

#include "capture/capture_session.hpp"
#include "clocksync/global_clock.hpp"

namespace {

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

int f_rank(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}

int f_size(MPI_Comm comm) {
  int n = 0;
  PMPI_Comm_size(comm, &n);
  return n;
}

std::uint64_t f_count(long long c) {
  return c > 0 ? static_cast<std::uint64_t>(c) : 0;
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

#define BARRIER_W(NAME)                                                                           \
  PAPBENCH_FORTRAN_WRAPPER(                                                                       \
      NAME, (F * comm, F * ierr), (comm, ierr),                                                   \
      (papbench::capture::CallShape{papbench::capture::Collective::kBarrier, MPI_Comm_f2c(*comm), \
                                    -1, 0, MPI_DATATYPE_NULL, MPI_OP_NULL, site}))
PAPBENCH_FORTRAN_NAMES(BARRIER_W, mpi_barrier, MPI_BARRIER, MPI_Barrier)

#define BCAST_W(NAME)                                                                             \
  PAPBENCH_FORTRAN_WRAPPER(NAME, (void* buf, F* count, F* dt, F* root, F* comm, F* ierr),         \
                           (buf, count, dt, root, comm, ierr),                                    \
                           (papbench::capture::CallShape{                                         \
                               papbench::capture::Collective::kBcast, MPI_Comm_f2c(*comm), *root, \
                               f_count(*count), MPI_Type_f2c(*dt), MPI_OP_NULL, site}))
PAPBENCH_FORTRAN_NAMES(BCAST_W, mpi_bcast, MPI_BCAST, MPI_Bcast)

#define REDUCE_W(NAME)                                                                           \
  PAPBENCH_FORTRAN_WRAPPER(                                                                      \
      NAME, (void* sb, void* rb, F* count, F* dt, F* op, F* root, F* comm, F* ierr),             \
      (sb, rb, count, dt, op, root, comm, ierr),                                                 \
      (papbench::capture::CallShape{papbench::capture::Collective::kReduce, MPI_Comm_f2c(*comm), \
                                    *root, f_count(*count), MPI_Type_f2c(*dt), MPI_Op_f2c(*op),  \
                                    site}))
PAPBENCH_FORTRAN_NAMES(REDUCE_W, mpi_reduce, MPI_REDUCE, MPI_Reduce)

#define ALLREDUCE_W(NAME)                                                                          \
  PAPBENCH_FORTRAN_WRAPPER(NAME, (void* sb, void* rb, F* count, F* dt, F* op, F* comm, F* ierr),   \
                           (sb, rb, count, dt, op, comm, ierr),                                    \
                           (papbench::capture::CallShape{                                          \
                               papbench::capture::Collective::kAllreduce, MPI_Comm_f2c(*comm), -1, \
                               f_count(*count), MPI_Type_f2c(*dt), MPI_Op_f2c(*op), site}))
PAPBENCH_FORTRAN_NAMES(ALLREDUCE_W, mpi_allreduce, MPI_ALLREDUCE, MPI_Allreduce)

// scatter and gather: the root's send (scatter) or receive (gather) block, else the other one.
#define ROOTED_W(NAME, KIND, ROOT_COUNT, ROOT_TYPE, OTHER_COUNT, OTHER_TYPE)                      \
  PAPBENCH_FORTRAN_WRAPPER(                                                                       \
      NAME,                                                                                       \
      (void* sb, F* scount, F* stype, void* rb, F* rcount, F* rtype, F* root, F* comm, F* ierr),  \
      (sb, scount, stype, rb, rcount, rtype, root, comm, ierr),                                   \
      (f_rank(MPI_Comm_f2c(*comm)) == *root                                                       \
           ? papbench::capture::CallShape{KIND, MPI_Comm_f2c(*comm), *root, f_count(ROOT_COUNT),  \
                                          MPI_Type_f2c(ROOT_TYPE), MPI_OP_NULL, site}             \
           : papbench::capture::CallShape{KIND, MPI_Comm_f2c(*comm), *root, f_count(OTHER_COUNT), \
                                          MPI_Type_f2c(OTHER_TYPE), MPI_OP_NULL, site}))
#define SCATTER_W(NAME) \
  ROOTED_W(NAME, papbench::capture::Collective::kScatter, *scount, *stype, *rcount, *rtype)
#define GATHER_W(NAME) \
  ROOTED_W(NAME, papbench::capture::Collective::kGather, *rcount, *rtype, *scount, *stype)
PAPBENCH_FORTRAN_NAMES(SCATTER_W, mpi_scatter, MPI_SCATTER, MPI_Scatter)
PAPBENCH_FORTRAN_NAMES(GATHER_W, mpi_gather, MPI_GATHER, MPI_Gather)

#define ALL_W(NAME, KIND)                                                                     \
  PAPBENCH_FORTRAN_WRAPPER(                                                                   \
      NAME, (void* sb, F* scount, F* stype, void* rb, F* rcount, F* rtype, F* comm, F* ierr), \
      (sb, scount, stype, rb, rcount, rtype, comm, ierr),                                     \
      (papbench::capture::CallShape{KIND, MPI_Comm_f2c(*comm), -1, f_count(*rcount),          \
                                    MPI_Type_f2c(*rtype), MPI_OP_NULL, site}))
#define ALLGATHER_W(NAME) ALL_W(NAME, papbench::capture::Collective::kAllgather)
#define ALLTOALL_W(NAME) ALL_W(NAME, papbench::capture::Collective::kAlltoall)
PAPBENCH_FORTRAN_NAMES(ALLGATHER_W, mpi_allgather, MPI_ALLGATHER, MPI_Allgather)
PAPBENCH_FORTRAN_NAMES(ALLTOALL_W, mpi_alltoall, MPI_ALLTOALL, MPI_Alltoall)

#define ALLGATHERV_W(NAME)                                                                      \
  PAPBENCH_FORTRAN_WRAPPER(NAME,                                                                \
                           (void* sb, F* scount, F* stype, void* rb, F* rcounts, F* displs,     \
                            F* rtype, F* comm, F* ierr),                                        \
                           (sb, scount, stype, rb, rcounts, displs, rtype, comm, ierr),         \
                           (papbench::capture::CallShape{                                       \
                               papbench::capture::Collective::kAllgatherv, MPI_Comm_f2c(*comm), \
                               -1, f_count(rcounts[f_rank(MPI_Comm_f2c(*comm))]),               \
                               MPI_Type_f2c(*rtype), MPI_OP_NULL, site}))
PAPBENCH_FORTRAN_NAMES(ALLGATHERV_W, mpi_allgatherv, MPI_ALLGATHERV, MPI_Allgatherv)

#define ALLTOALLV_W(NAME)                                                                          \
  PAPBENCH_FORTRAN_WRAPPER(NAME,                                                                   \
                           (void* sb, F* scounts, F* sdispls, F* stype, void* rb, F* rcounts,      \
                            F* rdispls, F* rtype, F* comm, F* ierr),                               \
                           (sb, scounts, sdispls, stype, rb, rcounts, rdispls, rtype, comm, ierr), \
                           (papbench::capture::CallShape{                                          \
                               papbench::capture::Collective::kAlltoallv, MPI_Comm_f2c(*comm), -1, \
                               f_count(mean_block(rcounts, MPI_Comm_f2c(*comm))),                  \
                               MPI_Type_f2c(*rtype), MPI_OP_NULL, site}))
namespace {
long long mean_block(const MPI_Fint* counts, MPI_Comm comm) {
  const auto n = static_cast<std::size_t>(f_size(comm));
  const std::span<const MPI_Fint> blocks(counts, n);
  return std::accumulate(blocks.begin(), blocks.end(), 0LL) / static_cast<long long>(n);
}
}  // namespace
PAPBENCH_FORTRAN_NAMES(ALLTOALLV_W, mpi_alltoallv, MPI_ALLTOALLV, MPI_Alltoallv)

#define REDUCE_SCATTER_W(NAME)                                                                     \
  PAPBENCH_FORTRAN_WRAPPER(NAME, (void* sb, void* rb, F* rcounts, F* dt, F* op, F* comm, F* ierr), \
                           (sb, rb, rcounts, dt, op, comm, ierr),                                  \
                           (papbench::capture::CallShape{                                          \
                               papbench::capture::Collective::kReduceScatter, MPI_Comm_f2c(*comm), \
                               -1, f_count(rcounts[f_rank(MPI_Comm_f2c(*comm))]),                  \
                               MPI_Type_f2c(*dt), MPI_Op_f2c(*op), site}))
PAPBENCH_FORTRAN_NAMES(REDUCE_SCATTER_W, mpi_reduce_scatter, MPI_REDUCE_SCATTER, MPI_Reduce_scatter)

#define REDUCE_SCATTER_BLOCK_W(NAME)                                                              \
  PAPBENCH_FORTRAN_WRAPPER(                                                                       \
      NAME, (void* sb, void* rb, F* rcount, F* dt, F* op, F* comm, F* ierr),                      \
      (sb, rb, rcount, dt, op, comm, ierr),                                                       \
      (papbench::capture::CallShape{papbench::capture::Collective::kReduceScatterBlock,           \
                                    MPI_Comm_f2c(*comm), -1, f_count(*rcount), MPI_Type_f2c(*dt), \
                                    MPI_Op_f2c(*op), site}))
PAPBENCH_FORTRAN_NAMES(REDUCE_SCATTER_BLOCK_W, mpi_reduce_scatter_block, MPI_REDUCE_SCATTER_BLOCK,
                       MPI_Reduce_scatter_block)

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
