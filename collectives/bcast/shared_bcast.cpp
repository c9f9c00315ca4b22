#include "collectives/bcast/shared_bcast.hpp"

#include <cstring>
#include <stdexcept>

#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kSlots = 2;
constexpr int kArrived = 0, kValid = 1, kDone = 2, kReleased = 3, kWordsPerSlot = 4;

}  // namespace

SharedBcastBuffer::SharedBcastBuffer(MPI_Comm node_comm, std::size_t capacity)
    : allocated_(true),
      capacity_(capacity),
      stride_((capacity + kCacheLine - 1) / kCacheLine * kCacheLine) {
  const bool holder = comm_rank(node_comm) == 0;
  buffers_ = NodeSharedSegment(node_comm, holder ? kSlots * stride_ : 0);
  control_ = NodeControl(node_comm, kSlots * kWordsPerSlot);
}

void SharedBcastBuffer::reshape(std::size_t bytes) {
  if (!fits(bytes)) throw std::logic_error("SharedBcastBuffer: message larger than the buffers");
  bytes_ = bytes;
}

std::atomic_ref<std::uint64_t> SharedBcastBuffer::word(int i) const {
  return control_.node_word(slot_ * kWordsPerSlot + i);
}

std::uint64_t SharedBcastBuffer::begin_call() {
  const std::uint64_t g = control_.begin_call();
  slot_ = static_cast<int>(g % kSlots);
  if (g > kSlots) wait_at_least(word(kReleased), g - kSlots, progress_);
  return g;
}

int SharedBcastBuffer::arrive() {
  return static_cast<int>(word(kArrived).fetch_add(1, std::memory_order_acq_rel));
}

std::byte* SharedBcastBuffer::data() const {
  return buffers_.part(0).data() + static_cast<std::size_t>(slot_) * stride_;
}

void SharedBcastBuffer::publish() {
  word(kValid).store(control_.generation(), std::memory_order_release);
}

void SharedBcastBuffer::wait_published() const {
  wait_for_value(word(kValid), control_.generation(), progress_);
}

void SharedBcastBuffer::copy_out(void* to) {
  wait_published();
  copy_bytes(to, data(), bytes_);  // nothing for 0 bytes (copy_bytes checks)
  done();
}

void SharedBcastBuffer::done() {
  const auto finished = word(kDone).fetch_add(1, std::memory_order_acq_rel) + 1;
  if (finished < static_cast<std::uint64_t>(control_.node_size())) return;
  word(kArrived).store(0, std::memory_order_relaxed);
  word(kDone).store(0, std::memory_order_relaxed);
  word(kReleased).store(control_.generation(), std::memory_order_release);
}

}  // namespace papbench
