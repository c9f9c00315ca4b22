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
#include <vector>

#include "capture/call_shapes.hpp"
#include "capture/capture_session.hpp"
#include "capture/persistent_requests.hpp"
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

// The post of a nonblocking collective: run (as an internal call), then remember the request.
template <class Call, class Shape>
void fortran_posted(Call&& call, const MPI_Fint* ierr, const MPI_Fint* request, Shape&& shape) {
  const bool rec = papbench::capture::recording();
  std::int64_t arrival = 0, posted_at = 0;
  {
    const papbench::capture::InternalCalls inner;
    arrival = rec ? papbench::clocksync::raw_now_ns() : 0;
    call();
    posted_at = rec ? papbench::clocksync::raw_now_ns() : 0;
  }
  if (rec && (ierr == nullptr || *ierr == MPI_SUCCESS) && request != nullptr) {
    papbench::capture::post_call(shape(), arrival, posted_at, MPI_Request_f2c(*request));
  }
}

// A wait or test on Fortran handles: converted before the call and after it (a completed
// request's Fortran handle is MPI_REQUEST_NULL's, which converts to MPI_REQUEST_NULL).
template <class Call>
void fortran_completing(const MPI_Fint* requests, MPI_Fint count, bool is_test, Call&& call) {
  const bool watch = requests != nullptr && count > 0 && papbench::capture::requests_pending();
  std::vector<MPI_Request> before, after;
  if (watch) {
    for (MPI_Fint i = 0; i < count; ++i) before.push_back(MPI_Request_f2c(requests[i]));
  }
  std::int64_t t0 = 0, t1 = 0;
  {
    const papbench::capture::InternalCalls inner;
    t0 = watch ? papbench::clocksync::raw_now_ns() : 0;
    call();
    t1 = watch ? papbench::clocksync::raw_now_ns() : 0;
  }
  if (!watch) return;
  for (MPI_Fint i = 0; i < count; ++i) after.push_back(MPI_Request_f2c(requests[i]));
  papbench::capture::requests_waited(before, after, t0, t1, is_test,
                                     papbench::capture::persistent_completed);
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

// The nonblocking collectives papbench runs: the post with the request converted after the
// call (MPI_Request_f2c), then the waits and tests below complete it as in mpi_wrappers.cpp.
#define PAPBENCH_FORTRAN_POST(NAME, ARGS, CALL_ARGS, SHAPE)                        \
  extern "C" __attribute__((visibility("default"))) void NAME ARGS {               \
    using Fn = void(*) ARGS;                                                       \
    static const Fn real = fortran_next<Fn>(#NAME);                                \
    const void* site = __builtin_return_address(0);                                \
    fortran_posted([&] { real CALL_ARGS; }, ierr, request, [&] { return SHAPE; }); \
  }
#define IREDUCTION_W(NAME, KIND)                                                               \
  PAPBENCH_FORTRAN_POST(                                                                       \
      NAME, (void* sb, void* rb, F* count, F* dt, F* op, F* comm, F* request, F* ierr),        \
      (sb, rb, count, dt, op, comm, request, ierr),                                            \
      shapes::reduction(KIND, *count, MPI_Type_f2c(*dt), MPI_Op_f2c(*op), -1, PAPBENCH_F_COMM, \
                        site))
#define IALLREDUCE_W(NAME) IREDUCTION_W(NAME, Collective::kIallreduce)
#define IREDUCE_W(NAME)                                                                          \
  PAPBENCH_FORTRAN_POST(                                                                         \
      NAME, (void* sb, void* rb, F* count, F* dt, F* op, F* root, F* comm, F* request, F* ierr), \
      (sb, rb, count, dt, op, root, comm, request, ierr),                                        \
      shapes::reduction(Collective::kIreduce, *count, MPI_Type_f2c(*dt), MPI_Op_f2c(*op), *root, \
                        PAPBENCH_F_COMM, site))
#define IBCAST_W(NAME)                                                           \
  PAPBENCH_FORTRAN_POST(                                                         \
      NAME, (void* buf, F* count, F* dt, F* root, F* comm, F* request, F* ierr), \
      (buf, count, dt, root, comm, request, ierr),                               \
      shapes::bcast(*count, MPI_Type_f2c(*dt), *root, PAPBENCH_F_COMM, site, Collective::kIbcast))
#define IROOTED_W(NAME, KIND)                                                                   \
  PAPBENCH_FORTRAN_POST(NAME,                                                                   \
                        (void* sb, F* scount, F* stype, void* rb, F* rcount, F* rtype, F* root, \
                         F* comm, F* request, F* ierr),                                         \
                        (sb, scount, stype, rb, rcount, rtype, root, comm, request, ierr),      \
                        shapes::rooted(KIND, *scount, MPI_Type_f2c(*stype), *rcount,            \
                                       MPI_Type_f2c(*rtype), *root, PAPBENCH_F_COMM, site))
#define IGATHER_W(NAME) IROOTED_W(NAME, Collective::kIgather)
#define ISCATTER_W(NAME) IROOTED_W(NAME, Collective::kIscatter)
#define IEVEN_W(NAME, KIND)                                                               \
  PAPBENCH_FORTRAN_POST(                                                                  \
      NAME,                                                                               \
      (void* sb, F* scount, F* stype, void* rb, F* rcount, F* rtype, F* comm, F* request, \
       F* ierr),                                                                          \
      (sb, scount, stype, rb, rcount, rtype, comm, request, ierr),                        \
      shapes::even_blocks(KIND, *rcount, MPI_Type_f2c(*rtype), PAPBENCH_F_COMM, site))
#define IALLGATHER_W(NAME) IEVEN_W(NAME, Collective::kIallgather)
#define IALLTOALL_W(NAME) IEVEN_W(NAME, Collective::kIalltoall)

PAPBENCH_FORTRAN_NAMES(IALLREDUCE_W, mpi_iallreduce, MPI_IALLREDUCE, MPI_Iallreduce)
PAPBENCH_FORTRAN_NAMES(IREDUCE_W, mpi_ireduce, MPI_IREDUCE, MPI_Ireduce)
PAPBENCH_FORTRAN_NAMES(IBCAST_W, mpi_ibcast, MPI_IBCAST, MPI_Ibcast)
PAPBENCH_FORTRAN_NAMES(IALLGATHER_W, mpi_iallgather, MPI_IALLGATHER, MPI_Iallgather)
PAPBENCH_FORTRAN_NAMES(IALLTOALL_W, mpi_ialltoall, MPI_IALLTOALL, MPI_Ialltoall)
PAPBENCH_FORTRAN_NAMES(IGATHER_W, mpi_igather, MPI_IGATHER, MPI_Igather)
PAPBENCH_FORTRAN_NAMES(ISCATTER_W, mpi_iscatter, MPI_ISCATTER, MPI_Iscatter)
#undef PAPBENCH_F_COMM

// The waits and tests, on Fortran request handles (converted before and after the call).
#define PAPBENCH_FORTRAN_COMPLETE(NAME, ARGS, CALL_ARGS, REQUESTS, COUNT, IS_TEST) \
  extern "C" __attribute__((visibility("default"))) void NAME ARGS {               \
    using Fn = void(*) ARGS;                                                       \
    static const Fn real = fortran_next<Fn>(#NAME);                                \
    fortran_completing(REQUESTS, COUNT, IS_TEST, [&] { real CALL_ARGS; });         \
  }
#define WAIT_W(NAME) \
  PAPBENCH_FORTRAN_COMPLETE(NAME, (F * r, F * st, F * ierr), (r, st, ierr), r, 1, false)
#define TEST_W(NAME)                                                                              \
  PAPBENCH_FORTRAN_COMPLETE(NAME, (F * r, F * flag, F * st, F * ierr), (r, flag, st, ierr), r, 1, \
                            true)
#define WAITALL_W(NAME) \
  PAPBENCH_FORTRAN_COMPLETE(NAME, (F * n, F * r, F * st, F * ierr), (n, r, st, ierr), r, *n, false)
#define TESTALL_W(NAME)                                                       \
  PAPBENCH_FORTRAN_COMPLETE(NAME, (F * n, F * r, F * flag, F * st, F * ierr), \
                            (n, r, flag, st, ierr), r, *n, true)
#define WAITANY_W(NAME)                                                        \
  PAPBENCH_FORTRAN_COMPLETE(NAME, (F * n, F * r, F * index, F * st, F * ierr), \
                            (n, r, index, st, ierr), r, *n, false)
#define TESTANY_W(NAME)                                                                  \
  PAPBENCH_FORTRAN_COMPLETE(NAME, (F * n, F * r, F * index, F * flag, F * st, F * ierr), \
                            (n, r, index, flag, st, ierr), r, *n, true)
#define WAITSOME_W(NAME)                                                                  \
  PAPBENCH_FORTRAN_COMPLETE(NAME, (F * n, F * r, F * out, F * indices, F * st, F * ierr), \
                            (n, r, out, indices, st, ierr), r, *n, false)
#define TESTSOME_W(NAME)                                                                  \
  PAPBENCH_FORTRAN_COMPLETE(NAME, (F * n, F * r, F * out, F * indices, F * st, F * ierr), \
                            (n, r, out, indices, st, ierr), r, *n, true)
PAPBENCH_FORTRAN_NAMES(WAIT_W, mpi_wait, MPI_WAIT, MPI_Wait)
PAPBENCH_FORTRAN_NAMES(TEST_W, mpi_test, MPI_TEST, MPI_Test)
PAPBENCH_FORTRAN_NAMES(WAITALL_W, mpi_waitall, MPI_WAITALL, MPI_Waitall)
PAPBENCH_FORTRAN_NAMES(TESTALL_W, mpi_testall, MPI_TESTALL, MPI_Testall)
PAPBENCH_FORTRAN_NAMES(WAITANY_W, mpi_waitany, MPI_WAITANY, MPI_Waitany)
PAPBENCH_FORTRAN_NAMES(TESTANY_W, mpi_testany, MPI_TESTANY, MPI_Testany)
PAPBENCH_FORTRAN_NAMES(WAITSOME_W, mpi_waitsome, MPI_WAITSOME, MPI_Waitsome)
PAPBENCH_FORTRAN_NAMES(TESTSOME_W, mpi_testsome, MPI_TESTSOME, MPI_Testsome)

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
