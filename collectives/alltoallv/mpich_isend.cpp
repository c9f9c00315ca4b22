// alltoallv/mpich-isend: MPICH 3.0.4's alltoallv ([MPICH] alltoallv.c, MPIR_Alltoallv_intra;
// [Parsons2015] §2.3.1, the UHA's inter-node alltoallv). As alltoall/mpich-isend: rounds of at most
// `throttle` partners (MPIR_PARAM_ALLTOALL_THROTTLE; 0: all P at once), receives from rank + i
// posted before sends to rank - i, a Waitall per round; empty blocks post nothing.
//
// Cost = ceil(p/t).alpha + n.beta, rounds serialised (t = throttle, n = this rank's bytes).
#include "collectives/alltoallv/alltoallv.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/throttled_isend.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_alltoallv_mpich_isend(const AlgOptions& options) {
  constexpr int kAlltoallvMpichIsendTag = 47;
  return make_throttled_isend(ExchangeBlocks::kVarying,
                              static_cast<int>(option_integer(options, "throttle")),
                              kAlltoallvMpichIsendTag);
}

}  // namespace papbench
