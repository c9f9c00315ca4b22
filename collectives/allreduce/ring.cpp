// allreduce/ring: Open MPI's ring allreduce ([OpenMPI] v4.1.4 ompi/mca/coll/base/
// coll_base_allreduce.c, ompi_coll_base_allreduce_intra_ring; coll_tuned's algorithm 4 "ring"): a
// ring reduce-scatter of P blocks, then a ring allgather, 2.(P - 1) steps; recursive doubling when
// count < P, as Open MPI. The steps are collectives/allreduce/ring_driver.hpp's; this variant runs
// them in one phase. Commutative ops only (Open MPI: "DOES NOT preserve order of operations").
//
// Cost = 2.(p-1).alpha + 2.n.((p-1)/p).beta + n.((p-1)/p).gamma (n = vector bytes).
#include "collectives/allreduce/allreduce.hpp"
#include "collectives/allreduce/ring_driver.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_allreduce_ring(const AlgOptions& options) {
  return allreduce_ring::make("allreduce/ring", allreduce_ring::one_phase, options);
}

}  // namespace papbench
