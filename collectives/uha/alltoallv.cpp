// alltoallv/uha: [Parsons2015] §2.3.1 "Alltoall / Alltoallv"; the pieces are in
// collectives/uha/alltoallv.hpp.
#include "collectives/uha/alltoallv.hpp"

#include "collectives/uha/uha.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_alltoallv_uha(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("alltoallv", options.at("inter"),
                                       std::make_unique<uha::AlltoallvPieces>());
}

}  // namespace papbench
