// reduce/radixk (RXX, a baseline of [ProficzOcetkiewicz2021] §6): radix-k reduce-scatter
// ([Peterka2009]) followed by a k-nomial gather of the reduced blocks to the root.
//
// Cost = 2.sum_i(k_i-1).alpha + 2.n.((p-1)/p).beta + n.((p-1)/p).gamma (n = the vector in bytes).
//
// P is factored into rounds k_0 * k_1 * ... = P (see radix_rounds). In round i the ranks that
// differ only in mixed-radix digit i form a group of k_i; each member keeps the digit-th part of
// its current range and exchanges the other parts directly with the group (k_i - 1 sends and
// receives in flight at once). After the last round each rank owns one of P blocks; the gather
// retraces the rounds backwards, digit-0 members collecting their group's parts, so the root
// (relative rank 0, all digits zero) ends with the whole vector.
#include <fmt/format.h>

#include <cstring>
#include <stdexcept>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/relative_rank.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

constexpr int kRadixkScatterTag = 35, kRadixkGatherTag = 36;

class ReduceRadixK final : public Algorithm {
 public:
  explicit ReduceRadixK(int radix) : radix_(radix) {}

  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/radixk");
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    const int size = comm_.size();
    rounds_ = radix_rounds(size, radix_);
    const std::size_t ext = extent_of(a.dtype);
    acc_.reserve(a.count * ext);
    const EvenBlocks blocks(a.count, static_cast<std::size_t>(size));
    std::size_t tmp_elems = 0, stride = static_cast<std::size_t>(size);
    int max_k = 1;
    for (const int k : rounds_) {
      stride /= static_cast<std::size_t>(k);
      tmp_elems =
          std::max(tmp_elems, static_cast<std::size_t>(k - 1) * blocks.max_elements(stride));
      max_k = std::max(max_k, k);
    }
    tmp_.reserve(tmp_elems * ext);
    requests_.assign(2 * static_cast<std::size_t>(max_k - 1), MPI_REQUEST_NULL);
    digits_for(a.root);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/radixk");
    if (a.root != root_) digits_for(a.root);  // a moved root: relative ranks only, no new comm
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const int v = relative(rank, a.root, size);
    const std::size_t ext = extent_of(a.dtype);
    std::byte* acc = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    copy_bytes(acc, a.send, a.count * ext);

    const EvenBlocks blocks(a.count, static_cast<std::size_t>(size));
    const std::size_t nrounds = rounds_.size();
    auto first_block = [&](std::size_t i, int e) {
      return start_[i] + static_cast<std::size_t>(e) * part_[i];
    };
    auto elems_of = [&](std::size_t i, int e) {
      return blocks.elements(first_block(i, e), first_block(i, e) + part_[i]);
    };
    auto member = [&](std::size_t i, int e) {
      return absolute(v + (e - digit_[i]) * below_[i], a.root, size);
    };

    for (std::size_t i = 0; i < nrounds; ++i) {
      const int k = rounds_[i], d = digit_[i];
      const std::size_t mine = elems_of(i, d);
      const int n_mine = count_as_int(mine, "reduce block");
      std::byte* my_part = acc + blocks.begin(first_block(i, d)) * ext;
      int nreq = 0, slot = 0;
      for (int e = 0; e < k; ++e) {
        if (e == d) continue;
        mpi_check(
            MPI_Irecv(tmp_.data() + static_cast<std::size_t>(slot++) * mine * ext, n_mine, a.dtype,
                      member(i, e), kRadixkScatterTag, comm_.get(), &requests_[nreq++]),
            "MPI_Irecv");
        mpi_check(MPI_Isend(acc + blocks.begin(first_block(i, e)) * ext,
                            count_as_int(elems_of(i, e), "reduce block"), a.dtype, member(i, e),
                            kRadixkScatterTag, comm_.get(), &requests_[nreq++]),
                  "MPI_Isend");
      }
      mpi_check(MPI_Waitall(nreq, requests_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
      for (int s = 0; s < slot; ++s) {
        combine(tmp_.data() + static_cast<std::size_t>(s) * mine * ext, my_part, mine, a.dtype,
                a.op);
      }
    }

    for (std::size_t i = nrounds; i-- > 0;) {
      const int k = rounds_[i], d = digit_[i];
      if (d != 0) {
        mpi_check(MPI_Send(acc + blocks.begin(first_block(i, d)) * ext,
                           count_as_int(elems_of(i, d), "reduce block"), a.dtype, member(i, 0),
                           kRadixkGatherTag, comm_.get()),
                  "MPI_Send");
        return;
      }
      int nreq = 0;
      for (int e = 1; e < k; ++e) {
        mpi_check(MPI_Irecv(acc + blocks.begin(first_block(i, e)) * ext,
                            count_as_int(elems_of(i, e), "reduce block"), a.dtype, member(i, e),
                            kRadixkGatherTag, comm_.get(), &requests_[nreq++]),
                  "MPI_Irecv");
      }
      mpi_check(MPI_Waitall(nreq, requests_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    }
  }

 private:
  // Per round: the digit of this rank, the rank distance between digits, the first block of
  // the range it holds before the round and the blocks of one part of that range, relative to
  // `root`.
  void digits_for(int root) {
    root_ = root;
    const int size = comm_.size();
    const int v = relative(comm_.rank(), root, size);
    const std::size_t nrounds = rounds_.size();
    digit_.assign(nrounds, 0);
    below_.assign(nrounds, 0);
    start_.assign(nrounds, 0);
    part_.assign(nrounds, 0);
    int b = 1;
    std::size_t s = 0, len = static_cast<std::size_t>(size);
    for (std::size_t i = 0; i < nrounds; ++i) {
      below_[i] = b;
      digit_[i] = (v / b) % rounds_[i];
      start_[i] = s;
      part_[i] = len / static_cast<std::size_t>(rounds_[i]);
      s += static_cast<std::size_t>(digit_[i]) * part_[i];
      len = part_[i];
      b *= rounds_[i];
    }
  }

  int radix_;
  Comm comm_;
  std::size_t count_ = 0;
  int root_ = 0;
  std::vector<int> rounds_, digit_, below_;
  std::vector<std::size_t> start_, part_;
  Scratch acc_, tmp_;
  std::vector<MPI_Request> requests_;
};

}  // namespace

std::vector<int> radix_rounds(int size, int radix) {
  std::vector<int> rounds;
  int left = size;
  while (left > 1) {
    int k = 0;
    if (left % radix == 0) {
      k = radix;
    } else {
      for (int c = std::min(radix, left); c >= 2 && k == 0; --c) {
        if (left % c == 0) k = c;
      }
      // No factor up to the radix: the smallest prime factor, a larger group than asked for
      // (P prime gives one round of direct exchange among all ranks).
      for (int c = radix + 1; k == 0; ++c) {
        if (left % c == 0) k = c;
      }
    }
    rounds.push_back(k);
    left /= k;
  }
  return rounds;
}

std::unique_ptr<Algorithm> make_reduce_radixk(const AlgOptions& options) {
  return std::make_unique<ReduceRadixK>(static_cast<int>(option_integer(options, "radix")));
}

}  // namespace papbench
