#pragma once
// [Nuriyev2022] §5.2's communication experiment around any broadcast algorithm: the broadcast,
// then a barrier and the flat gather without synchronization of `gather-after` bytes from every
// rank to the root, all inside the timed call, so that the root's elapsed time is
// T_comm_experiment = T_bcast(P, m) + T_flat_gather(P, m_s) (Eq. (16)), "measured using the root
// clock where it is started" (§6.1). The barrier is the third of §6.1's three; it lies inside the
// timed interval although Eq. (16) does not model it, as in the authors' experiment.

#include <functional>
#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

using AlgorithmFactory = std::function<std::unique_ptr<Algorithm>(const AlgOptions&)>;

// A factory that makes what `inner` makes and, when the resolved option gather-after is above 0,
// wraps it in the experiment.
AlgorithmFactory with_gather_after(AlgorithmFactory inner);

// params record gather-after only when it is on, so a plain broadcast keeps its label.
std::string gather_after_effective(const AlgOptions& resolved, std::uint64_t count,
                                   std::size_t extent, int ranks);

}  // namespace papbench
