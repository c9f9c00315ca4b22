// allreduce/recursive-doubling: MPICH's recursive doubling ([MPICH] v4.0.2
// src/mpi/coll/allreduce/allreduce_intra_recursive_doubling.c,
// MPIR_Allreduce_intra_recursive_doubling; the same schedule as v3.0.4 allreduce.c
// MPIR_Allreduce_intra's short-message path). Every step exchanges the whole vector with the
// partner at distance 1, 2, 4, ... and combines it, so after log2 steps every participant holds
// the reduction. MPICH picks it for short messages, user-defined ops and count < pof2 (v4.0.2
// maint/tuning/coll/mpir/generic.json); Open MPI 4.1.4's
// ompi_coll_base_allreduce_intra_recursivedoubling is the same schedule.
//
// Non-powers of two: MPICH's fold onto pof2 participants (pof2_fold.hpp).
//
// Order of operands (MPICH's rule): a participant's newrank block covers consecutive real ranks,
// so the received vector comes from lower ranks exactly when dst < rank; then it is combined
// first (tmp op acc), otherwise second (acc op tmp, copied back). The fold combines rank - 1's
// vector first. So non-commutative ops get MPI's order, rank 0 to P-1, and no restriction applies.
//
// Cost = lgp.alpha + n.lgp.beta + n.lgp.gamma (MPICH's comment; n = vector bytes); when pof2 < P
// the fold and the final send add 2.alpha + 2.n.beta + n.gamma.
#include "collectives/allreduce/allreduce.hpp"
#include "collectives/allreduce/pof2_fold.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/mpich_p2p.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kAllreduceRdTag = 60;

class AllreduceRecursiveDoubling final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    int commute = 0;
    mpi_check(MPI_Op_commutative(a.op, &commute), "MPI_Op_commutative");
    commutative_ = commute != 0;
    tmp_.reserve(a.count * extent_of(a.dtype));  // MPICH's tmp_buf: one whole vector
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "allreduce/recursive-doubling");
    const std::size_t ext = extent_of(a.dtype);
    auto* acc = static_cast<std::byte*>(a.recv);
    local_copy(a.send, acc, a.count, ext);
    if (a.count == 0) return;
    const int rank = comm_.rank();
    const int n = count_as_int(a.count, "allreduce count");
    std::byte* tmp = tmp_.data();

    const allreduce_fold::Pof2Group group =
        allreduce_fold::fold_in(comm_.get(), acc, tmp, a.count, a.dtype, a.op, kAllreduceRdTag);
    if (group.newrank != -1) {
      for (int mask = 1; mask < group.pof2; mask <<= 1) {
        const int dst = group.real(group.newrank ^ mask);
        mpi_check(MPI_Sendrecv(acc, n, a.dtype, dst, kAllreduceRdTag, tmp, n, a.dtype, dst,
                               kAllreduceRdTag, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Sendrecv");
        if (commutative_ || dst < rank) {
          combine(tmp, acc, a.count, a.dtype, a.op);
        } else {
          combine(acc, tmp, a.count, a.dtype, a.op);
          local_copy(tmp, acc, a.count, ext);
        }
      }
    }
    allreduce_fold::fold_out(comm_.get(), group, acc, a.count, a.dtype, kAllreduceRdTag);
  }

 private:
  Comm comm_;
  std::size_t count_ = 0;
  bool commutative_ = true;
  Scratch tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allreduce_recursive_doubling(const AlgOptions& /*options*/) {
  return std::make_unique<AllreduceRecursiveDoubling>();
}

}  // namespace papbench
