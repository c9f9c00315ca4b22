#pragma once
// The ring allreduce of Open MPI ([OpenMPI] v4.1.4 ompi/mca/coll/base/coll_base_allreduce.c,
// ompi_coll_base_allreduce_intra_ring and _ring_segmented), shared by allreduce/ring and
// allreduce/ring-segmented: the two functions run the same steps, the segmented one in several
// phases of one segment per block. Each variant's file supplies only how many phases a call runs
// (RingPhases); the steps live once, here.
//
// Steps, as Open MPI: the vector is split into P blocks (the first count % P one element larger,
// COLL_BASE_COMPUTE_BLOCKCOUNT), each block into `phases` segments the same way. In each phase,
// rank r posts a receive from r - 1, sends its block r's segment to r + 1, and in steps k = 2 ..
// P - 1 posts the next receive, waits for the previous one, combines it into block (r - k + 1)'s
// segment and sends that on; the last receive is combined into block r + 1, which is then fully
// reduced at r. A ring allgather "with ranks shifted by 1" hands the blocks round (P - 1 steps).
// Two receive buffers of the largest segment alternate (one when P = 2).
//
// Open MPI's fallbacks are kept, so that the algorithm measured is the library's: the ring runs
// allreduce/recursive-doubling when count < P, the segmented ring the plain ring when count <
// P * segcount (docs/ALGORITHMS.md, Decision: allreduce counts below P).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "collectives/core/algorithm.hpp"

namespace papbench::allreduce_ring {

// The number of phases of a call of `count` elements of `type_size` bytes on `size` ranks (>= 2,
// count >= size); 1 for the plain ring.
using RingPhases = int (*)(const AlgOptions& resolved, std::size_t count, int size,
                           std::size_t type_size);

// ring: one phase.
int one_phase(const AlgOptions& resolved, std::size_t count, int size, std::size_t type_size);
// ring-segmented (option segsize, bytes): Open MPI's COLL_BASE_COMPUTED_SEGCOUNT gives segcount =
// segsize / type_size, plus one when the rest exceeds half an element (only when type_size <=
// segsize < count * type_size; otherwise segcount = count); one phase when count < size *
// segcount, else count / (size * segcount), plus one when the rest is at least size and above half
// of size * segcount.
int segmented_phases(const AlgOptions& resolved, std::size_t count, int size,
                     std::size_t type_size);

// Elements of one receive buffer: the largest segment, ceil(ceil(count / size) / phases); 0 when
// the call falls back to recursive doubling (count < size) or there is no ring (size 1).
std::size_t inbuf_elems(RingPhases phases, const AlgOptions& resolved, std::size_t count, int size,
                        std::size_t type_size);

std::unique_ptr<Algorithm> make(std::string_view name, RingPhases phases,
                                const AlgOptions& resolved);

}  // namespace papbench::allreduce_ring
