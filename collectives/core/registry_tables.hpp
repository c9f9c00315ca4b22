#pragma once
// The algorithm table of each collective, one per collective folder
// (collectives/<collective>/algorithms.cpp), each row as registry.hpp's AlgorithmInfo describes.
// algorithm_registry() concatenates them in the order declared here, which is the order of
// `papbench list`, docs/ALGORITHMS.md's tables and the tests. A new algorithm is one row in its
// collective's table; options that several collectives share are in shared_alg_options.hpp.

#include <vector>

#include "collectives/core/registry.hpp"

namespace papbench {

std::vector<AlgorithmInfo> reduce_algorithms();
std::vector<AlgorithmInfo> allreduce_algorithms();
std::vector<AlgorithmInfo> bcast_algorithms();
std::vector<AlgorithmInfo> scatter_algorithms();
std::vector<AlgorithmInfo> gather_algorithms();
std::vector<AlgorithmInfo> allgather_algorithms();
std::vector<AlgorithmInfo> allgatherv_algorithms();
std::vector<AlgorithmInfo> alltoall_algorithms();
std::vector<AlgorithmInfo> alltoallv_algorithms();
std::vector<AlgorithmInfo> reduce_scatter_algorithms();
std::vector<AlgorithmInfo> barrier_algorithms();
std::vector<AlgorithmInfo> intergroup_allgather_algorithms();
std::vector<AlgorithmInfo> intergroup_allgatherv_algorithms();
std::vector<AlgorithmInfo> pingpong_algorithms();
// iallreduce, ireduce, ibcast, iallgather, ialltoall, igather, iscatter: one table, in
// collective_table()'s order (collectives/nonblocking/algorithms.cpp).
std::vector<AlgorithmInfo> nonblocking_algorithms();

}  // namespace papbench
