#pragma once
// The intra-node copy-out methods of [Parsons2015] §2.3.3 for allgather/uha and bcast/uha
// (option copyout=NAME): how the leaders' result in node-shared memory reaches every rank.
//   memcpy  every rank copies at once ("Mem. Copy"; the other collectives always do this)
//   bcast   the leader copies, then MPI_Bcast on the node communicator from its copy
//   numa    one copier per region of the node copies, then Isends its copy to the rest of its
//           region (the "NUMA-friendly hybrid"; regions=R consecutive blocks of local ranks)
//   shared  no copy: the result is the node-shared buffer itself ("Shared Memory")
//   cow     a private copy-on-write mapping of the node-shared buffer ("Copy-on-Write")
// shared and cow hand the result back outside the caller's receive buffer (Algorithm::
// result_view), which the thesis says "defies the MPI standard"; the receive buffer is left
// untouched. How long such a result stays valid: docs/ALGORITHMS.md, UHA.

#include <mpi.h>

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/node_shared.hpp"
#include "collectives/uha/driver.hpp"

namespace papbench::uha {

class CopyOutMethod {
 public:
  enum class Kind { kMemcpy, kBcast, kNuma, kShared, kCow };
  CopyOutMethod() = default;
  // Options copyout and regions as the registry resolved them.
  explicit CopyOutMethod(const AlgOptions& options);
  // Whether the resolved options put the result outside the receive buffer (shared, cow).
  static bool outside_recv(const AlgOptions& options);
  bool outside_recv() const { return kind_ == Kind::kShared || kind_ == Kind::kCow; }

  // Untimed: the node-shared buffer the result lands in, two copies of `bytes_per_slot` (in a
  // memory file for cow, which maps it privately), and room for the numa copier's requests.
  SharedSlots prepare(const NodeContext& node, std::size_t bytes_per_slot);

  // Copy-out of this call, whose result is in `slots`' copy `parity`. memcpy, bcast, numa:
  // `copy` copies it into this rank's `recv` (`bytes` long); the methods other than memcpy call
  // it on their copiers only, which then send `recv` on. shared, cow: the first `bytes` of the
  // copy must be laid out as `recv`; they become the result, and `recv` is left alone.
  void run(const NodeContext& node, const SharedSlots& slots, int parity,
           const std::function<void()>& copy, void* recv, std::size_t bytes);
  // Where the last run() left this rank's result.
  const void* result_view(const void* recv) const { return outside_recv() ? view_ : recv; }

 private:
  void numa(const NodeContext& node, const std::function<void()>& copy, void* recv,
            std::size_t bytes);

  Kind kind_ = Kind::kMemcpy;
  int regions_ = 4;
  std::vector<MPI_Request> sends_;
  const void* view_ = nullptr;  // shared, cow
  Mapping private_;             // cow: the last call's private view
};

}  // namespace papbench::uha
