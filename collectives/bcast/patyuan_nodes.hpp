#pragma once
// What the hierarchical Patarasuk-Yuan broadcasts share ([Parsons2015] §3.9.2, Fig. 3.23,
// Tables B.5-B.9: "Pat. Hier." = bcast/patyuan-hier, "Pat. OL" = bcast/patyuan-opt, "Pat. DL" =
// bcast/patyuan-dl): one leader per node runs PatYuanExchange (collectives/bcast/patyuan.hpp)
// between nodes, the root serving, into its node's shared buffer (SharedBcastBuffer), from which
// the node's other processes copy the message out. The three differ only in which process leads a
// node and whether the node meets in barriers; that part is theirs.
//
// The root always leads its own node (as HierLayout's static leaders and bcast/dynleader's
// dynamic ones do), so a root that is not its node's local rank 0 never has to hand the message to
// another leader first: it serves the exchange itself, from its own buffer, and every other
// node's leader announces itself to it directly (its rank is known to all).

#include <cstdint>
#include <memory>

#include "collectives/bcast/patyuan.hpp"
#include "collectives/bcast/shared_bcast.hpp"
#include "collectives/core/algorithm.hpp"
#include "collectives/core/hier_layout.hpp"

namespace papbench {

class PatYuanBetweenNodes {
 public:
  explicit PatYuanBetweenNodes(int group) : exchange_(group) {}

  // The algorithm's prepare(): layout and shared buffers, kept across cases they still serve.
  void prepare(const Args& a);
  // Every process at the start of a call with a non-empty message (after checking the root);
  // returns the buffer's generation.
  std::uint64_t begin_call();

  const HierLayout& layout() const { return *layout_; }
  SharedBcastBuffer& buffer() { return buffer_; }

  // A node's leader, the whole call from here: the root puts its message into the shared buffer,
  // makes it valid and serves the other nodes' leaders (one control message from each); any other
  // leader announces itself to the root, receives into the shared buffer, makes it valid, forwards
  // it to the leaders the root grouped with it, and copies it out.
  void lead(const Args& a);

 private:
  PatYuanExchange exchange_;
  std::unique_ptr<HierLayout> layout_;
  SharedBcastBuffer buffer_;
  // Numbers the calls of the exchange (its control messages' tags); every rank counts every call,
  // and unlike the buffers' generations it never starts again, so a call's control messages
  // cannot be taken for those of an earlier case's call.
  std::uint64_t calls_ = 0;
};

}  // namespace papbench
