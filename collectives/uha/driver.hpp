#pragma once
// The Universal Hierarchical Algorithm of [Parsons2015] §2.3.1, Fig. 2.1, for any collective:
// the ranks of a node meet in node-shared memory (CopyIn), the node leaders run an unmodified,
// hierarchy-oblivious collective of the same kind on the shared buffers (any registry algorithm,
// option inter=NAME), and every rank takes its result out of shared memory (CopyOut). What
// differs between collectives is in a `Pieces` object (collectives/uha/<collective>.cpp); the
// order of the steps and the node barriers are here, once.

#include <mpi.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/node_shared.hpp"
#include "collectives/uha/node_map.hpp"

namespace papbench::uha {

// BARRIER(Intra_Node_Communicator) of Fig. 2.1 in node-shared memory: a counter every rank
// increments once per barrier; the b-th barrier is passed when it reaches b * node size. The
// counter only grows, so consecutive barriers need no reset, and its acquire/release atomics
// make every rank's CopyIn stores visible to the readers after it (an MPI_Barrier on the node
// communicator would order the ranks but not, by itself, their loads and stores to the window).
class NodeBarrier {
 public:
  NodeBarrier() = default;
  explicit NodeBarrier(MPI_Comm node_comm) : control_(node_comm, 1) {}
  void wait();

 private:
  NodeControl control_;
  std::uint64_t passed_ = 0;
};

// SharedBuff of Fig. 2.1: a node-wide shared region, twice. Call k uses copy k % 2, so a rank
// that has finished call k's CopyOut may start call k+1's CopyIn while a slower rank of its node
// still reads call k's data; call k+2 cannot write copy k % 2 before every rank has passed call
// k+1's first barrier, i.e. has finished call k.
//
// kFile slots live in a memory file instead of an MPI window, each starting on a page, so that a
// rank can map one privately (copyout=cow, [Parsons2015] §2.3.3).
class SharedSlots {
 public:
  enum class Backing { kWindow, kFile };
  SharedSlots() = default;
  // Collective over node_comm; local rank 0 holds the window's memory.
  SharedSlots(MPI_Comm node_comm, std::size_t bytes_per_slot, Backing backing = Backing::kWindow);
  std::byte* slot(int parity) const;
  std::size_t bytes() const { return bytes_; }
  // kFile only: a private copy-on-write mapping of the first `bytes` (> 0) of slot `parity`.
  Mapping map_private(int parity, std::size_t bytes) const;

 private:
  NodeSharedSegment segment_;
  NodeSharedFile file_;
  std::byte* base_ = nullptr;
  std::size_t bytes_ = 0, stride_ = 0;
};

// What the pieces of one collective see of the node.
struct NodeContext {
  NodeMap map;
  MPI_Comm all = MPI_COMM_NULL;  // the case's ranks (a private duplicate)
  MPI_Comm node_comm = MPI_COMM_NULL;
  MPI_Comm leaders = MPI_COMM_NULL;  // MPI_COMM_NULL except on local rank 0
  NodeBarrier* barrier = nullptr;    // for pieces whose CopyIn has two halves (reduce_scatter)
  bool is_leader() const { return leaders != MPI_COMM_NULL; }
};

// One collective's steps of Fig. 2.1. `parity` selects the SharedSlots copy of this call.
class Pieces {
 public:
  virtual ~Pieces() = default;
  // Fig. 2.1 line 2: the vector collectives whose ranks do not know every rank's counts.
  virtual bool unknown_global_pattern() const { return false; }
  // Untimed: allocates the shared buffers for this case and fills inter_args() for copy 0, so
  // the leaders' algorithm can be prepared on them.
  virtual void prepare(const NodeContext& node, const Args& a) = 0;
  virtual void exchange_cnt_data(const Args& /*a*/, int /*parity*/) {}  // line 3
  virtual void copy_in(const Args& a, int parity) = 0;                  // lines 5, 8
  virtual void setup_inter(const Args& a, int parity) = 0;              // lines 6, 9
  virtual void copy_out(const Args& a, int parity) = 0;                 // line 16
  // Algorithm::result_view: where the last copy_out left this rank's result.
  virtual const void* result_view(const Args& a) const { return a.recv; }
  // Line 13's arguments: InterCnts and the shared buffers, on the leaders' communicator.
  const Args& inter_args() const { return inter_; }
  // Pieces whose inter-node phase is not one collective of the node leaders (multileader) run
  // it here, on every rank, instead of line 13; true when this rank took part.
  virtual bool own_inter_phase() const { return false; }
  virtual bool inter(int /*parity*/) { return false; }

 protected:
  Args inter_;
};

class Driver final : public Algorithm {
 public:
  // `inter`: the registry name of the leaders' algorithm for `collective`; ignored when the
  // pieces have their own inter-node phase.
  Driver(std::string_view collective, std::string_view inter, std::unique_ptr<Pieces> pieces);
  void prepare(const Args& a) override;
  void run(const Args& a) override;
  // The phases of the last call, in ns, for [Parsons2015] Fig. 2.6 and Table 2.2.
  std::vector<AlgMetric> iteration_metrics() const override;
  const void* result_view(const Args& a) const override { return pieces_->result_view(a); }

 private:
  std::unique_ptr<Algorithm> inter_;
  std::unique_ptr<Pieces> pieces_;
  std::optional<HierarchyComms> comms_;
  NodeBarrier barrier_;
  NodeContext node_;
  std::uint64_t calls_ = 0;
  std::chrono::nanoseconds copy_in_{}, wait_{}, inter_time_{}, copy_out_{};
};

}  // namespace papbench::uha
