// pingpong/native: rank 0 sends `count` elements to rank 1 with a blocking MPI_Send and receives
// them back with a blocking MPI_Recv; rank 1 echoes what it received; every other rank returns at
// once. Rank 0's timed region (f_0 - a_0) is therefore one round trip, and the model check
// (tools/report/views/model_view.cpp) takes half of it as the one-way time T(m) = alpha + beta * m
// of Hockney's model ([Hockney1994], as [Proficz2020] §3 uses it).
//
// Cost = 2.(alpha + n.beta) per round trip (n = the message in bytes).
//
// One rank: there is no partner, so rank 0 copies its send buffer into its receive buffer. The
// case validates like any other, and the model check ignores ping-pong cases of fewer than two
// ranks (no message crossed anything). Chosen over refusing P = 1 so that the registry-driven
// MPI tests and `papbench --collective all` need no special case.
#include <cstring>

#include "collectives/pingpong/pingpong.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kPingpongNativeTag = 1;

class PingpongNative final : public Algorithm {
 public:
  // A private duplicate: the echo can never match the harness's messages.
  void prepare(const Args& a) override { comm_ = Comm::dup(a.comm); }

  void run(const Args& a) override {
    const int n = count_as_int(a.count, "pingpong count");
    const int rank = comm_.rank();
    if (comm_.size() == 1) {
      int size = 0;
      mpi_check(MPI_Type_size(a.dtype, &size), "MPI_Type_size");
      std::memcpy(a.recv, a.send, a.count * static_cast<std::size_t>(size));
      return;
    }
    if (rank == 0) {
      mpi_check(MPI_Send(a.send, n, a.dtype, 1, kPingpongNativeTag, comm_.get()), "MPI_Send");
      mpi_check(MPI_Recv(a.recv, n, a.dtype, 1, kPingpongNativeTag, comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Recv");
    } else if (rank == 1) {
      // The echo sends the received buffer itself, so rank 1's check sees exactly what it sent.
      mpi_check(MPI_Recv(a.recv, n, a.dtype, 0, kPingpongNativeTag, comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Recv");
      mpi_check(MPI_Send(a.recv, n, a.dtype, 0, kPingpongNativeTag, comm_.get()), "MPI_Send");
    }
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_pingpong_native(const AlgOptions& /*options*/) {
  return std::make_unique<PingpongNative>();
}

}  // namespace papbench
