// The persistent collectives the capture records (persistent_requests.hpp), where the MPI library
// has them; CMake's check (capture/CMakeLists.txt) defines which names:
//   PAPBENCH_CAPTURE_PERSISTENT_MPI4  MPI-4's MPI_<Collective>_init in mpi.h (MPICH 4.0.2)
//   PAPBENCH_CAPTURE_PERSISTENT_MPIX  Open MPI's MPIX_<Collective>_init in mpi-ext.h (4.1.4)
// and none where the library has neither (then this file defines nothing). The collectives
// papbench runs as nonblocking ones (call_shapes.hpp's table); each records what its
// MPI_I<collective> records, so a persistent site is replayed as that nonblocking collective.
// MPI_Start and MPI_Startall post the remembered call; the waits and tests of mpi_wrappers.cpp
// complete it.

#include <mpi.h>

#include <cstdint>

#include "capture/call_shapes.hpp"
#include "capture/capture_session.hpp"
#include "capture/persistent_requests.hpp"
#include "clocksync/global_clock.hpp"

#if defined(PAPBENCH_CAPTURE_PERSISTENT_MPIX)
#include <mpi-ext.h>
#define PAPBENCH_PERSISTENT_INIT(NAME) MPIX_##NAME##_init
#define PAPBENCH_PMPI_PERSISTENT_INIT(NAME) PMPIX_##NAME##_init
#elif defined(PAPBENCH_CAPTURE_PERSISTENT_MPI4)
#define PAPBENCH_PERSISTENT_INIT(NAME) MPI_##NAME##_init
#define PAPBENCH_PMPI_PERSISTENT_INIT(NAME) PMPI_##NAME##_init
#endif

#if defined(PAPBENCH_PERSISTENT_INIT)

namespace {

namespace shapes = papbench::capture::shapes;
using Collective = papbench::capture::Collective;

// Runs the init `call`; while recording, remembers its request with shape().
template <class Call, class Shape>
int persistent_init_call(Call&& call, MPI_Request* request, Shape&& shape) {
  const int rc = call();
  if (rc == MPI_SUCCESS && request != nullptr && papbench::capture::recording()) {
    papbench::capture::persistent_init(shape(), *request);
  }
  return rc;
}

// Runs MPI_Start or MPI_Startall `call` on requests[0, count); while recording, posts the
// persistent collectives among them, each from before to after the call.
template <class Call>
int starting(MPI_Request* requests, int count, Call&& call) {
  if (requests == nullptr || count <= 0 || !papbench::capture::persistent_known() ||
      !papbench::capture::recording()) {
    return call();
  }
  const std::int64_t arrival = papbench::clocksync::raw_now_ns();
  const int rc = call();
  const std::int64_t posted_at = papbench::clocksync::raw_now_ns();
  if (rc == MPI_SUCCESS) {
    for (int i = 0; i < count; ++i) {
      papbench::capture::persistent_started(requests[i], arrival, posted_at);
    }
  }
  return rc;
}

}  // namespace

extern "C" {

// One init per row of call_shapes.hpp's table of nonblocking collectives: its parameters, then
// the MPI_Info and the request; it records what the row's nonblocking post records.
#define PAPBENCH_C_PERSISTENT_WRAPPER(INAME, NAME, PARAMS, ARGS, SHAPE)                      \
  __attribute__((visibility("default"))) int PAPBENCH_PERSISTENT_INIT(NAME)                  \
      PAPBENCH_APPENDED(PARAMS, MPI_Info info, MPI_Request* request) {                       \
    const void* site = __builtin_return_address(0);                                          \
    return persistent_init_call(                                                             \
        [&] {                                                                                \
          return PAPBENCH_PMPI_PERSISTENT_INIT(NAME) PAPBENCH_APPENDED(ARGS, info, request); \
        },                                                                                   \
        request, [&] { return SHAPE; });                                                     \
  }
PAPBENCH_NONBLOCKING_COLLECTIVES(PAPBENCH_C_PERSISTENT_WRAPPER)

__attribute__((visibility("default"))) int MPI_Start(MPI_Request* request) {
  return starting(request, 1, [&] { return PMPI_Start(request); });
}
__attribute__((visibility("default"))) int MPI_Startall(int count, MPI_Request requests[]) {
  return starting(requests, count, [&] { return PMPI_Startall(count, requests); });
}

}  // extern "C"

#endif  // PAPBENCH_PERSISTENT_INIT
