// reduce_scatter/uha: [Parsons2015] §2.3.1 "Reduce-scatter"; the pieces are in
// collectives/uha/reduce_scatter.hpp.
#include "collectives/uha/reduce_scatter.hpp"

#include "collectives/uha/uha.hpp"

namespace papbench {

std::unique_ptr<Algorithm> make_reduce_scatter_uha(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("reduce_scatter", options.at("inter"),
                                       std::make_unique<uha::ReduceScatterPieces>());
}

}  // namespace papbench
