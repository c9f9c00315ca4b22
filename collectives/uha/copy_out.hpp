#pragma once
// The intra-node copy-out methods of [Parsons2015] §2.3.3 for allgather/uha and bcast/uha
// (option copyout=NAME): how the leaders' result in node-shared memory reaches every rank's
// private receive buffer.
//   memcpy  every rank copies at once ("Mem. Copy"; the other collectives always do this)
//   bcast   the leader copies, then MPI_Bcast on the node communicator from its copy
//   numa    one copier per region of the node copies, then Isends its copy to the rest of its
//           region (the "NUMA-friendly hybrid"; regions=R consecutive blocks of local ranks)
// The thesis' "shared memory" (return a pointer into the shared buffer) and "copy-on-write"
// methods return something other than the caller's buffer and are not offered (docs/
// ALGORITHMS.md, UHA).

#include <mpi.h>

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"
#include "collectives/uha/driver.hpp"

namespace papbench::uha {

class CopyOutMethod {
 public:
  enum class Kind { kMemcpy, kBcast, kNuma };
  CopyOutMethod() = default;
  // Options copyout and regions as the registry resolved them.
  explicit CopyOutMethod(const AlgOptions& options);
  // Untimed: room for the numa copier's requests.
  void prepare(const NodeContext& node);

  // `copy` copies this call's shared result into this rank's `recv` (`bytes` long); the
  // methods other than memcpy call it on their copiers only, which then send `recv` on.
  void run(const NodeContext& node, const std::function<void()>& copy, void* recv,
           std::size_t bytes);

 private:
  void numa(const NodeContext& node, const std::function<void()>& copy, void* recv,
            std::size_t bytes);

  Kind kind_ = Kind::kMemcpy;
  int regions_ = 4;
  std::vector<MPI_Request> sends_;
};

}  // namespace papbench::uha
