// bcast/patyuan-dl: "Pat. Dyn. Lead." ("Pat. DL", Tables B.5-B.9) of [Parsons2015] §3.9.2,
// Fig. 3.23: "the Patarasuk algorithm for the inter-node communication with dynamic leader
// selection". As in bcast/dynleader (§3.7.2, Fig. 3.16) the root leads its node and the FIRST
// process to arrive leads every other node in this call; the leaders run the exchange of
// [PatarasukYuan2008] (bcast/patyuan), the root serving, into their node's shared buffer, from
// which every process copies the message out and leaves once it is valid
// (collectives/bcast/hier_driver.hpp; docs/ALGORITHMS.md, Inferred: bcast/patyuan variants).
//
// The exchange needs no identification messages of its own: a leader's control message to the
// root says who leads its node, and the root (or a group's first leader) answers it; so unlike
// bcast/dynleader no message goes to a node's other processes.
//
// Cost, balanced: the root's ceil((N-1)/g) replies between N nodes (g = group) + (g-1) forwards
// in the last group + a copy per process; under imbalance the message waits for the root and
// each node's first process only, and nodes that arrive apart are served apart.
#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/hier_driver.hpp"
#include "collectives/core/alg_option.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_patyuan_dl(const AlgOptions& options) {
  using namespace hier_bcast;
  return make(
      {.name = "bcast/patyuan-dl", .leaders = Leaders::kFirstArrival, .barriers = Barriers::kNone},
      patyuan(static_cast<int>(option_integer(options, "group"))));
}

}  // namespace papbench
