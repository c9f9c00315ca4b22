#include "collectives/bcast/hier_driver.hpp"

#include <cstdint>
#include <cstring>

#include "collectives/bcast/patyuan.hpp"
#include "collectives/bcast/shared_bcast.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/hier_layout.hpp"
#include "common/mpi_env.hpp"
#include "topology/node_topology.hpp"

namespace papbench::hier_bcast {
namespace {

class Binomial final : public Between {
 public:
  explicit Binomial(int tag) : tag_(tag) {}
  void serve(const HierLayout& l, const Args& a, void* data, int n) override {
    forward(l, a, data, n);
  }
  // From the parent node's static leader.
  void receive(const HierLayout& l, const Args& a, void* data, int n) override {
    mpi_check(MPI_Recv(data, n, a.dtype, l.static_leader(l.tree().parent(l.node())), tag_,
                       l.comms().all.get(), MPI_STATUS_IGNORE),
              "MPI_Recv");
  }
  // To each child node's static leader, the farthest (largest subtree) first.
  void forward(const HierLayout& l, const Args& a, const void* data, int n) override {
    const auto& children = l.tree().children(l.node());
    for (auto child = children.rbegin(); child != children.rend(); ++child) {
      mpi_check(MPI_Send(data, n, a.dtype, l.static_leader(*child), tag_, l.comms().all.get()),
                "MPI_Send");
    }
  }

 private:
  int tag_;
};

class PatYuan final : public Between {
 public:
  explicit PatYuan(int group) : exchange_(group) {}
  void begin_call() override { ++calls_; }
  void serve(const HierLayout& l, const Args& a, void* data, int n) override {
    exchange_.serve(l.comms().all.get(), calls_, data, n, a.dtype,
                    l.comms().nodes->node_count() - 1);
  }
  void receive(const HierLayout& l, const Args& a, void* data, int n) override {
    exchange_.receive(l.comms().all.get(), calls_, data, n, a.dtype, a.root);
  }
  void forward(const HierLayout& l, const Args& a, const void* data, int n) override {
    exchange_.forward(l.comms().all.get(), data, n, a.dtype);
  }

 private:
  PatYuanExchange exchange_;
  // Numbers the calls of the exchange (its control messages' tags); every rank counts every call,
  // and unlike the buffers' generations it never starts again, so a call's control messages
  // cannot be taken for those of an earlier case's call.
  std::uint64_t calls_ = 0;
};

class Driver final : public Algorithm {
 public:
  Driver(const Variant& variant, std::unique_ptr<Between> between)
      : variant_(variant), between_(std::move(between)) {}

  // Layout and shared buffers, kept across the cases they still serve.
  void prepare(const Args& a) override {
    const std::size_t bytes = a.count * extent_of(a.dtype);
    if (refresh_layout(layout_, a, 0) || !buffer_.fits(bytes)) {
      buffer_ = SharedBcastBuffer(layout_->comms().node.get(), bytes);
    }
    buffer_.reshape(bytes);
  }

  void run(const Args& a) override {
    layout_->follow_root(a.root);
    if (a.count == 0) return;
    between_->begin_call();
    buffer_.begin_call();
    const bool leads = leads_node(a);
    if (variant_.barriers == Barriers::kFig21) {
      fig21(a, leads);
      return;
    }
    const bool barriers = variant_.barriers == Barriers::kAroundLeader;
    if (barriers) node_barrier();
    if (leads) lead(a);
    if (barriers) node_barrier();
    if (!leads) buffer_.copy_out(a.recv);
  }

 private:
  bool leads_node(const Args& a) {
    const HierLayout& l = *layout_;
    if (variant_.leaders == Leaders::kStatic) return l.is_static_leader();
    const int position = buffer_.arrive();
    return l.node() == l.root_node() ? l.rank() == a.root : position == 0;
  }

  void node_barrier() const { mpi_check(MPI_Barrier(layout_->comms().node.get()), "MPI_Barrier"); }

  // A node's leader, the rest of the call (Barriers::kNone, kAroundLeader): the root puts its
  // message into the shared buffer, makes it valid and serves the other nodes' leaders; any other
  // leader receives into the shared buffer, makes it valid, so that its node's processes copy out
  // while it forwards the message, and copies it out.
  void lead(const Args& a) {
    const HierLayout& l = *layout_;
    const int n = count_as_int(a.count, "bcast count");
    if (l.rank() == a.root) {
      copy_bytes(buffer_.data(), a.recv, a.count * extent_of(a.dtype));
      buffer_.publish();
      between_->serve(l, a, buffer_.data(), n);
      buffer_.done();
      return;
    }
    between_->receive(l, a, buffer_.data(), n);
    buffer_.publish();
    between_->forward(l, a, buffer_.data(), n);
    buffer_.copy_out(a.recv);
  }

  // Barriers::kFig21, after begin_call.
  void fig21(const Args& a, bool leads) {
    const HierLayout& l = *layout_;
    const bool root = l.rank() == a.root;
    if (root) copy_bytes(buffer_.data(), a.recv, a.count * extent_of(a.dtype));
    node_barrier();
    if (leads) {
      const int n = count_as_int(a.count, "bcast count");
      if (root) {
        between_->serve(l, a, buffer_.data(), n);
      } else {
        between_->receive(l, a, buffer_.data(), n);
        between_->forward(l, a, buffer_.data(), n);
      }
      buffer_.publish();
    }
    node_barrier();
    if (root) {
      buffer_.done();
    } else {
      buffer_.copy_out(a.recv);
    }
  }

  Variant variant_;
  std::unique_ptr<Between> between_;
  std::unique_ptr<HierLayout> layout_;
  SharedBcastBuffer buffer_;
};

}  // namespace

std::unique_ptr<Between> binomial(int tag) {
  return std::make_unique<Binomial>(tag);
}

std::unique_ptr<Between> patyuan(int group) {
  return std::make_unique<PatYuan>(group);
}

std::unique_ptr<Algorithm> make(const Variant& variant, std::unique_ptr<Between> between) {
  return std::make_unique<Driver>(variant, std::move(between));
}

}  // namespace papbench::hier_bcast
