// reduce/ring (RING, a baseline of [ProficzOcetkiewicz2021] §6): the parallel ring ("bucket")
// reduce-scatter of [Chan2007] followed by a direct gather of the reduced blocks to the root. In
// step s every rank sends block (v - s) to its successor and combines block (v - s - 1) from its
// predecessor into its own copy; after P - 1 steps relative rank v owns the fully reduced block (v
// + 1) mod P. The paper leaves the gather open; a direct gather (every rank sends its block to the
// root, which receives all at once) keeps the root's extra cost at one message time per block and
// no forwarding.
//
// Cost = 2.(p-1).alpha + 2.n.((p-1)/p).beta + n.((p-1)/p).gamma (n = the vector in bytes).
#include <cstring>

#include "collectives/core/buffers.hpp"
#include "collectives/core/relative_rank.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kRingTag = 37, kRingGatherTag = 38;

class ReduceRing final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/ring");
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    const int size = comm_.size();
    const std::size_t ext = extent_of(a.dtype);
    acc_.reserve(a.count * ext);
    tmp_.reserve(EvenBlocks(a.count, static_cast<std::size_t>(size)).max_elements(1) * ext);
    requests_.assign(static_cast<std::size_t>(size), MPI_REQUEST_NULL);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/ring");
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const int v = relative(rank, a.root, size);
    const std::size_t ext = extent_of(a.dtype);
    std::byte* acc = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    copy_bytes(acc, a.send, a.count * ext);

    const EvenBlocks blocks(a.count, static_cast<std::size_t>(size));
    auto block = [&](int rel) { return static_cast<std::size_t>(((rel % size) + size) % size); };
    auto at = [&](std::size_t b) { return acc + blocks.begin(b) * ext; };
    auto elems = [&](std::size_t b) { return blocks.elements(b, b + 1); };
    const int next = absolute(v + 1, a.root, size), prev = absolute(v - 1 + size, a.root, size);

    for (int s = 0; s + 1 < size; ++s) {
      const std::size_t out = block(v - s), in = block(v - s - 1);
      mpi_check(MPI_Sendrecv(at(out), count_as_int(elems(out), "reduce block"), a.dtype, next,
                             kRingTag, tmp_.data(), count_as_int(elems(in), "reduce block"),
                             a.dtype, prev, kRingTag, comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv");
      combine(tmp_.data(), at(in), elems(in), a.dtype, a.op);
    }

    if (v != 0) {
      const std::size_t mine = block(v + 1);
      mpi_check(MPI_Send(at(mine), count_as_int(elems(mine), "reduce block"), a.dtype, a.root,
                         kRingGatherTag, comm_.get()),
                "MPI_Send");
      return;
    }
    // Blocks land directly in the root's output, where they belong.
    int nreq = 0;
    for (int src = 1; src < size; ++src) {
      const std::size_t b = block(src + 1);
      mpi_check(
          MPI_Irecv(at(b), count_as_int(elems(b), "reduce block"), a.dtype,
                    absolute(src, a.root, size), kRingGatherTag, comm_.get(), &requests_[nreq++]),
          "MPI_Irecv");
    }
    mpi_check(MPI_Waitall(nreq, requests_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
  }

 private:
  Comm comm_;
  std::size_t count_ = 0;
  Scratch acc_, tmp_;
  std::vector<MPI_Request> requests_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_ring(const AlgOptions& /*options*/) {
  return std::make_unique<ReduceRing>();
}

}  // namespace papbench
