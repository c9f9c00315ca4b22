// intergroup_allgather/euro1: [Kang2018] Algorithm 1, full-duplex exchange without segmentation,
// the ablation that shows why [Kang2019] §4 segments: rank j of the smaller group sends its
// *whole* block to every rank of its subgroup s_j (contiguous, as in Algorithm 1) and receives
// their blocks. A rank of the larger group then holds one whole remote block; the ranks at the
// same position c of every subgroup together hold all of them and allgather them. Where the
// subgroups differ in length ([Kang2018] has q | p only) a subgroup's extra last rank joins
// position 0's gather and contributes nothing (its block is position 0's), so it still receives
// every block; see docs/ALGORITHMS.md, Errata: intergroup euro1.
//
// Cost: (ceil(p/q) + log p) t_s + (max(p/q k_A, ceil(p/q) k_B) + max(p k_A, q k_B)) t_w; the
// smaller group's ceil(p/q) k_B is not bounded by any multiple of M as p/q grows ([Kang2019] §4).
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/intergroup_parts.hpp"
#include "collectives/intergroup_allgather/intergroup_allgather.hpp"

namespace papbench {
namespace {

using namespace intergroup;

class IntergroupAllgatherEuro1 final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    c_ = Comms::make(a.comm);
    const std::int64_t L = c_.local_size, R = c_.remote_size, l = c_.rank;
    const auto rcount = static_cast<std::int64_t>(a.count);
    std::vector<std::int64_t> counts, displs;
    if (L > R) {
      const Subgroups s{L, R};
      const std::int64_t positions = L / R;  // the shortest subgroup's length
      const std::int64_t j = s.owner(l), pos = l - s.start(j);
      MPI_Comm column = MPI_COMM_NULL;
      mpi_check(MPI_Comm_split(c_.local.get(), int(pos % positions), int(l), &column),
                "MPI_Comm_split");
      column_ = Comm(column);
      // Members in local-rank order: subgroup by subgroup, so block j_x lands at j_x * rcount.
      for (std::int64_t x = 0; x < L; ++x) {
        const std::int64_t jx = s.owner(x), px = x - s.start(jx);
        if (px % positions != pos % positions) continue;
        counts.push_back(px < positions ? rcount : 0);
        displs.push_back(jx * rcount);
      }
    } else {
      const Subgroups s{R, L};
      column_ = Comm::dup(c_.local.get());
      for (std::int64_t x = 0; x < L; ++x) {
        counts.push_back(s.size(x) * rcount);
        displs.push_back(s.start(x) * rcount);
      }
    }
    to_ints(counts, counts_);
    to_ints(displs, displs_);
  }

  void run(const Args& a) override {
    const std::size_t ext = extent_of(a.dtype);
    const std::int64_t L = c_.local_size, R = c_.remote_size, l = c_.rank;
    const auto count = static_cast<std::int64_t>(a.count);  // a remote block
    const int n = as_count(count);
    const int out = as_count(static_cast<std::int64_t>(a.send_count));
    if (L >= R) {
      const std::int64_t j = L == R ? l : Subgroups{L, R}.owner(l);
      const int peer = c_.remote.peer(int(j));
      mpi_check(MPI_Sendrecv(a.send, out, a.dtype, peer, 0, at(a.recv, j * count, ext), n, a.dtype,
                             peer, 0, c_.remote.comm(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv");
    } else {
      const Subgroups s{R, L};
      for (std::int64_t t = 0; t < s.size(l); ++t) {
        const std::int64_t y = s.start(l) + t;  // the partner in the other group
        const int peer = c_.remote.peer(int(y));
        mpi_check(MPI_Sendrecv(a.send, out, a.dtype, peer, 0, at(a.recv, y * count, ext), n,
                               a.dtype, peer, 0, c_.remote.comm(), MPI_STATUS_IGNORE),
                  "MPI_Sendrecv");
      }
    }
    mpi_check(MPI_Allgatherv(MPI_IN_PLACE, 0, a.dtype, a.recv, counts_.data(), displs_.data(),
                             a.dtype, column_.get()),
              "MPI_Allgatherv (local group)");
  }

 private:
  Comms c_;
  Comm column_;  // larger group: the ranks at one position of every subgroup; smaller: all
  std::vector<int> counts_, displs_;
};

}  // namespace

std::unique_ptr<Algorithm> make_intergroup_allgather_euro1(const AlgOptions& /*options*/) {
  return std::make_unique<IntergroupAllgatherEuro1>();
}

}  // namespace papbench
