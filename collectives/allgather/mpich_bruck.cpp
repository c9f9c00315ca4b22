// allgather/mpich-bruck: MPICH 3.0.4's Bruck allgather ([MPICH] allgather.c, MPIR_Allgather_intra,
// the "short message and non-power-of-two" path; [Parsons2015] §2.3.1, the UHA's inter-node
// Bruck). A scratch buffer holds blocks rank, rank+1, ... in that order. Step k (2^k <= P/2)
// sends the first 2^k blocks to rank - 2^k and appends 2^k blocks from rank + 2^k; when P is not
// a power of two one extra step moves the missing P - 2^floor(log2 P) blocks; a final local
// rotation puts block j at position j of recv.
//
// Cost = ceil(lgp).alpha + n.((p-1)/p).beta + n (local rotation) (n = p blocks, bytes).
#include "collectives/allgather/allgather.hpp"
#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kAllgatherMpichBruckTag = 43;

class AllgatherMpichBruck final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    tmp_.reserve(static_cast<std::size_t>(comm_.size()) * a.count * extent_of(a.dtype));
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "allgather/mpich-bruck");
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t ext = extent_of(a.dtype);
    std::byte* tmp = tmp_.data();
    local_copy(a.send, tmp, a.count, ext);
    std::size_t have = a.count;  // elements in tmp: blocks rank .. rank + have/count - 1
    int pof2 = 1;
    for (; pof2 <= size / 2; pof2 *= 2) {
      exchange(tmp, have, have, pof2, a);
      have *= 2;
    }
    if (const int rem = size - pof2; rem > 0) {
      exchange(tmp, static_cast<std::size_t>(rem) * a.count, have, pof2, a);
    }
    // tmp's block k is rank (rank + k) mod P.
    const auto r = static_cast<std::size_t>(rank), p = static_cast<std::size_t>(size);
    local_copy(tmp, at(a.recv, r * a.count, ext), (p - r) * a.count, ext);
    local_copy(at(tmp, (p - r) * a.count, ext), a.recv, r * a.count, ext);
  }

 private:
  // The first `elems` elements of tmp to rank - dist; as many from rank + dist at offset `have`.
  void exchange(std::byte* tmp, std::size_t elems, std::size_t have, int dist, const Args& a) {
    const int size = comm_.size(), rank = comm_.rank();
    const int n = count_as_int(elems, "allgather block");
    mpi_check(MPI_Sendrecv(tmp, n, a.dtype, (rank - dist + size) % size, kAllgatherMpichBruckTag,
                           at(tmp, have, extent_of(a.dtype)), n, a.dtype, (rank + dist) % size,
                           kAllgatherMpichBruckTag, comm_.get(), MPI_STATUS_IGNORE),
              "MPI_Sendrecv");
  }

  Comm comm_;
  std::size_t count_ = 0;
  Scratch tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgather_mpich_bruck(const AlgOptions& /*options*/) {
  return std::make_unique<AllgatherMpichBruck>();
}

}  // namespace papbench
