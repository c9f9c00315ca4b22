#pragma once
// What a collective needs around an algorithm: its buffers with deterministic input, and an exact
// check of the output. One Workload per case; reset() and check() are outside the timed region.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench {

struct CollectiveInfo {
  std::string_view name;
  std::string_view summary;
  bool rooted;      // takes --root
  bool uses_op;     // takes --op
  bool intergroup;  // runs on an intercommunicator of two groups (--groups p:q)
};

std::span<const CollectiveInfo> collective_table();
const CollectiveInfo* find_collective(std::string_view name);

struct DatatypeInfo {
  std::string_view name;
  MPI_Datatype type;
  std::size_t size;
  bool floating;
};
std::span<const DatatypeInfo> datatype_table();
const DatatypeInfo* find_datatype(std::string_view name);

struct OpInfo {
  std::string_view name;
  MPI_Op op;
  bool integer_only;  // bitwise/logical ops
};
std::span<const OpInfo> op_table();
const OpInfo* find_op(std::string_view name);

class Workload {
 public:
  // comm: the communicator the algorithm runs on (an intercommunicator for intergroup ones).
  // count: elements per rank block (see docs/ALGORITHMS.md for each collective's meaning).
  Workload(const CollectiveInfo& collective, MPI_Comm comm, int root, const DatatypeInfo& dtype,
           const OpInfo& op, std::uint64_t count);
  ~Workload();
  Workload(const Workload&) = delete;
  Workload& operator=(const Workload&) = delete;

  const Args& args() const { return args_; }
  // Refills the input and poisons the output so a validated iteration cannot pass on stale data.
  void reset();
  // Local check of this rank's output; on failure `why` says the first wrong element.
  bool check(std::string* why) const;

 private:
  struct Buffers;
  std::unique_ptr<Buffers> buffers_;
  Args args_;
};

}  // namespace papbench
