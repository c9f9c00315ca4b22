#pragma once
// Open MPI 3.1's fixed bcast decision ([OpenMPI] coll_tuned_decision_fixed.c,
// ompi_coll_tuned_bcast_intra_dec_fixed, v3.1.6; [Nuriyev2022] §6.1, Listing 1, which omits the
// segment sizes): what the tuned component runs for P ranks and a message of `bytes` bytes in
// `count` elements when no algorithm is forced. Pure; the installed library may decide otherwise
// (Open MPI 4 has another function), which is why this is kept as 3.1 wrote it.

#include <cstddef>
#include <string_view>

namespace papbench::bcast {

struct Ompi31Decision {
  std::string_view algorithm;  // registry name: binomial, split_binary or chain
  std::string_view ompi_name;  // Open MPI's: binomial, split_binary_tree or pipeline
  std::size_t segsize = 0;     // bytes; 0: no segmentation
  int branch = 0;              // 1..7, the decision's branches in the order they are tested
};

// `count` matters only through "count <= 1" (one element of a large type goes binomial).
Ompi31Decision ompi31_bcast_decision(int ranks, std::size_t bytes, std::size_t count);

}  // namespace papbench::bcast
