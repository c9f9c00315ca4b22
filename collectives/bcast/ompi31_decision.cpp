#include "collectives/bcast/ompi31_decision.hpp"

namespace papbench::bcast {

Ompi31Decision ompi31_bcast_decision(int ranks, std::size_t bytes, std::size_t count) {
  // The constants are Open MPI's ("based on MX results for messages up to 36MB and communicator
  // sizes up to 64 nodes"); the lines P = a m + b are compared in double as it does.
  constexpr std::size_t kSmall = 2048, kIntermediate = 370728;
  constexpr double a16 = 3.2118e-6, b16 = 8.7936;
  constexpr double a64 = 2.3679e-6, b64 = 1.1787;
  constexpr double a128 = 1.6134e-6, b128 = 2.1102;
  const auto p = static_cast<double>(ranks);
  const auto m = static_cast<double>(bytes);
  if (bytes < kSmall || count <= 1) return {"binomial", "binomial", 0, 1};
  if (bytes < kIntermediate) return {"split_binary", "split_binary_tree", 1024, 2};
  if (p < a128 * m + b128) return {"chain", "pipeline", 1024 << 7, 3};
  if (ranks < 13) return {"split_binary", "split_binary_tree", 1024 << 3, 4};
  if (p < a64 * m + b64) return {"chain", "pipeline", 1024 << 6, 5};
  if (p < a16 * m + b16) return {"chain", "pipeline", 1024 << 4, 6};
  return {"chain", "pipeline", 1024 << 3, 7};
}

}  // namespace papbench::bcast
