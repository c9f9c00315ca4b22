// The PMPI interposition: MPI_Init/MPI_Init_thread start the capture, MPI_Finalize writes it, and
// each blocking collective papbench knows is timed by two raw clock reads around its PMPI_*
// call. A nonblocking one is timed from before its post to after the wait or test that
// completed it: the post is remembered under its request, and the waits and tests, while some
// post is pending, read the request handles before the call (completion sets them to
// MPI_REQUEST_NULL) and hand both to capture_session. What a call records (its CallShape:
// communicator, root, count, type, op) is worked out after the call returns, outside the
// arrival-to-exit window, by the rules of call_shapes.hpp, which the Fortran entry points
// (fortran_wrappers.cpp) share.

#include <mpi.h>

#include <cstdint>
#include <span>
#include <vector>

#include "capture/call_shapes.hpp"
#include "capture/capture_session.hpp"
#include "capture/persistent_requests.hpp"
#include "capture/substitution.hpp"
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

// Runs the post `call`; while recording, remembers the request it returns with shape().
template <class Call, class Shape>
int posted(Call&& call, MPI_Request* request, Shape&& shape) {
  if (!papbench::capture::recording()) return call();
  const std::int64_t arrival = papbench::clocksync::raw_now_ns();
  const int rc = call();
  const std::int64_t posted_at = papbench::clocksync::raw_now_ns();
  if (rc == MPI_SUCCESS && request != nullptr) {
    papbench::capture::post_call(shape(), arrival, posted_at, *request);
  }
  return rc;
}

// Runs a wait or test `call` on requests[0, count); while a posted collective is pending, with
// the handles copied before and compared after (a completed one is MPI_REQUEST_NULL then).
template <class Call>
int completing(MPI_Request* requests, int count, bool is_test, Call&& call) {
  if (requests == nullptr || count <= 0 || !papbench::capture::requests_pending()) return call();
  const std::vector<MPI_Request> before(requests, requests + count);
  const std::int64_t t0 = papbench::clocksync::raw_now_ns();
  const int rc = call();
  const std::int64_t t1 = papbench::clocksync::raw_now_ns();
  papbench::capture::requests_waited(before, std::span<const MPI_Request>(requests, before.size()),
                                     t0, t1, is_test, papbench::capture::persistent_completed);
  return rc;
}

// Where a nonblocking post goes: to substitution.hpp for the collectives papbench has schedules of
// its own for (it runs one where PAPBENCH_SUBSTITUTE asks for it, the library's call otherwise),
// straight to the library for the others.
#define PAPBENCH_POST_TO_LIBRARY(NAME)                  \
  template <class... Args>                              \
  int post_##NAME(const void* /*site*/, Args... args) { \
    return PMPI_##NAME(args...);                        \
  }
#define PAPBENCH_POST_TO_SUBSTITUTION(NAME)                      \
  template <class... Args>                                       \
  int post_##NAME(const void* site, Args... args) {              \
    return papbench::capture::substitution::NAME(site, args...); \
  }
PAPBENCH_POST_TO_SUBSTITUTION(Iallreduce)
PAPBENCH_POST_TO_SUBSTITUTION(Ibcast)
PAPBENCH_POST_TO_LIBRARY(Ireduce)
PAPBENCH_POST_TO_LIBRARY(Iallgather)
PAPBENCH_POST_TO_LIBRARY(Ialltoall)
PAPBENCH_POST_TO_LIBRARY(Igather)
PAPBENCH_POST_TO_LIBRARY(Iscatter)

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

// A collective papbench has algorithms for: as above, but the call goes to substitution.hpp,
// which runs a papbench algorithm where PAPBENCH_SUBSTITUTE asks for one and the library's
// PMPI_ call otherwise.
#define PAPBENCH_C_REPLACE(NAME, PARAMS, ARGS, SHAPE)                                        \
  __attribute__((visibility("default"))) int MPI_##NAME PARAMS {                             \
    const void* site = __builtin_return_address(0);                                          \
    return captured(                                                                         \
        [&] {                                                                                \
          return papbench::capture::substitution::NAME(site, PAPBENCH_UNPARENTHESIZED ARGS); \
        },                                                                                   \
        [&] { return SHAPE; });                                                              \
  }

// The pairs that share a signature and a rule, one row for both: scatter and gather (papbench
// has algorithms for them), allgather and alltoall, scan and exscan.
#define PAPBENCH_C_ROOTED(NAME)                                                                  \
  PAPBENCH_C_REPLACE(                                                                            \
      NAME,                                                                                      \
      (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount, MPI_Datatype rtype, \
       int root, MPI_Comm comm),                                                                 \
      (sb, scount, stype, rb, rcount, rtype, root, comm),                                        \
      shapes::rooted(Collective::k##NAME, scount, stype, rcount, rtype, root, comm, site))
#define PAPBENCH_C_EVEN_BLOCKS(NAME)                                                        \
  PAPBENCH_C_WRAPPER(NAME,                                                                  \
                     (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount, \
                      MPI_Datatype rtype, MPI_Comm comm),                                   \
                     (sb, scount, stype, rb, rcount, rtype, comm),                          \
                     shapes::even_blocks(Collective::k##NAME, rcount, rtype, comm, site))
#define PAPBENCH_C_SCAN(NAME)                                                                 \
  PAPBENCH_C_WRAPPER(                                                                         \
      NAME, (const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm), \
      (sb, rb, count, dt, op, comm),                                                          \
      shapes::reduction(Collective::k##NAME, count, dt, op, -1, comm, site))

PAPBENCH_C_WRAPPER(Barrier, (MPI_Comm comm), (comm), shapes::barrier(comm, site))
PAPBENCH_C_REPLACE(Bcast, (void* buffer, int count, MPI_Datatype dt, int root, MPI_Comm comm),
                   (buffer, count, dt, root, comm), shapes::bcast(count, dt, root, comm, site))
PAPBENCH_C_REPLACE(Reduce,
                   (const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op, int root,
                    MPI_Comm comm),
                   (sb, rb, count, dt, op, root, comm),
                   shapes::reduction(Collective::kReduce, count, dt, op, root, comm, site))
PAPBENCH_C_REPLACE(Allreduce,
                   (const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm),
                   (sb, rb, count, dt, op, comm),
                   shapes::reduction(Collective::kAllreduce, count, dt, op, -1, comm, site))
PAPBENCH_C_ROOTED(Scatter)
PAPBENCH_C_ROOTED(Gather)
PAPBENCH_C_EVEN_BLOCKS(Allgather)
PAPBENCH_C_WRAPPER(Allgatherv,
                   (const void* sb, int scount, MPI_Datatype stype, void* rb, const int rcounts[],
                    const int displs[], MPI_Datatype rtype, MPI_Comm comm),
                   (sb, scount, stype, rb, rcounts, displs, rtype, comm),
                   shapes::own_block(Collective::kAllgatherv, rcounts, rtype, MPI_OP_NULL, comm,
                                     site))
PAPBENCH_C_EVEN_BLOCKS(Alltoall)
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

PAPBENCH_C_WRAPPER(Gatherv,
                   (const void* sb, int scount, MPI_Datatype stype, void* rb, const int rcounts[],
                    const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm),
                   (sb, scount, stype, rb, rcounts, displs, rtype, root, comm),
                   shapes::own_v_block(Collective::kGatherv, rcounts, rtype, scount, stype, root,
                                       comm, site))
PAPBENCH_C_WRAPPER(Scatterv,
                   (const void* sb, const int scounts[], const int displs[], MPI_Datatype stype,
                    void* rb, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm),
                   (sb, scounts, displs, stype, rb, rcount, rtype, root, comm),
                   shapes::own_v_block(Collective::kScatterv, scounts, stype, rcount, rtype, root,
                                       comm, site))
PAPBENCH_C_SCAN(Scan)
PAPBENCH_C_SCAN(Exscan)

// The nonblocking collectives papbench runs: one wrapper per row of call_shapes.hpp's table, the
// request last among the arguments.
#define PAPBENCH_C_POST_WRAPPER(NAME, STEM, PARAMS, ARGS, SHAPE)                                  \
  __attribute__((visibility("default"))) int MPI_##NAME PAPBENCH_APPENDED(PARAMS,                 \
                                                                          MPI_Request* request) { \
    const void* site = __builtin_return_address(0);                                               \
    return posted([&] { return post_##NAME(site, PAPBENCH_UNPARENTHESIZED ARGS, request); },      \
                  request, [&] { return SHAPE; });                                                \
  }

PAPBENCH_NONBLOCKING_COLLECTIVES(PAPBENCH_C_POST_WRAPPER)

// The calls that complete requests. Only while a posted collective is pending do they copy the
// handles; a request freed unwaited (MPI_Request_free) is dropped from the pending ones. Each
// goes through substitution.hpp, which moves papbench's schedules in flight on.
__attribute__((visibility("default"))) int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  return completing(request, 1, false,
                    [&] { return papbench::capture::substitution::Wait(request, status); });
}
__attribute__((visibility("default"))) int MPI_Waitall(int count, MPI_Request requests[],
                                                       MPI_Status statuses[]) {
  return completing(requests, count, false, [&] {
    return papbench::capture::substitution::Waitall(count, requests, statuses);
  });
}
__attribute__((visibility("default"))) int MPI_Waitany(int count, MPI_Request requests[],
                                                       int* index, MPI_Status* status) {
  return completing(requests, count, false, [&] {
    return papbench::capture::substitution::Waitany(count, requests, index, status);
  });
}
__attribute__((visibility("default"))) int MPI_Waitsome(int incount, MPI_Request requests[],
                                                        int* outcount, int indices[],
                                                        MPI_Status statuses[]) {
  return completing(requests, incount, false, [&] {
    return papbench::capture::substitution::Waitsome(incount, requests, outcount, indices,
                                                     statuses);
  });
}
__attribute__((visibility("default"))) int MPI_Test(MPI_Request* request, int* flag,
                                                    MPI_Status* status) {
  return completing(request, 1, true,
                    [&] { return papbench::capture::substitution::Test(request, flag, status); });
}
__attribute__((visibility("default"))) int MPI_Testall(int count, MPI_Request requests[], int* flag,
                                                       MPI_Status statuses[]) {
  return completing(requests, count, true, [&] {
    return papbench::capture::substitution::Testall(count, requests, flag, statuses);
  });
}
__attribute__((visibility("default"))) int MPI_Testany(int count, MPI_Request requests[],
                                                       int* index, int* flag, MPI_Status* status) {
  return completing(requests, count, true, [&] {
    return papbench::capture::substitution::Testany(count, requests, index, flag, status);
  });
}
__attribute__((visibility("default"))) int MPI_Testsome(int incount, MPI_Request requests[],
                                                        int* outcount, int indices[],
                                                        MPI_Status statuses[]) {
  return completing(requests, incount, true, [&] {
    return papbench::capture::substitution::Testsome(incount, requests, outcount, indices,
                                                     statuses);
  });
}
__attribute__((visibility("default"))) int MPI_Request_free(MPI_Request* request) {
  if (request != nullptr && papbench::capture::requests_pending()) {
    papbench::capture::forget_request(*request);
  }
  // A persistent collective's (persistent_requests.hpp): its handle may name another later.
  if (request != nullptr) papbench::capture::forget_persistent(*request);
  return PMPI_Request_free(request);
}

}  // extern "C"
