#pragma once
// Factories of the bcast algorithms; one file per algorithm under collectives/bcast/, each listed
// in collectives/bcast/algorithms.cpp. Besides the library's own, the six trees of Open MPI 3.1's
// coll/base that [Nuriyev2022] models (§3, §4; [OpenMPI] coll_base_bcast.c, v3.1.6).

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_bcast_native(const AlgOptions& options);        // MPI_Bcast
std::unique_ptr<Algorithm> make_bcast_flat(const AlgOptions& options);          // basic_linear
std::unique_ptr<Algorithm> make_bcast_chain(const AlgOptions& options);         // pipeline
std::unique_ptr<Algorithm> make_bcast_kchain(const AlgOptions& options);        // chain, fanout K
std::unique_ptr<Algorithm> make_bcast_binary(const AlgOptions& options);        // bintree
std::unique_ptr<Algorithm> make_bcast_split_binary(const AlgOptions& options);  // split_bintree
std::unique_ptr<Algorithm> make_bcast_binomial(const AlgOptions& options);      // binomial
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] bcast.c, MPIR_Bcast_binomial).
std::unique_ptr<Algorithm> make_bcast_mpich_binomial(const AlgOptions& options);
// Hierarchical and dynamic-leader broadcasts of [Parsons2015] §3.7.2 on node-shared memory.
std::unique_ptr<Algorithm> make_bcast_hier_barrier(const AlgOptions& options);
std::unique_ptr<Algorithm> make_bcast_hier_opt(const AlgOptions& options);
std::unique_ptr<Algorithm> make_bcast_dynleader(const AlgOptions& options);  // kdeg=
std::unique_ptr<Algorithm> make_bcast_dynleader_os(const AlgOptions& options);
// [PatarasukYuan2008] as [Parsons2015] §3.9.2 runs it: control messages to the root, which serves
// arrivals in groups of at most group=G ranks.
std::unique_ptr<Algorithm> make_bcast_patyuan(const AlgOptions& options);
// Its hierarchical variants (Fig. 3.23): exchange among node leaders, node-shared copy-out.
std::unique_ptr<Algorithm> make_bcast_patyuan_hier(const AlgOptions& options);
std::unique_ptr<Algorithm> make_bcast_patyuan_opt(const AlgOptions& options);
std::unique_ptr<Algorithm> make_bcast_patyuan_dl(const AlgOptions& options);

}  // namespace papbench
