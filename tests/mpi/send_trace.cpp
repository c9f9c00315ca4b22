#include "tests/mpi/send_trace.hpp"

#include <dlfcn.h>
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "common/mpi_env.hpp"

namespace papbench::send_trace {
namespace {

struct State {
  bool recording = false;
  std::vector<const void*> calibration_eps;  // endpoints seen while calibrating
  std::map<const void*, int> rank_of_ep;
  std::map<int, PerPeer> sent;
  bool calibrating = false;
  long total = 0;
};
State& state() {
  static State s;
  return s;
}

void record(const void* ep, std::size_t count) {
  State& s = state();
  ++s.total;
  if (s.calibrating) s.calibration_eps.push_back(ep);
  if (!s.recording) return;
  const auto it = s.rank_of_ep.find(ep);
  PerPeer& p = s.sent[it == s.rank_of_ep.end() ? -1 : it->second];
  ++p.messages;
  p.units += count;
}

using SendFn = void* (*)(void*, const void*, std::size_t, std::uint64_t, const void*);
SendFn next(const char* name) {
  return reinterpret_cast<SendFn>(dlsym(RTLD_NEXT, name));
}

}  // namespace

void setup_environment() {
  setenv("OMPI_MCA_pml", "ucx", 0);
  setenv("OMPI_MCA_pml_ucx_tls", "any", 0);
  setenv("OMPI_MCA_pml_ucx_devices", "any", 0);
}

bool calibrate() {
  const int rank = world_rank(), size = world_size();
  State& s = state();
  const long before = s.total;
  for (int d = 1; d < size; ++d) {
    const int to = (rank + d) % size, from = (rank - d + size) % size;
    unsigned char out = 1, in = 0;
    s.calibration_eps.clear();
    s.calibrating = true;
    mpi_check(MPI_Send(&out, 1, MPI_BYTE, to, 7001, MPI_COMM_WORLD), "MPI_Send");
    s.calibrating = false;
    mpi_check(MPI_Recv(&in, 1, MPI_BYTE, from, 7001, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
              "MPI_Recv");
    if (s.calibration_eps.size() == 1) s.rank_of_ep[s.calibration_eps.front()] = to;
  }
  // A message to itself: MPICH's scattered alltoall sends its own block through UCX too.
  {
    unsigned char out = 1, in = 0;
    MPI_Request req = MPI_REQUEST_NULL;
    mpi_check(MPI_Irecv(&in, 1, MPI_BYTE, rank, 7002, MPI_COMM_WORLD, &req), "MPI_Irecv");
    s.calibration_eps.clear();
    s.calibrating = true;
    mpi_check(MPI_Send(&out, 1, MPI_BYTE, rank, 7002, MPI_COMM_WORLD), "MPI_Send");
    s.calibrating = false;
    mpi_check(MPI_Wait(&req, MPI_STATUS_IGNORE), "MPI_Wait");
    if (s.calibration_eps.size() == 1) s.rank_of_ep[s.calibration_eps.front()] = rank;
  }
  // Every other rank's endpoint known (one's own may not go through UCX: Open MPI copies).
  const auto peers = std::count_if(s.rank_of_ep.begin(), s.rank_of_ep.end(),
                                   [&](const auto& e) { return e.second != rank; });
  int mine = (s.total - before >= size - 1 && peers == size - 1) ? 1 : 0;
  int all = 0;
  mpi_check(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
  return all == 1 || size == 1;
}

void start() {
  state().sent.clear();
  state().recording = true;
}

std::map<int, PerPeer> stop() {
  state().recording = false;
  return std::move(state().sent);
}

}  // namespace papbench::send_trace

// The interposed UCX entry points (ucp/api/ucp.h, UCX 1.13: ucs_status_ptr_t
// ucp_tag_send_nbx(ucp_ep_h, const void*, size_t, ucp_tag_t, const ucp_request_param_t*)),
// declared with opaque pointers so that the test needs no UCX headers.
extern "C" void* ucp_tag_send_nbx(void* ep, const void* buffer, std::size_t count,
                                  std::uint64_t tag, const void* param) {
  static const auto real = papbench::send_trace::next("ucp_tag_send_nbx");
  papbench::send_trace::record(ep, count);
  return real(ep, buffer, count, tag, param);
}

extern "C" void* ucp_tag_send_sync_nbx(void* ep, const void* buffer, std::size_t count,
                                       std::uint64_t tag, const void* param) {
  static const auto real = papbench::send_trace::next("ucp_tag_send_sync_nbx");
  papbench::send_trace::record(ep, count);
  return real(ep, buffer, count, tag, param);
}
