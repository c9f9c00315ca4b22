// intergroup_allgather/euro2: [Kang2018] Algorithm 2 (legend "EuroMPI" in [Kang2019] Fig. 4),
// segmentation with a two-step intragroup allgather, as the authors' artifact runs it. The larger
// group A (p ranks) is g = floor(p/q) "stacks" of consecutive ranks, q + floor(r/g) or one more
// each (r = p mod q). Rank j of B receives the whole blocks of the contiguous subgroup s_j (as in
// Algorithm 1) and sends piece i of its own block (g balanced pieces) to position j of stack i.
// Step 1: the g ranks at position j gather the pieces of B's block j. Step 2: each stack gathers
// the q whole blocks its first q positions hold; positions >= q ("remainder processes") take part
// with nothing. B ends with one allgather as in Algorithm 1. Blocks shorter than g give empty
// pieces instead of the artifact's separate path for them ([Kang2019] §4, "complicated way").
// Option comms=prepare (default): its sub-communicators are made in prepare(), outside the timed
// region; comms=timed: made (MPI_Comm_split) and freed inside run(), as the authors' code times
// them ([Kang2019] artifact, method 1).
//
// Cost ([Kang2019] §4: same transfer time as Algorithm 1): (ceil(p/q) + log g + log p) t_s +
// (max(p k_A, q k_B) + k_B) t_w.
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"

namespace papbench {
namespace {

using namespace intergroup;

Comm split(MPI_Comm comm, int colour, int key) {
  MPI_Comm out = MPI_COMM_NULL;
  mpi_check(MPI_Comm_split(comm, colour, key, &out), "MPI_Comm_split");
  return Comm(out);
}

class IntergroupAllgatherEuro2 final : public Algorithm {
 public:
  explicit IntergroupAllgatherEuro2(bool timed_comms) : timed_comms_(timed_comms) {}

  void prepare(const Args& a) override {
    c_ = Comms::make(a.comm);
    const std::int64_t L = c_.local_size, R = c_.remote_size, l = c_.rank;
    const auto rcount = static_cast<std::int64_t>(a.count);
    std::vector<std::int64_t> counts, displs;
    // A new case may be a new split: nothing of the previous one's carries over.
    step1_ = Comm();
    step2_ = Comm();
    pos_ = 0;
    mine_ = {};
    larger_ = L >= R;
    several_stacks_ = larger_ && L / R > 1;
    if (L >= R) {
      const std::int64_t g = L / R;
      const std::int64_t stack = piece_of(L, g, l);
      pos_ = l - piece(L, g, stack).offset;
      if (pos_ < R) {
        mine_ = piece(rcount, g, stack);
        mine_.offset += pos_ * rcount;
      }
      // Step 1 (only when there are several stacks): position pos_ across the stacks.
      if (g > 1) {
        step1_colour_ = pos_ < R ? int(pos_) : MPI_UNDEFINED;
        for (std::int64_t i = 0; i < g; ++i) {
          const Piece pc = piece(rcount, g, i);
          counts.push_back(pc.size);
          displs.push_back(pos_ * rcount + pc.offset);
        }
        to_ints(counts, step1_counts_);
        to_ints(displs, step1_displs_);
        counts.clear();
        displs.clear();
      }
      // Step 2: the stack; position x holds B's block x whole, remainder positions nothing.
      step2_colour_ = int(stack);
      const Piece st = piece(L, g, stack);
      for (std::int64_t x = 0; x < st.size; ++x) {
        counts.push_back(x < R ? rcount : 0);
        displs.push_back(x < R ? x * rcount : 0);
      }
    } else {
      const Subgroups s{R, L};
      for (std::int64_t x = 0; x < L; ++x) {
        counts.push_back(s.size(x) * rcount);
        displs.push_back(s.start(x) * rcount);
      }
    }
    to_ints(counts, step2_counts_);
    to_ints(displs, step2_displs_);
    if (!timed_comms_) make_subcomms();
  }

  void run(const Args& a) override {
    if (timed_comms_) make_subcomms();  // comms=timed: as the authors' code times them
    const std::size_t ext = extent_of(a.dtype);
    const std::int64_t L = c_.local_size, R = c_.remote_size, l = c_.rank;
    const auto count = static_cast<std::int64_t>(a.count);  // a remote block
    const auto own = static_cast<std::int64_t>(a.send_count);
    if (L >= R) {
      // The whole block to the subgroup's partner; a piece in from B's rank pos_ (remainder
      // processes receive nothing).
      const int peer_out = c_.remote.peer(int(Subgroups{L, R}.owner(l)));
      const int peer_in = c_.remote.peer(pos_ < R ? int(pos_) : MPI_PROC_NULL);
      mpi_check(MPI_Sendrecv(a.send, as_count(own), a.dtype, peer_out, 0,
                             at(a.recv, mine_.offset, ext), as_count(mine_.size), a.dtype, peer_in,
                             0, c_.remote.comm(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv");
      if (step1_.get() != MPI_COMM_NULL) {
        mpi_check(MPI_Allgatherv(MPI_IN_PLACE, 0, a.dtype, a.recv, step1_counts_.data(),
                                 step1_displs_.data(), a.dtype, step1_.get()),
                  "MPI_Allgatherv (step 1)");
      }
    } else {
      // Round t: piece t of the own block to position l of stack t, the whole block of s_l's
      // t-th rank in; the longer subgroups take one round with nothing to send.
      const Subgroups s{R, L};
      const std::int64_t g = R / L;
      for (std::int64_t t = 0; t < s.size(l); ++t) {
        const Piece pc = piece(own, g, t < g ? t : 0);
        const int peer_out = c_.remote.peer(t < g ? int(piece(R, g, t).offset + l) : MPI_PROC_NULL);
        const std::int64_t y_in = s.start(l) + t;  // the sender's rank in the other group
        mpi_check(MPI_Sendrecv(at(a.send, pc.offset, ext), as_count(pc.size), a.dtype, peer_out, 0,
                               at(a.recv, y_in * count, ext), as_count(count), a.dtype,
                               c_.remote.peer(int(y_in)), 0, c_.remote.comm(), MPI_STATUS_IGNORE),
                  "MPI_Sendrecv");
      }
    }
    mpi_check(
        MPI_Allgatherv(MPI_IN_PLACE, 0, a.dtype, a.recv, step2_counts_.data(), step2_displs_.data(),
                       a.dtype, larger_ ? step2_.get() : c_.local.get()),
        "MPI_Allgatherv (step 2)");
    if (timed_comms_) {
      step1_ = Comm();
      step2_ = Comm();
    }
  }

 private:
  // Collective over the group: step 1's position communicator and step 2's stack (the smaller
  // group's step 2 is its whole group).
  void make_subcomms() {
    if (several_stacks_) step1_ = split(c_.local.get(), step1_colour_, c_.rank);
    if (larger_) step2_ = split(c_.local.get(), step2_colour_, c_.rank);
  }

  bool timed_comms_;
  bool larger_ = true, several_stacks_ = false;
  int step1_colour_ = MPI_UNDEFINED, step2_colour_ = 0;
  Comms c_;
  std::int64_t pos_ = 0;  // larger group: position in the stack
  Piece mine_;            // larger group: where the piece from B lands in the receive buffer
  Comm step1_, step2_;
  std::vector<int> step1_counts_, step1_displs_, step2_counts_, step2_displs_;
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgather_euro2(const AlgOptions& options) {
  return std::make_unique<IntergroupAllgatherEuro2>(option_text(options, "comms") == "timed");
}

}  // namespace papbench
