#pragma once
// The node-leader broadcasts over node-shared memory of [Parsons2015] §3.7 and §3.9.2, Fig. 3.23
// (bcast/hier-barrier, hier-opt, patyuan-hier, patyuan-opt, patyuan-dl): one leader per node moves
// the message between nodes into its node's shared buffer (SharedBcastBuffer), from which the
// node's other processes copy it out. The order of the steps is here, once; a variant (its file
// under collectives/bcast/) supplies only what differs: how the message moves between the leaders
// (Between), which process leads a node (Leaders) and where the node meets in barriers (Barriers).
//
// The root always leads its own node (as HierLayout's static leaders and bcast/dynleader's dynamic
// ones do), so a root that is not its node's local rank 0 never has to hand the message to another
// leader first: it sends from its own copy in the shared buffer.

#include <memory>

#include "collectives/core/algorithm.hpp"

namespace papbench {

class HierLayout;

namespace hier_bcast {

// The inter-node phase among the leaders, on the layout's private `all` communicator, into and
// out of the leader's node-shared buffer `data` (n elements of a.dtype).
class Between {
 public:
  virtual ~Between() = default;
  // Every process, at the start of every call with a non-empty message.
  virtual void begin_call() {}
  // The root: sends the message to the other nodes' leaders.
  virtual void serve(const HierLayout& l, const Args& a, void* data, int n) = 0;
  // Any other leader: receives the message, then (once it is valid on its node, except under
  // Barriers::kFig21) passes it on.
  virtual void receive(const HierLayout& l, const Args& a, void* data, int n) = 0;
  virtual void forward(const HierLayout& l, const Args& a, const void* data, int n) = 0;
};

// MPICH's binomial broadcast over the layout's tree of nodes between static leaders (hier-barrier,
// hier-opt; the counterpart of the static-leader reduces, make_static_leader_reduce): the message
// from the parent node's static leader, then on to each child node's, largest subtree first (the
// children farthest away), as MPICH serves them. `tag`: its messages'.
std::unique_ptr<Between> binomial(int tag);
// PatYuanExchange (collectives/bcast/patyuan.hpp) between the leaders, the root serving one
// control message from every other node's leader, in groups of at most `group`.
std::unique_ptr<Between> patyuan(int group);

enum class Leaders {
  kStatic,        // the root on its node, local rank 0 elsewhere (HierLayout)
  kFirstArrival,  // the root on its node, elsewhere the node's first arrival ([Parsons2015] §3.7.2)
};

enum class Barriers {
  // hier-opt, patyuan-opt, patyuan-dl: a leader moves the message and makes it valid; every other
  // process copies it out as soon as it is valid and leaves.
  kNone,
  // patyuan-hier: the node meets in a barrier, each leader does its whole part of kNone (the
  // root's copy in, the exchange, its own copy out), a second barrier, the others copy out.
  kAroundLeader,
  // hier-barrier, in the order of [Parsons2015] Fig. 2.1: the root copies its message in, a
  // barrier, the leaders move it between nodes and make it valid, a second barrier, then every
  // process but the root (the leaders too) copies out.
  kFig21,
};

struct Variant {
  const char* name;  // "bcast/NAME", for messages
  Leaders leaders;
  Barriers barriers;
};

std::unique_ptr<Algorithm> make(const Variant& variant, std::unique_ptr<Between> between);

}  // namespace hier_bcast
}  // namespace papbench
