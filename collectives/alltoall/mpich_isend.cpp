// alltoall/mpich-isend: MPICH 3.0.4's medium-message alltoall ([MPICH] alltoall.c,
// MPIR_Alltoall_intra, with Tony Ladd's throttle; [Parsons2015] §3.7.3, "MPICH Isend"). In rounds
// of at most `throttle` partners (MPIR_PARAM_ALLTOALL_THROTTLE; 0: all P at once), a rank posts
// receives from rank + i and then sends to rank - i, i = round start .. round end, and waits for
// the round to finish before the next. Its own block goes through the same Isend/Irecv.
//
// Cost = ceil(p/t).alpha + n.beta, rounds serialised (t = throttle, n = p blocks, bytes).
#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/throttled_isend.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_alltoall_mpich_isend(const AlgOptions& options) {
  constexpr int kAlltoallMpichIsendTag = 46;
  return make_throttled_isend(ExchangeBlocks::kEven,
                              static_cast<int>(option_integer(options, "throttle")),
                              kAlltoallMpichIsendTag);
}

}  // namespace papbench
