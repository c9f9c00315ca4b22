// The pingpong row of the algorithm registry (collectives/core/registry_tables.hpp): the
// point-to-point measurement the models fit their Hockney parameters to.

#include <vector>

#include "collectives/core/registry_tables.hpp"
#include "collectives/pingpong/pingpong.hpp"

namespace papbench {

std::vector<AlgorithmInfo> pingpong_algorithms() {
  return {
      {.collective = "pingpong",
       .name = "native",
       .summary =
           "rank 0 -> rank 1 -> rank 0 with blocking MPI_Send/MPI_Recv; one-way = round trip / 2",
       .source = "[Hockney1994] alpha, beta for [Proficz2020] Eqs. 3-24",
       .make = make_pingpong_native,
       // sends and receives in the caller's buffers (pingpong/native.cpp)
       .scratch_bytes = no_scratch},
  };
}

}  // namespace papbench
