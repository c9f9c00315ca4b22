#pragma once
// What the point-to-point reduce algorithms share: a byte view of typed vectors, the split of a
// vector into blocks, local combining through MPI_Reduce_local, and the refusal of ops whose
// operands they would reorder. Each algorithm stays in its own file; only plumbing lives here.

#include <mpi.h>

#include <cstddef>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench::reduce_detail {

// Bytes between consecutive elements of a predefined datatype.
std::size_t extent_of(MPI_Datatype dtype);

// The baselines combine partial results in an order that depends on the communicator layout
// (relative ranks, halving partners, ring position), so a non-commutative op would give a
// different answer than MPI_Reduce: refuse it with std::invalid_argument naming the algorithm.
void require_commutative(MPI_Op op, std::string_view algorithm);

// inout[i] = in[i] op inout[i] for n elements; every predefined datatype and op works.
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

// The shapes prepare() saw; run() with a larger vector than prepared for is a harness bug.
void expect_prepared(std::size_t prepared_count, std::size_t count, std::string_view algorithm);

// Relative rank: the root becomes 0, so every algorithm can be written for root 0.
inline int relative(int rank, int root, int size) {
  return (rank - root + size) % size;
}
inline int absolute(int rel, int root, int size) {
  return (rel + root) % size;
}

}  // namespace papbench::reduce_detail
