#pragma once
// Factories of the Universal Hierarchical Algorithm ([Parsons2015] §2.3.1, Fig. 2.1), one per
// collective, each listed in its collective's table (collectives/<collective>/algorithms.cpp) as
// `<collective>/uha`, their shared options in collectives/core/shared_alg_options.hpp. The generic
// driver is collectives/uha/driver.hpp; each collective's CopyIn, SetupInter and CopyOut live in
// collectives/uha/<collective>.cpp.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

// Options: inter=NAME, the registry algorithm of the same collective that the node leaders run
// on the shared buffers.
AlgFactory make_allgather_uha, make_allgatherv_uha, make_alltoall_uha, make_alltoallv_uha,
    make_scatter_uha, make_bcast_uha, make_reduce_scatter_uha;
// allgather and bcast also take copyout=memcpy|bcast|numa|shared|cow and regions=R
// (collectives/uha/copy_out.hpp); true when copyout puts the result outside the receive buffer.
bool uha_result_outside_recv(const AlgOptions& resolved);
// Options: leaders=L, inter=NAME, scheme=p2p|shared (collectives/uha/multileader.cpp).
AlgFactory make_allgather_multileader;
// Options: senders=K|all (collectives/uha/scatter_ms.cpp).
AlgFactory make_scatter_uha_ms;
// Options: senders=K|all (collectives/uha/bcast_ms.cpp, allgather_ms.cpp,
// reduce_scatter_ms.cpp, alltoallv_ms.cpp).
AlgFactory make_bcast_uha_ms, make_allgather_uha_ms, make_reduce_scatter_uha_ms,
    make_alltoallv_uha_ms;

}  // namespace papbench
