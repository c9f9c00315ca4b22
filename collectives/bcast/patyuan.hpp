#pragma once
// The exchange of bcast/patyuan ([PatarasukYuan2008]; [Parsons2015] §3.9.2) on its own, so that
// hierarchical variants ("Pat. Hier.", "Pat. DL", Fig. 3.23) can run it among node leaders: the
// root answers control messages from the other participants, in groups of ranks that arrived
// together, and the first of each group forwards the data to the rest (collectives/bcast/
// patyuan.cpp).

#include <mpi.h>

#include <cstdint>
#include <vector>

namespace papbench {

class PatYuanExchange {
 public:
  explicit PatYuanExchange(int group) : group_(group) {}

  // One broadcast on `comm` (a private communicator: receives use MPI_ANY_SOURCE). `call`
  // numbers the calls and must be the same on all participants of one call (e.g. a
  // NodeControl generation); participants may change from call to call.
  // The root: answers `waiting` control messages, one from every other participant.
  void serve(MPI_Comm comm, std::uint64_t call, void* buf, int n, MPI_Datatype type, int waiting);
  // Every other participant: announces itself to `root` and receives, then forward()s to the
  // ranks the root grouped with it. Two steps, so that a node leader can make the message
  // valid on its node in between (collectives/bcast/hier_driver.hpp).
  void receive(MPI_Comm comm, std::uint64_t call, void* buf, int n, MPI_Datatype type, int root);
  void forward(MPI_Comm comm, const void* buf, int n, MPI_Datatype type);

 private:
  void send_to(MPI_Comm comm, int rank, const std::vector<int>& forward, const void* buf, int n,
               MPI_Datatype type);

  int group_;
  std::vector<int> forward_to_;  // the root's current group, or the ranks a receiver serves
  int nothing_ = 0;              // the buffer of empty messages
};

}  // namespace papbench
