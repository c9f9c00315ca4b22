#include "collectives/core/scratch.hpp"

#include "collectives/core/alg_option.hpp"
#include "collectives/core/registry.hpp"

namespace papbench {

namespace {

std::uint64_t lowbit(std::uint64_t x) {
  return x & (~x + 1);
}

// Blocks of slot x > 0's subtree. lowbit_tree: x .. x + lowbit(x) - 1, cut at P. highbit_tree:
// the slots y < P with y = x mod 2 h, h the highest bit of x (children x + i, i > h).
std::uint64_t subtree_blocks(std::uint64_t x, std::uint64_t p, bool highbit) {
  if (!highbit) return std::min(lowbit(x), p - x);
  std::uint64_t h = 1;
  while (h <= x / 2) h <<= 1;
  return (p - x + 2 * h - 1) / (2 * h);
}

}  // namespace

std::uint64_t binomial_tree_staging(const ScratchShape& s, TreeStaging tree) {
  const auto p = static_cast<std::uint64_t>(s.ranks);
  if (p < 2) return 0;
  const bool rotated = tree == TreeStaging::kRotatedLowbit;
  if (s.rank == s.root) return rotated && s.root == 0 ? 0 : p * s.vector_bytes();
  std::uint64_t blocks = 0;
  if (rotated) {
    blocks =
        subtree_blocks(static_cast<std::uint64_t>((s.rank - s.root + s.ranks) % s.ranks), p, false);
  } else {
    // The slots change from call to call and staging never shrinks: the largest subtree.
    // lowbit: largest at the powers of two h, min(h, P - h); highbit: at slot 1, ceil((P-1)/2).
    const bool highbit = tree == TreeStaging::kAnyHighbit;
    for (std::uint64_t h = 1; h < p; h <<= 1) {
      blocks = std::max(blocks, subtree_blocks(h, p, highbit));
    }
  }
  return blocks > 1 ? blocks * s.vector_bytes() : 0;  // a leaf stages nothing
}

std::uint64_t uha_result_slots_bytes(const ScratchShape& s, std::uint64_t slot_bytes) {
  if (option_text(*s.options, "copyout") != "cow") return 2 * slot_bytes;
  const std::uint64_t page = NodeSharedFile::page_size();
  return std::max(page, 2 * ((slot_bytes + page - 1) / page * page));
}

std::uint64_t leaders_scratch(std::string_view collective, std::string_view algorithm,
                              const ScratchShape& shape, std::uint64_t block_bytes,
                              std::uint64_t send_bytes, std::uint64_t recv_bytes) {
  ScratchShape leaders;
  leaders.count = block_bytes;
  leaders.send_elems = send_bytes;
  leaders.recv_elems = recv_bytes;
  leaders.elem_size = 1;  // the leaders move node blocks as MPI_BYTE
  leaders.ranks = shape.nodes;
  leaders.rank = shape.node;
  leaders.node = shape.node;
  leaders.nodes = shape.nodes;
  const AlgorithmInfo* info = find_algorithm(collective, algorithm);
  if (info == nullptr) return unstated_scratch_bytes(leaders);
  // The driver makes the leaders' algorithm with its defaults (collectives/uha/driver.cpp).
  const AlgOptions defaults = resolve_options(*info, {});
  leaders.options = &defaults;
  return algorithm_scratch_bytes(*info, leaders);
}

}  // namespace papbench
