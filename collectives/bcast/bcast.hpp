#pragma once
// Factories of the bcast algorithms; one file per algorithm under collectives/bcast/, each listed
// in collectives/bcast/algorithms.cpp. Besides the library's own, the six trees of Open MPI 3.1's
// coll/base that [Nuriyev2022] models (§3, §4; [OpenMPI] coll_base_bcast.c, v3.1.6).

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_bcast_native;        // MPI_Bcast
AlgFactory make_bcast_flat;          // basic_linear
AlgFactory make_bcast_chain;         // pipeline
AlgFactory make_bcast_kchain;        // chain, fanout K
AlgFactory make_bcast_binary;        // bintree
AlgFactory make_bcast_split_binary;  // split_bintree
AlgFactory make_bcast_binomial;      // binomial
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] bcast.c, MPIR_Bcast_binomial).
AlgFactory make_bcast_mpich_binomial;
// Hierarchical and dynamic-leader broadcasts of [Parsons2015] §3.7.2 on node-shared memory.
AlgFactory make_bcast_hier_barrier, make_bcast_hier_opt;
AlgFactory make_bcast_dynleader;  // kdeg=
AlgFactory make_bcast_dynleader_os;
// [PatarasukYuan2008] as [Parsons2015] §3.9.2 runs it: control messages to the root, which serves
// arrivals in groups of at most group=G ranks.
AlgFactory make_bcast_patyuan;
// Its hierarchical variants (Fig. 3.23): exchange among node leaders, node-shared copy-out.
AlgFactory make_bcast_patyuan_hier, make_bcast_patyuan_opt, make_bcast_patyuan_dl;

}  // namespace papbench
