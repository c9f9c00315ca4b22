// allreduce/ring-segmented: Open MPI's pipelined ring allreduce ([OpenMPI] v4.1.4
// ompi/mca/coll/base/coll_base_allreduce.c, ompi_coll_base_allreduce_intra_ring_segmented;
// coll_tuned's algorithm 5 "segmented_ring"): the ring's reduce-scatter runs once per phase on
// one segment of every block, so a large vector's blocks travel in pieces of about `segsize`
// bytes; then the ring allgather of whole blocks. The phase rule is allreduce_ring::
// segmented_phases (ring_driver.hpp); below P * segcount elements it is the plain ring, as Open
// MPI. The default segment, 1 MiB, is Open MPI 3.1's fixed decision's (v3.1.0
// coll_tuned_decision_fixed.c, ompi_coll_tuned_allreduce_intra_dec_fixed: segment_size = 1 << 20);
// 4.1.4's coll_tuned_allreduce_algorithm_segmentsize defaults to 0, which is the plain ring.
// Commutative ops only, as Open MPI.
//
// Cost = (phases + 1).(p-1).alpha + 2.n.((p-1)/p).beta + n.((p-1)/p).gamma (n = vector bytes).
#include "collectives/allreduce/allreduce.hpp"
#include "collectives/allreduce/ring_driver.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_allreduce_ring_segmented(const AlgOptions& options) {
  return allreduce_ring::make("allreduce/ring-segmented", allreduce_ring::segmented_phases,
                              options);
}

}  // namespace papbench
