#pragma once
// Factories of the reduce algorithms; one file per algorithm under collectives/reduce/, each listed
// in collectives/reduce/algorithms.cpp.

#include <memory>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_reduce_native(const AlgOptions& options);  // MPI_Reduce
std::unique_ptr<Algorithm> make_reduce_binomial(const AlgOptions& options);
// Clairvoyant (CLV, [ProficzOcetkiewicz2021]): needs the PAT runtime's arrival times.
std::unique_ptr<Algorithm> make_reduce_clairvoyant(const AlgOptions& options);
std::unique_ptr<Algorithm> make_reduce_rabenseifner(const AlgOptions& options);
std::unique_ptr<Algorithm> make_reduce_radixk(const AlgOptions& options);  // radix=K
std::unique_ptr<Algorithm> make_reduce_ring(const AlgOptions& options);
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] reduce.c).
std::unique_ptr<Algorithm> make_reduce_mpich_binomial(const AlgOptions& options);
std::unique_ptr<Algorithm> make_reduce_mpich_rsg(const AlgOptions& options);
// Hierarchical and dynamic-leader reduces of [Parsons2015] §3.7.1 on node-shared memory.
std::unique_ptr<Algorithm> make_reduce_hier_barrier(const AlgOptions& options);
std::unique_ptr<Algorithm> make_reduce_hier_opt(const AlgOptions& options);   // lock=
std::unique_ptr<Algorithm> make_reduce_dynleader(const AlgOptions& options);  // kdeg=, cleanup=
std::unique_ptr<Algorithm> make_reduce_dynleader_os(const AlgOptions& options);

// The group sizes of radixk's rounds for `size` ranks, product `size`: the radix while it
// divides what is left, else the largest divisor up to the radix, else the smallest prime factor.
std::vector<int> radix_rounds(int size, int radix);

}  // namespace papbench
