// bcast/uha: [Parsons2015] §2.3.1 "Scatter / Broadcast". CopyIn: the root copies its buffer into
// its node's shared buffer; the leaders broadcast the shared buffers from the root's node;
// CopyOut: every rank but the root copies the shared buffer out (or, copyout=shared|cow, every
// rank's result is the shared buffer itself or a private mapping of it). The thesis expects ~1x
// over a binomial tree rooted at 0 on power-of-two nodes (Table 2.1): that tree is already
// SMP-friendly.
#include "collectives/core/buffers.hpp"
#include "collectives/uha/copy_out.hpp"
#include "collectives/uha/driver.hpp"
#include "collectives/uha/uha.hpp"

namespace papbench {
namespace {

class BcastPieces final : public uha::Pieces {
 public:
  explicit BcastPieces(const AlgOptions& options) : copy_out_method_(options) {}

  void prepare(const uha::NodeContext& node, const Args& a) override {
    node_ = &node;
    ext_ = extent_of(a.dtype);
    buffer_ = copy_out_method_.prepare(node, a.count * ext_);
    inter_.comm = node.leaders;
    inter_.dtype = MPI_BYTE;
    inter_.count = a.count * ext_;
    inter_.root = node.map.node_of(a.root);  // the leaders' communicator is ordered by node
    setup_inter(a, 0);
  }

  void copy_in(const Args& a, int parity) override {
    if (node_->map.rank() == a.root) local_copy(a.recv, buffer_.slot(parity), a.count, ext_);
  }

  void setup_inter(const Args& a, int parity) override {
    inter_.root = node_->map.node_of(a.root);
    inter_.send = inter_.recv = buffer_.slot(parity);
  }

  // With the bcast and numa methods the root receives its own data back: every rank of the
  // node takes part in them. With shared and cow the root's result is the shared buffer too.
  void copy_out(const Args& a, int parity) override {
    const std::byte* shared = buffer_.slot(parity);
    copy_out_method_.run(
        *node_, buffer_, parity,
        [&] {
          if (node_->map.rank() != a.root) local_copy(shared, a.recv, a.count, ext_);
        },
        a.recv, a.count * ext_);
  }

  const void* result_view(const Args& a) const override {
    return copy_out_method_.result_view(a.recv);
  }

 private:
  const uha::NodeContext* node_ = nullptr;
  std::size_t ext_ = 0;
  uha::SharedSlots buffer_;
  uha::CopyOutMethod copy_out_method_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_uha(const AlgOptions& options) {
  return std::make_unique<uha::Driver>("bcast", options.at("inter"),
                                       std::make_unique<BcastPieces>(options));
}

}  // namespace papbench
