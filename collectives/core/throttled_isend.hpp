#pragma once
// MPICH 3.0.4's isend exchange, shared by alltoall/mpich-isend (alltoall.c's medium-message
// MPIR_Alltoall_intra, with Tony Ladd's throttle) and alltoallv/mpich-isend (alltoallv.c,
// MPIR_Alltoallv_intra): in rounds of at most `throttle` partners (MPIR_PARAM_ALLTOALL_THROTTLE;
// 0: all P at once), a rank posts receives from rank + i and then sends to rank - i, i = round
// start .. round end, and waits for the round to finish before the next. Its own block goes
// through the same Isend/Irecv; an empty block posts nothing. The two collectives differ only in
// where a partner's block is.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

enum class ExchangeBlocks {
  kEven,     // alltoall: a.count elements per partner, block j at j * a.count
  kVarying,  // alltoallv: send a.counts/a.displs, receive a.recv_counts/a.recv_displs
};

std::unique_ptr<Algorithm> make_throttled_isend(ExchangeBlocks blocks, int throttle, int tag);

}  // namespace papbench
