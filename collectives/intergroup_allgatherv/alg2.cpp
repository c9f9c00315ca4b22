// intergroup_allgatherv/alg2: [Kang2019] Algorithm 2 (§4.1, Fig. 3). Each group's data is one
// string of K elements in rank order (the global index); the string is cut into as many balanced
// pieces as the other group has ranks, and piece x goes to remote rank x, so a large block
// travels in several messages and small ones in one. The senders learn their place in the string
// inside the timed region (MPI_Exscan and MPI_Allreduce of the block sizes, lines 1-2, as Theorem
// 3 counts them); receivers know the remote sizes from recvcounts. Each group then allgathers its
// pieces, which arrive in rank order. order=nonblocking (default): every send and receive posted
// at once, as the paper's implementation ran it ("MPI non-blocking send and receive operations",
// [Kang2019] §2; the authors' code) and so as Fig. 5 measured it; order=ordered: one send and one
// receive in flight per rank, sends to ascending receivers and synchronous (a sender waits for
// its receiver's channel), receives in §4.1's order, higher multi-target sender first, then the
// ones in between, then the lower multi-target sender (the schedule Theorem 3's proof assumes).
// final=allgatherv (default): the intragroup step with the exact piece sizes; final=padded: Line
// 25's "Allgather operation with same block sizes" (§4.1), MPI_Allgather of the largest piece
// (ceil(K/L)), then compaction. Receive displacements that are not the prefix sums of the counts
// go through a contiguous buffer and a copy (timed).
//
// Cost (Theorem 3, Eq. 4): max(K_A + max k_A, K_B + max k_B) t_w + log(pq) t_w, and about
// (log p + messages) t_s.
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgatherv/intergroup_allgatherv.hpp"

namespace papbench {
namespace {

using namespace intergroup;

// One message of the exchange: `len` elements at `offset` of the send buffer or of the
// contiguous receive buffer.
struct Message {
  int peer;  // the rank in the other group (RemoteGroup::peer gives its rank on the wire)
  std::int64_t offset, len;
  bool multi = false;  // receives: the sender's block runs past the end of my piece
};

class IntergroupAllgathervAlg2 final : public Algorithm {
 public:
  IntergroupAllgathervAlg2(bool ordered, bool padded) : ordered_(ordered), padded_(padded) {}

  void prepare(const Args& a) override {
    c_ = Comms::make(a.comm);
    const std::size_t R = std::size_t(c_.remote_size), L = std::size_t(c_.local_size);
    std::int64_t total = 0;
    for (const int n : a.counts) total += n;
    // Sized anew for every case: the previous one may have had another layout.
    const bool packed = back_to_back(a.counts, a.displs);
    contig_.assign(packed ? 0 : std::size_t(total) * extent_of(a.dtype), 0);
    // final=padded: every rank's piece in a slot of the largest piece's size; when the pieces are
    // all equal the slots are the pieces themselves and the Allgather runs in place.
    slot_ = piece(total, std::int64_t(L), 0).size;
    use_padding_ = padded_ && total % std::int64_t(L) != 0;
    padded_buf_.assign(use_padding_ ? std::size_t(slot_) * L * extent_of(a.dtype) : 0, 0);
    sends_.reserve(R);
    recvs_.reserve(R);
    requests_.reserve(2 * R);
    counts_.resize(L);
    displs_.resize(L);
  }

  void run(const Args& a) override {
    const std::size_t ext = extent_of(a.dtype);
    const std::int64_t L = c_.local_size, R = c_.remote_size, l = c_.rank;
    // Lines 1-2: this rank's place in its group's string and the string's length.
    const auto mine = static_cast<std::int64_t>(a.send_count);
    std::int64_t before = 0, total = 0;
    mpi_check(MPI_Exscan(&mine, &before, 1, MPI_INT64_T, MPI_SUM, c_.local.get()), "MPI_Exscan");
    if (l == 0) before = 0;  // MPI leaves rank 0's result undefined
    mpi_check(MPI_Allreduce(&mine, &total, 1, MPI_INT64_T, MPI_SUM, c_.local.get()),
              "MPI_Allreduce");
    // Lines 12-14 / 22-24, sender side: the remote ranks whose pieces overlap my block, ascending.
    sends_.clear();
    if (mine > 0) {
      for (std::int64_t x = piece_of(total, R, before); x < R; ++x) {
        const Piece pc = piece(total, R, x);
        if (pc.offset >= before + mine) break;
        const std::int64_t lo = std::max(before, pc.offset);
        const std::int64_t hi = std::min(before + mine, pc.offset + pc.size);
        if (hi > lo) sends_.push_back({int(x), lo - before, hi - lo, false});
      }
    }
    // Receiver side: my piece of the remote string and the remote blocks overlapping it.
    std::int64_t remote_total = 0;
    for (const int n : a.counts) remote_total += n;
    const Piece want = piece(remote_total, L, l);
    recvs_.clear();
    std::int64_t q = 0;
    for (std::int64_t y = 0; y < R && q < want.offset + want.size; ++y) {
      const std::int64_t lo = std::max(q, want.offset);
      const std::int64_t hi = std::min(q + a.counts[std::size_t(y)], want.offset + want.size);
      const std::int64_t end = q + a.counts[std::size_t(y)];
      // Padded: my piece lands in my slot of the padded buffer.
      const std::int64_t to = use_padding_ ? l * slot_ + (lo - want.offset) : lo;
      if (hi > lo) recvs_.push_back({int(y), to, hi - lo, end > want.offset + want.size});
      q = end;
    }
    void* contig = contig_.empty() ? a.recv : static_cast<void*>(contig_.data());
    void* landing = use_padding_ ? static_cast<void*>(padded_buf_.data()) : contig;
    if (ordered_) {
      order_receives();
      exchange_ordered(a, landing, ext);
    } else {
      exchange_all(a, landing, ext);
    }
    finish(a, contig, remote_total, ext);
    if (!contig_.empty()) scatter_blocks(contig_.data(), a.recv, a.counts, a.displs, ext);
  }

 private:
  // The paper's receive order (§4.1): the higher multi-target sender (its block runs past my
  // piece, so I am its first receiver), then the senders in between, then the lowest sender
  // (I am its last receiver).
  void order_receives() {
    if (recvs_.size() < 2) return;
    std::rotate(recvs_.begin(), recvs_.begin() + 1, recvs_.end());  // first+1 .. last, first
    if (recvs_[recvs_.size() - 2].multi) {
      std::rotate(recvs_.begin(), recvs_.end() - 2, recvs_.end() - 1);  // last, first+1 .., first
    }
  }

  // One synchronous send and one receive in flight; the next of each starts when its
  // predecessor completes.
  void exchange_ordered(const Args& a, void* contig, std::size_t ext) {
    std::size_t next_send = 0, next_recv = 0;
    std::array<MPI_Request, 2> req = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    auto post_send = [&] {
      const Message& m = sends_[next_send++];
      mpi_check(MPI_Issend(at(a.send, m.offset, ext), as_count(m.len), a.dtype,
                           c_.remote.peer(m.peer), 0, c_.remote.comm(), &req[0]),
                "MPI_Issend");
    };
    auto post_recv = [&] {
      const Message& m = recvs_[next_recv++];
      mpi_check(MPI_Irecv(at(contig, m.offset, ext), as_count(m.len), a.dtype,
                          c_.remote.peer(m.peer), 0, c_.remote.comm(), &req[1]),
                "MPI_Irecv");
    };
    if (next_send < sends_.size()) post_send();
    if (next_recv < recvs_.size()) post_recv();
    for (;;) {
      int done = MPI_UNDEFINED;
      mpi_check(MPI_Waitany(2, req.data(), &done, MPI_STATUS_IGNORE), "MPI_Waitany");
      if (done == MPI_UNDEFINED) return;  // both chains finished
      if (done == 0 && next_send < sends_.size()) post_send();
      if (done == 1 && next_recv < recvs_.size()) post_recv();
    }
  }

  void exchange_all(const Args& a, void* contig, std::size_t ext) {
    requests_.clear();
    for (const Message& m : recvs_) {
      requests_.push_back(MPI_REQUEST_NULL);
      mpi_check(MPI_Irecv(at(contig, m.offset, ext), as_count(m.len), a.dtype,
                          c_.remote.peer(m.peer), 0, c_.remote.comm(), &requests_.back()),
                "MPI_Irecv");
    }
    for (const Message& m : sends_) {
      requests_.push_back(MPI_REQUEST_NULL);
      mpi_check(MPI_Isend(at(a.send, m.offset, ext), as_count(m.len), a.dtype,
                          c_.remote.peer(m.peer), 0, c_.remote.comm(), &requests_.back()),
                "MPI_Isend");
    }
    mpi_check(MPI_Waitall(int(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
              "MPI_Waitall");
  }

  // Lines 25-26: every rank of the group gathers the others' pieces into `contig`.
  void finish(const Args& a, void* contig, std::int64_t remote_total, std::size_t ext) {
    const std::int64_t L = c_.local_size;
    if (padded_ && !use_padding_) {
      mpi_check(
          MPI_Allgather(MPI_IN_PLACE, 0, a.dtype, contig, as_count(slot_), a.dtype, c_.local.get()),
          "MPI_Allgather (local group)");
      return;
    }
    if (use_padding_) {
      mpi_check(MPI_Allgather(MPI_IN_PLACE, 0, a.dtype, padded_buf_.data(), as_count(slot_),
                              a.dtype, c_.local.get()),
                "MPI_Allgather (local group, padded)");
      for (std::int64_t x = 0; x < L; ++x) {
        const Piece pc = piece(remote_total, L, x);
        if (pc.size == 0) continue;
        copy_bytes(at(contig, pc.offset, ext), at(padded_buf_.data(), x * slot_, ext),
                   std::size_t(pc.size) * ext);
      }
      return;
    }
    for (std::int64_t x = 0; x < L; ++x) {
      const Piece pc = piece(remote_total, L, x);
      counts_[std::size_t(x)] = as_count(pc.size);
      displs_[std::size_t(x)] = as_count(pc.offset);
    }
    mpi_check(MPI_Allgatherv(MPI_IN_PLACE, 0, a.dtype, contig, counts_.data(), displs_.data(),
                             a.dtype, c_.local.get()),
              "MPI_Allgatherv (local group)");
  }

  bool ordered_, padded_;
  bool use_padding_ = false;
  std::int64_t slot_ = 0;         // padded: elements per rank, the largest piece
  std::vector<char> padded_buf_;  // padded with unequal pieces: L slots
  Comms c_;
  std::vector<char> contig_;  // only when the receive displacements are not back to back
  std::vector<Message> sends_, recvs_;
  std::vector<MPI_Request> requests_;
  std::vector<int> counts_, displs_;
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgatherv_alg2(const AlgOptions& options) {
  return std::make_unique<IntergroupAllgathervAlg2>(option_text(options, "order") == "ordered",
                                                    option_text(options, "final") == "padded");
}

}  // namespace papbench
