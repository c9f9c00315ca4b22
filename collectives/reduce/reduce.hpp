#pragma once
// Factories of the reduce algorithms; one file per algorithm under collectives/reduce/, each listed
// in collectives/reduce/algorithms.cpp.

#include <memory>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench {

AlgFactory make_reduce_native;  // MPI_Reduce
AlgFactory make_reduce_binomial;
// Clairvoyant (CLV, [ProficzOcetkiewicz2021]): needs the PAT runtime's arrival times.
AlgFactory make_reduce_clairvoyant, make_reduce_rabenseifner;
AlgFactory make_reduce_radixk;  // radix=K
AlgFactory make_reduce_ring;
// MPICH 3.0.4 re-implemented on point-to-point ([MPICH] reduce.c).
AlgFactory make_reduce_mpich_binomial, make_reduce_mpich_rsg;
// Hierarchical and dynamic-leader reduces of [Parsons2015] §3.7.1 on node-shared memory.
AlgFactory make_reduce_hier_barrier;
AlgFactory make_reduce_hier_opt;   // lock=
AlgFactory make_reduce_dynleader;  // kdeg=, cleanup=
AlgFactory make_reduce_dynleader_os;

// The group sizes of radixk's rounds for `size` ranks, product `size`: the radix while it
// divides what is left, else the largest divisor up to the radix, else the smallest prime factor.
std::vector<int> radix_rounds(int size, int radix);

}  // namespace papbench
