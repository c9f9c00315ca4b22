#pragma once
// Memory footprint of the Clairvoyant schedulers' per-(process, segment) state, measured rather
// than assumed ([ProficzOcetkiewicz2021] §4.5 quotes 56 B per cell for pairing heaps, 5 bits for
// the segment tree). Each implementation allocates its per-cell structures (state arrays, heap
// nodes and handles, bit columns, the tree) through CountingAllocator; while a ByteCounting guard
// is alive on the thread, every such allocation and release is added to its counter, whose peak
// divided by P * N is the figure `papbench schedgen` reports. Without a guard the allocator is a
// plain std::allocator (one thread-local load per allocation, none per access).

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace papbench::clv {

struct ByteCounter {
  std::size_t current = 0;
  std::size_t peak = 0;
  void add(std::size_t bytes) {
    current += bytes;
    if (current > peak) peak = current;
  }
  void remove(std::size_t bytes) { current -= bytes < current ? bytes : current; }
};

namespace detail {
inline ByteCounter*& active_byte_counter() {
  thread_local ByteCounter* counter = nullptr;
  return counter;
}
}  // namespace detail

// Counts into `counter` on this thread while alive; restores the previous counter afterwards.
class ByteCounting {
 public:
  explicit ByteCounting(ByteCounter& counter)
      : previous_(std::exchange(detail::active_byte_counter(), &counter)) {}
  ~ByteCounting() { detail::active_byte_counter() = previous_; }
  ByteCounting(const ByteCounting&) = delete;
  ByteCounting& operator=(const ByteCounting&) = delete;

 private:
  ByteCounter* previous_;
};

template <typename T>
struct CountingAllocator {
  using value_type = T;
  CountingAllocator() = default;
  template <typename U>
  CountingAllocator(const CountingAllocator<U>&) noexcept {}  // NOLINT: rebinding is implicit

  T* allocate(std::size_t n) {
    T* p = std::allocator<T>{}.allocate(n);
    if (ByteCounter* c = detail::active_byte_counter()) c->add(n * sizeof(T));
    return p;
  }
  void deallocate(T* p, std::size_t n) noexcept {
    if (ByteCounter* c = detail::active_byte_counter()) c->remove(n * sizeof(T));
    std::allocator<T>{}.deallocate(p, n);
  }
  template <typename U>
  bool operator==(const CountingAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace papbench::clv
