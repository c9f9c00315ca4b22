#include "bench/run/output_reference.hpp"

#include <cstring>
#include <utility>

#include "common/mpi_env.hpp"

namespace papbench {

std::vector<layout::Block> checked_blocks(const CollectiveInfo& collective, MPI_Comm comm, int root,
                                          std::uint64_t count, const IntergroupShape& shape) {
  return layout::lay_out({collective, comm, comm_rank(comm), comm_size(comm),
                          collective.rooted ? root : 0, count, shape})
      .expect;
}

OutputReference::OutputReference(std::vector<layout::Block> blocks, std::size_t elem_size)
    : blocks_(std::move(blocks)), elem_size_(elem_size) {}

std::uint64_t OutputReference::bytes(std::span<const layout::Block> blocks, std::size_t elem_size) {
  std::uint64_t elems = 0;
  for (const layout::Block& b : blocks) elems += b.len;
  return elems * elem_size;
}

void OutputReference::keep(const void* result) {
  const auto* out = static_cast<const std::byte*>(result);
  bytes_.clear();
  bytes_.reserve(bytes(blocks_, elem_size_));
  for (const layout::Block& b : blocks_) {
    const std::byte* begin = out + b.offset * elem_size_;
    bytes_.insert(bytes_.end(), begin, begin + b.len * elem_size_);
  }
  kept_ = true;
}

bool OutputReference::matches(const void* result) const {
  if (!kept_) return false;
  const auto* out = static_cast<const std::byte*>(result);
  std::size_t at = 0;
  for (const layout::Block& b : blocks_) {
    const std::size_t n = b.len * elem_size_;
    if (n != 0 && std::memcmp(out + b.offset * elem_size_, bytes_.data() + at, n) != 0) {
      return false;
    }
    at += n;
  }
  return true;
}

}  // namespace papbench
