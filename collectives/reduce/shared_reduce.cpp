#include "collectives/reduce/shared_reduce.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include "collectives/core/buffers.hpp"
#include "collectives/core/hier_layout.hpp"

namespace papbench {
namespace {

constexpr int kSlots = 2;
// Words of a slot: its counters and release mark, then a lock and a count per segment.
constexpr int kArrived = 0, kContributions = 1, kReleased = 2, kFirstSegment = 3;

int words_per_slot(int segments) {
  return kFirstSegment + 2 * segments;
}

}  // namespace

SharedReduceBuffer::SharedReduceBuffer(MPI_Comm node_comm, std::size_t capacity)
    : allocated_(true),
      capacity_(capacity),
      stride_(round_to_line(capacity)),
      max_segments_(comm_size(node_comm)) {
  const bool holder = comm_rank(node_comm) == 0;
  buffers_ = NodeSharedSegment(node_comm, holder ? kSlots * stride_ : 0);
  control_ = NodeControl(node_comm, kSlots * words_per_slot(max_segments_));
}

void SharedReduceBuffer::reshape(std::size_t count, MPI_Datatype dtype, ReduceLock lock) {
  count_ = count;
  dtype_ = dtype;
  extent_ = extent_of(dtype);
  const std::size_t bytes = count * extent_;
  if (!fits(bytes)) throw std::logic_error("SharedReduceBuffer: vector larger than the buffers");
  segments_ = 1;
  if (lock == ReduceLock::kParallel && bytes >= kCacheLine) {
    segments_ = static_cast<int>(std::min<std::size_t>(
        {static_cast<std::size_t>(max_segments_), bytes / kCacheLine, count}));
  }
}

std::atomic_ref<std::uint64_t> SharedReduceBuffer::word(int i) const {
  return control_.node_word(slot_ * words_per_slot(max_segments_) + i);
}

std::uint64_t SharedReduceBuffer::begin_call() {
  const std::uint64_t g = control_.begin_call();
  slot_ = static_cast<int>(g % kSlots);
  if (g > kSlots) wait_at_least(word(kReleased), g - kSlots, progress_);
  return g;
}

int SharedReduceBuffer::arrive() {
  return static_cast<int>(word(kArrived).fetch_add(1, std::memory_order_acq_rel));
}

std::byte* SharedReduceBuffer::data() const {
  return buffers_.part(0).data() + static_cast<std::size_t>(slot_) * stride_;
}

void SharedReduceBuffer::contribute(const void* data, MPI_Op op) {
  const EvenBlocks blocks(count_, static_cast<std::size_t>(segments_));
  const auto* in = static_cast<const std::byte*>(data);
  std::byte* shared = this->data();
  const int first = control_.local_rank() % segments_;
  for (int i = 0; i < segments_; ++i) {
    const int s = (first + i) % segments_;
    const std::size_t begin = blocks.begin(static_cast<std::size_t>(s)) * extent_;
    const std::size_t n =
        blocks.elements(static_cast<std::size_t>(s), static_cast<std::size_t>(s) + 1);
    NodeSpinLock lock(word(kFirstSegment + 2 * s));
    const std::lock_guard guard(lock);
    const auto seen = word(kFirstSegment + 2 * s + 1);
    if (seen.load(std::memory_order_relaxed) == 0) {
      copy_bytes(shared + begin, in + begin, n * extent_);
    } else {
      combine(in + begin, shared + begin, n, dtype_, op);
    }
    seen.fetch_add(1, std::memory_order_relaxed);
  }
  word(kContributions).fetch_add(1, std::memory_order_release);
}

void SharedReduceBuffer::wait_contributions(int contributions) {
  wait_at_least(word(kContributions), static_cast<std::uint64_t>(contributions), progress_);
}

void SharedReduceBuffer::release() {
  word(kArrived).store(0, std::memory_order_relaxed);
  word(kContributions).store(0, std::memory_order_relaxed);
  for (int s = 0; s < segments_; ++s)
    word(kFirstSegment + 2 * s + 1).store(0, std::memory_order_relaxed);
  word(kReleased).store(control_.generation(), std::memory_order_release);
}

void deliver_node_result(SharedReduceBuffer& buffer, const Args& a, int children, int node_size,
                         int to, MPI_Comm comm, int tag) {
  buffer.wait_contributions(node_size + children);
  if (to == MPI_PROC_NULL) {
    copy_bytes(a.recv, buffer.data(), a.count * extent_of(a.dtype));
  } else {
    mpi_check(
        MPI_Send(buffer.data(), count_as_int(a.count, "reduce count"), a.dtype, to, tag, comm),
        "MPI_Send");
  }
  buffer.release();
}

namespace {

class StaticLeaders final : public Algorithm {
 public:
  explicit StaticLeaders(const StaticLeaderReduce& variant) : variant_(variant) {}

  void prepare(const Args& a) override {
    require_commutative(a.op, variant_.name);
    const std::size_t bytes = a.count * extent_of(a.dtype);
    if (refresh_layout(layout_, a, 0) || !buffer_.fits(bytes)) {
      buffer_ = SharedReduceBuffer(layout_->comms().node.get(), bytes);
    }
    buffer_.reshape(a.count, a.dtype, variant_.lock);
    count_ = a.count;
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, variant_.name);
    layout_->follow_root(a.root);
    if (a.count == 0) return;
    const HierLayout& l = *layout_;
    buffer_.begin_call();
    buffer_.contribute(a.send, a.op);
    if (variant_.barrier) mpi_check(MPI_Barrier(l.comms().node.get()), "MPI_Barrier");
    if (l.is_static_leader()) between_leaders(a);
  }

 private:
  void between_leaders(const Args& a) {
    const HierLayout& l = *layout_;
    const MPI_Comm comm = l.comms().all.get();
    const auto& children = l.tree().children(l.node());
    for (const int child : children) {
      mpi_check(MPI_Recv(tmp_.data(), count_as_int(a.count, "reduce count"), a.dtype,
                         l.static_leader(child), variant_.tag, comm, MPI_STATUS_IGNORE),
                "MPI_Recv");
      buffer_.contribute(tmp_.data(), a.op);
    }
    const int parent = l.tree().parent(l.node());
    deliver_node_result(buffer_, a, static_cast<int>(children.size()), l.node_size(),
                        parent < 0 ? MPI_PROC_NULL : l.static_leader(parent), comm, variant_.tag);
  }

  StaticLeaderReduce variant_;
  std::unique_ptr<HierLayout> layout_;
  SharedReduceBuffer buffer_;
  std::size_t count_ = 0;
  Scratch tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_static_leader_reduce(const StaticLeaderReduce& variant) {
  return std::make_unique<StaticLeaders>(variant);
}

}  // namespace papbench
