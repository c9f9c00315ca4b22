// intergroup_allgather/alg1: [Kang2019] Algorithm 1 (§4, Figs. 1-2). Rank j of the smaller group
// exchanges with the contiguous subgroup s_j of the larger one: it receives their whole blocks and
// sends each of them one balanced piece of its own block, so every message crossing the groups is
// about max(k_A p/q, k_B) / (p/q) long. One intragroup allgather per group then completes both
// sides; pieces and blocks arrive in rank order, so it needs no reordering. Options: exchange=
// sendrecv (one blocking MPI_Sendrecv per round, as the authors' code) or nonblocking (every round
// posted at once, as §2.1 suggests); final=allgatherv (exact counts) or padded (MPI_Allgather of
// the largest piece, then compaction; §4 "using the largest send size").
//
// Cost (Theorem 1, Eq. 3): (ceil(p/q) + log p) t_s + (max(p k_A, q k_B) + k_B) t_w.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgatherAlg1 final : public Algorithm {
 public:
  IntergroupAllgatherAlg1(bool nonblocking, bool padded)
      : nonblocking_(nonblocking), padded_(padded) {}

  void prepare(const Args& a) override {
    c_ = Comms::make(a.comm);
    const std::int64_t L = c_.local_size, R = c_.remote_size;
    const auto rcount = static_cast<std::int64_t>(a.count);
    const auto n = static_cast<std::size_t>(L);
    std::vector<std::int64_t> counts(n), displs(n);
    if (L > R) {  // each rank holds one piece of one remote block
      const Subgroups s{L, R};
      for (std::int64_t x = 0; x < L; ++x) {
        const std::int64_t j = s.owner(x);
        const Piece pc = piece(rcount, s.size(j), x - s.start(j));
        counts[std::size_t(x)] = pc.size;
        displs[std::size_t(x)] = j * rcount + pc.offset;
      }
    } else {  // L <= R: each rank holds the whole blocks of its subgroup
      const Subgroups s{R, L};
      for (std::int64_t x = 0; x < L; ++x) {
        counts[std::size_t(x)] = s.size(x) * rcount;
        displs[std::size_t(x)] = s.start(x) * rcount;
      }
    }
    slot_ = *std::ranges::max_element(counts);  // the largest share (padded)
    to_ints(counts, counts_);
    to_ints(displs, displs_);
    // Equal shares at rank-ordered slots (e.g. p == q, or q | p and (p/q) | k_B) are already
    // padded: MPI_Allgather works in the receive buffer itself.
    bool in_place = true;
    for (std::size_t x = 0; x < counts.size(); ++x) {
      in_place = in_place && counts[x] == slot_ && displs[x] == std::int64_t(x) * slot_;
    }
    use_padding_ = padded_ && !in_place;
    padded_buf_.assign(use_padding_ ? std::size_t(L * slot_) * extent_of(a.dtype) : 0, 0);
    exchange_.reserve(2 *
                      std::size_t(std::max(L, R) / std::min(L, R) + 1));  // no allocation in run()
  }

  void run(const Args& a) override {
    const std::size_t ext = extent_of(a.dtype);
    const std::int64_t L = c_.local_size, R = c_.remote_size, l = c_.rank;
    const auto scount = static_cast<std::int64_t>(a.send_count);
    const auto rcount = static_cast<std::int64_t>(a.count);
    // Where this rank's share of the remote data goes before the final allgather.
    std::byte* mine = use_padding_ ? at(padded_buf_.data(), l * slot_, ext)
                                   : at(a.recv, displs_[std::size_t(l)], ext);
    if (L >= R) {
      // One exchange: the whole own block out, one piece of the partner's block in (p == q:
      // the whole block, partner of equal index).
      const Subgroups s{L, R};
      const std::int64_t j = L == R ? l : s.owner(l);
      const int in = counts_[std::size_t(l)];
      exchange_.resize(0);
      post_or_swap(a.send, as_count(scount), mine, in, int(j), a.dtype);
    } else {
      // |s_l| <= ceil(p/q) rounds (p the larger group's size): piece t of the own block to the
      // t-th rank of s_l, whose whole block comes back in the same round.
      const Subgroups s{R, L};
      const std::int64_t g = s.size(l), first = s.start(l);
      exchange_.resize(0);
      for (std::int64_t t = 0; t < g; ++t) {
        const Piece pc = piece(scount, g, t);
        post_or_swap(at(a.send, pc.offset, ext), as_count(pc.size),
                     mine + t * rcount * std::int64_t(ext), as_count(rcount), int(first + t),
                     a.dtype);
      }
    }
    if (nonblocking_) {
      mpi_check(MPI_Waitall(int(exchange_.size()), exchange_.data(), MPI_STATUSES_IGNORE),
                "MPI_Waitall");
    }
    finish(a, ext);
  }

 private:
  // sendrecv: one blocking round; nonblocking: both halves posted, completed together in run().
  // `remote`: the partner's rank in the other group.
  void post_or_swap(const void* out, int nout, void* in, int nin, int remote, MPI_Datatype t) {
    const int peer = c_.remote.peer(remote);
    if (!nonblocking_) {
      mpi_check(MPI_Sendrecv(out, nout, t, peer, 0, in, nin, t, peer, 0, c_.remote.comm(),
                             MPI_STATUS_IGNORE),
                "MPI_Sendrecv");
      return;
    }
    exchange_.resize(exchange_.size() + 2);
    mpi_check(MPI_Irecv(in, nin, t, peer, 0, c_.remote.comm(), &exchange_[exchange_.size() - 2]),
              "MPI_Irecv");
    mpi_check(MPI_Isend(out, nout, t, peer, 0, c_.remote.comm(), &exchange_.back()), "MPI_Isend");
  }

  // Lines 9 and 11: every rank of the group gathers the others' shares of the remote data.
  void finish(const Args& a, std::size_t ext) {
    if (padded_ && !use_padding_) {
      mpi_check(
          MPI_Allgather(MPI_IN_PLACE, 0, a.dtype, a.recv, as_count(slot_), a.dtype, c_.local.get()),
          "MPI_Allgather (local group)");
      return;
    }
    if (!use_padding_) {
      mpi_check(MPI_Allgatherv(MPI_IN_PLACE, 0, a.dtype, a.recv, counts_.data(), displs_.data(),
                               a.dtype, c_.local.get()),
                "MPI_Allgatherv (local group)");
      return;
    }
    mpi_check(MPI_Allgather(MPI_IN_PLACE, 0, a.dtype, padded_buf_.data(), as_count(slot_), a.dtype,
                            c_.local.get()),
              "MPI_Allgather (local group, padded)");
    for (std::size_t x = 0; x < counts_.size(); ++x) {
      if (counts_[x] == 0) continue;
      copy_bytes(at(a.recv, displs_[x], ext), at(padded_buf_.data(), std::int64_t(x) * slot_, ext),
                 std::size_t(counts_[x]) * ext);
    }
  }

  bool nonblocking_, padded_;
  bool use_padding_ = false;
  Comms c_;
  std::vector<int> counts_, displs_;
  std::int64_t slot_ = 0;  // padded: elements per rank
  std::vector<char> padded_buf_;
  std::vector<MPI_Request> exchange_;
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgather_alg1(const AlgOptions& options) {
  return std::make_unique<IntergroupAllgatherAlg1>(
      option_text(options, "exchange") == "nonblocking", option_text(options, "final") == "padded");
}

}  // namespace papbench
