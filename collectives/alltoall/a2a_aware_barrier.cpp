// alltoall/a2a-aware-barrier: alltoall/a2a-aware with an intra-node barrier after the copy-in
// ([Parsons2015] §3.9.3, Fig. 3.26, "aware with barrier"). Nothing leaves a node before all its
// ranks have arrived, so no data is pre-sent and every node pair travels as one message, while
// the multiple senders and receivers stay: it isolates what the multi-sender scheme gains (network
// utilisation) from what pre-sending gains under imbalance.
#include "collectives/alltoall/a2a_aware.hpp"
#include "collectives/alltoall/alltoall.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_alltoall_aware_barrier(const AlgOptions& /*options*/) {
  // After the barrier every segment is ready, so each node pair is one whole buffer and a
  // minimum fragment size never applies.
  return alltoall_aware::make(0, true);
}

}  // namespace papbench
