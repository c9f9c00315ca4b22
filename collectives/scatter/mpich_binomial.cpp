// scatter/mpich-binomial: MPICH 3.0.4's binomial scatter ([MPICH] scatter.c, MPIR_Scatter_intra;
// [Parsons2015] §2.3.1, the UHA's inter-node scatter). Relative to the root, a rank with lowest set
// bit 2^k receives from relative rank - 2^k the blocks of its subtree (relative ranks v ..
// min(v + 2^k, P) - 1); leaves (odd v) receive their one block straight into recv. It then hands
// each child v + 2^j (2^j < 2^k, largest first) the upper part of what it holds. A root other
// than 0 first copies its send buffer rotated into relative-rank order, as MPICH does, so every
// send is contiguous; root 0 sends from its send buffer directly.
//
// Cost = lgp.alpha + n.((p-1)/p).beta (lgp = ceil(log2 p), n = the root's p blocks, bytes).
#include <algorithm>

#include "collectives/core/buffers.hpp"
#include "collectives/core/relative_rank.hpp"
#include "collectives/scatter/scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kScatterMpichBinomialTag = 51;

class ScatterMpichBinomial final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    tmp_.reserve(std::size_t(comm_.size()) * a.count * extent_of(a.dtype));
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "scatter/mpich-binomial");
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const int v = relative(rank, a.root, size);
    const std::size_t ext = extent_of(a.dtype), c = a.count;
    const auto p = std::size_t(size), r = std::size_t(rank);
    const std::byte* held = tmp_.data();  // blocks of relative ranks v, v+1, ...
    std::size_t held_elems = 0;
    if (rank == a.root) {
      held_elems = p * c;
      if (a.root == 0) {
        held = static_cast<const std::byte*>(a.send);
      } else {
        local_copy(at(a.send, r * c, ext), tmp_.data(), (p - r) * c, ext);
        local_copy(a.send, at(tmp_.data(), (p - r) * c, ext), r * c, ext);
      }
    }
    int mask = 1;
    for (; mask < size; mask <<= 1) {
      if ((v & mask) == 0) continue;
      const int src = (rank - mask + size) % size;
      if (v % 2 != 0) {
        mpi_check(MPI_Recv(a.recv, count_as_int(c, "scatter count"), a.dtype, src,
                           kScatterMpichBinomialTag, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
      } else {
        held_elems = std::size_t(std::min(mask, size - v)) * c;
        mpi_check(MPI_Recv(tmp_.data(), count_as_int(held_elems, "scatter subtree"), a.dtype, src,
                           kScatterMpichBinomialTag, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
      }
      break;
    }
    for (mask >>= 1; mask > 0; mask >>= 1) {
      if (v + mask >= size) continue;
      const std::size_t subtree = held_elems - c * std::size_t(mask);
      mpi_check(
          MPI_Send(at(held, c * std::size_t(mask), ext), count_as_int(subtree, "scatter subtree"),
                   a.dtype, (rank + mask) % size, kScatterMpichBinomialTag, comm_.get()),
          "MPI_Send");
      held_elems -= subtree;
    }
    if (v % 2 == 0) local_copy(held, a.recv, c, ext);  // the own block comes first
  }

 private:
  Comm comm_;
  std::size_t count_ = 0;
  Scratch tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_mpich_binomial(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterMpichBinomial>();
}

}  // namespace papbench
