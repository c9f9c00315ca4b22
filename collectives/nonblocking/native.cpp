// <collective>/native of the nonblocking collectives: the MPI library's MPI_I<collective>, posted
// when the rank arrives, then the overlap compute with its MPI_Test calls, then MPI_Wait
// (nbc_driver.hpp, overlap_loop.hpp). The blocking counterpart's layout and check apply unchanged:
// the buffers and the result are those of MPI_<collective>.
//
// Cost: the library's choice, plus the stated compute.
#include "collectives/nonblocking/nbc_driver.hpp"
#include "collectives/nonblocking/nonblocking.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using NbcPost = void (*)(const Args& a, MPI_Comm comm, MPI_Request* request);

// The library's own schedule: one MPI_I<collective> call.
class NativeStarter final : public NbcStarter {
 public:
  explicit NativeStarter(NbcPost post) : post_(post) {}
  NbcInFlight& start(const Args& a, MPI_Comm comm) override {
    post_(a, comm, in_flight_.request());
    return in_flight_;
  }

 private:
  NbcPost post_;
  RequestInFlight in_flight_;
};

std::unique_ptr<Algorithm> make_nbc_native(NbcPost post, const AlgOptions& o) {
  return make_nonblocking(std::make_unique<NativeStarter>(post), o);
}

void post_iallreduce(const Args& a, MPI_Comm comm, MPI_Request* r) {
  mpi_check(MPI_Iallreduce(a.send, a.recv, count_as_int(a.count, "iallreduce count"), a.dtype, a.op,
                           comm, r),
            "MPI_Iallreduce");
}
void post_ireduce(const Args& a, MPI_Comm comm, MPI_Request* r) {
  mpi_check(MPI_Ireduce(a.send, a.recv, count_as_int(a.count, "ireduce count"), a.dtype, a.op,
                        a.root, comm, r),
            "MPI_Ireduce");
}
void post_ibcast(const Args& a, MPI_Comm comm, MPI_Request* r) {
  mpi_check(MPI_Ibcast(a.recv, count_as_int(a.count, "ibcast count"), a.dtype, a.root, comm, r),
            "MPI_Ibcast");
}
void post_iallgather(const Args& a, MPI_Comm comm, MPI_Request* r) {
  const int n = count_as_int(a.count, "iallgather count");
  mpi_check(MPI_Iallgather(a.send, n, a.dtype, a.recv, n, a.dtype, comm, r), "MPI_Iallgather");
}
void post_ialltoall(const Args& a, MPI_Comm comm, MPI_Request* r) {
  const int n = count_as_int(a.count, "ialltoall count");
  mpi_check(MPI_Ialltoall(a.send, n, a.dtype, a.recv, n, a.dtype, comm, r), "MPI_Ialltoall");
}
void post_igather(const Args& a, MPI_Comm comm, MPI_Request* r) {
  const int n = count_as_int(a.count, "igather count");
  mpi_check(MPI_Igather(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm, r), "MPI_Igather");
}
void post_iscatter(const Args& a, MPI_Comm comm, MPI_Request* r) {
  const int n = count_as_int(a.count, "iscatter count");
  mpi_check(MPI_Iscatter(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm, r), "MPI_Iscatter");
}

}  // namespace

std::unique_ptr<Algorithm> make_iallreduce_native(const AlgOptions& o) {
  return make_nbc_native(post_iallreduce, o);
}
std::unique_ptr<Algorithm> make_ireduce_native(const AlgOptions& o) {
  return make_nbc_native(post_ireduce, o);
}
std::unique_ptr<Algorithm> make_ibcast_native(const AlgOptions& o) {
  return make_nbc_native(post_ibcast, o);
}
std::unique_ptr<Algorithm> make_iallgather_native(const AlgOptions& o) {
  return make_nbc_native(post_iallgather, o);
}
std::unique_ptr<Algorithm> make_ialltoall_native(const AlgOptions& o) {
  return make_nbc_native(post_ialltoall, o);
}
std::unique_ptr<Algorithm> make_igather_native(const AlgOptions& o) {
  return make_nbc_native(post_igather, o);
}
std::unique_ptr<Algorithm> make_iscatter_native(const AlgOptions& o) {
  return make_nbc_native(post_iscatter, o);
}

}  // namespace papbench
