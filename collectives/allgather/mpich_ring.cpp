// allgather/mpich-ring: MPICH 3.0.4's ring allgather ([MPICH] allgather.c, MPIR_Allgather_intra,
// the "long message" path; [Parsons2015] §2.3.1, the UHA's inter-node ring). Each rank copies its
// block into place, then in step i (1 <= i < P) sends block rank - i + 1 to rank + 1 and
// receives block rank - i from rank - 1, straight into recv: the blocks travel around the ring.
//
// Cost = (p-1).alpha + n.((p-1)/p).beta (n = p blocks, bytes).
#include "collectives/allgather/allgather.hpp"
#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kAllgatherMpichRingTag = 44;

class AllgatherMpichRing final : public Algorithm {
 public:
  void prepare(const Args& a) override { comm_ = Comm::dup(a.comm); }

  void run(const Args& a) override {
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t ext = extent_of(a.dtype);
    const int n = count_as_int(a.count, "allgather count");
    auto block = [&](int j) { return at(a.recv, static_cast<std::size_t>(j) * a.count, ext); };
    local_copy(a.send, block(rank), a.count, ext);
    const int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    int j = rank, jnext = left;
    for (int i = 1; i < size; ++i) {
      mpi_check(MPI_Sendrecv(block(j), n, a.dtype, right, kAllgatherMpichRingTag, block(jnext), n,
                             a.dtype, left, kAllgatherMpichRingTag, comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv");
      j = jnext;
      jnext = (jnext - 1 + size) % size;
    }
  }

 private:
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgather_mpich_ring(const AlgOptions& /*options*/) {
  return std::make_unique<AllgatherMpichRing>();
}

}  // namespace papbench
