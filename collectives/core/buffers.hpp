#pragma once
// Byte views of the typed vectors the point-to-point algorithms move and combine: a predefined
// datatype's extent, the address of an element, a local copy and a local combine (MPICH's
// MPIR_Localcopy and MPIR_Reduce_local for the contiguous predefined types papbench passes; under
// SMPI each charges its modelled time, collectives/core/local_work.hpp), the
// split of a vector into even blocks, and scratch bytes allocated in prepare(). Shared by the
// reduce baselines, the MPICH 3.0.4 re-implementations, the hierarchical algorithms and the UHA.

#include <mpi.h>

#include <cstddef>
#include <cstring>
#include <vector>

#include "collectives/core/local_work.hpp"
#include "common/smpi_platform.hpp"

namespace papbench {

// Bytes between consecutive elements of a predefined datatype.
std::size_t extent_of(MPI_Datatype dtype);

inline std::byte* at(void* base, std::size_t elems, std::size_t extent) {
  return static_cast<std::byte*>(base) + elems * extent;
}
inline const std::byte* at(const void* base, std::size_t elems, std::size_t extent) {
  return static_cast<const std::byte*>(base) + elems * extent;
}

// A copy of `bytes` bytes, in memcpy's order of arguments: every local copy of papbench's own
// algorithms goes through here or local_copy, so that under SMPI it costs its modelled time
// (local_work.hpp); on real MPI it is memcpy and nothing else.
inline void copy_bytes(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return;
  std::memcpy(dst, src, bytes);
  if constexpr (smpi::kSimulated) local_work::charge_copy(bytes);
}

// MPIR_Localcopy of `elems` elements of a contiguous type.
inline void local_copy(const void* src, void* dst, std::size_t elems, std::size_t extent) {
  copy_bytes(dst, src, elems * extent);
}

// inout[i] = in[i] op inout[i] for n elements; every predefined datatype and op works. Under SMPI
// it costs its modelled time (local_work.hpp).
void combine(const std::byte* in, std::byte* inout, std::size_t n, MPI_Datatype dtype, MPI_Op op);

// `count` elements split into `blocks` contiguous blocks whose sizes differ by at most one, the
// larger ones first: block b starts at b*q + min(b, r) with q = count / blocks, r = count % blocks.
class EvenBlocks {
 public:
  EvenBlocks(std::size_t count, std::size_t blocks);
  std::size_t blocks() const { return blocks_; }
  // First element of block b; begin(blocks()) == count.
  std::size_t begin(std::size_t b) const;
  // Elements of blocks [b0, b1).
  std::size_t elements(std::size_t b0, std::size_t b1) const { return begin(b1) - begin(b0); }
  // The largest number of elements of any `span` consecutive blocks.
  std::size_t max_elements(std::size_t span) const;

 private:
  std::size_t count_, blocks_, q_, r_;
};

// Scratch bytes owned by an algorithm, allocated in prepare() so run() never allocates.
class Scratch {
 public:
  void reserve(std::size_t bytes) { bytes_.assign(bytes, std::byte{0}); }
  std::byte* data() { return bytes_.data(); }
  std::size_t size() const { return bytes_.size(); }

 private:
  std::vector<std::byte> bytes_;
};

}  // namespace papbench
