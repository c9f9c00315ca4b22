#pragma once
// Internal interface of the segment-tree Clairvoyant scheduler (segtree.cpp), exposed for the
// micro-benchmarks (bench/micro/clv_segtree_micro.cpp), the tests and `papbench schedgen`, which
// need the primitives, the choice of code path and the memory footprint. The public entry point
// stays clv::schedule_segtree(Instance) in schedule.hpp.
//
// A ColumnTree is the segment tree of [ProficzOcetkiewicz2021] §5.4 over bit columns: leaf k holds
// the N-bit column of the k-th process of the round's processing order, every internal node the OR
// of its children (root at index 1, children 2n and 2n+1, leaf k at m + k). Columns are padded to
// whole 256-bit blocks so that the AVX2 path handles a block with one instruction; the scalar path
// handles the same block as four 64-bit words.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/reduce/clairvoyant/footprint.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"

namespace papbench::clv::segtree {

using Word = std::uint64_t;
inline constexpr int kWordBits = 64;
inline constexpr int kBlockWords = 4;  // 256 bits: one AVX2 register
inline constexpr int kBlockBits = kWordBits * kBlockWords;

// Which implementation of the wide kernels (path OR, leaf clear, build) runs.
enum class Path { kScalar, kAvx2 };
bool path_available(Path path);         // kAvx2 needs a CPU with AVX2 (checked at run time)
Path best_path();                       // kAvx2 where available, else kScalar
std::string_view path_name(Path path);  // "scalar64", "avx2"
// Parses "auto" (best_path()), "scalar64"/"scalar" or "avx2"; throws std::invalid_argument for
// anything else or for a path this CPU cannot run.
Path parse_path(std::string_view name);

// Words in one padded column of N bits.
std::size_t column_words(int segments);

using WordVector = std::vector<Word, CountingAllocator<Word>>;

class ColumnTree {
 public:
  ColumnTree(int segments, Path path);

  // Leaves = the columns columns[order[k] * column_words ...], in that order; internal nodes
  // are rebuilt. Leaves past order.size() are empty.
  void build(std::span<const int> order, const WordVector& columns);

  // The smallest segment set in some leaf other than leaf k (all-except-one, Listing 3) and,
  // when mask is not empty, in mask (a padded column); -1 if none.
  int first_common(std::size_t k, std::span<const Word> mask) const;
  // The smallest segment set in some leaf (leaf k included) and, when mask is not empty, in
  // mask; -1 if none. A lower bound for first_common read off the root alone: when a leaf
  // other than k holds it, it is first_common's answer.
  int first_held(std::span<const Word> mask) const;
  // The leftmost leaf other than k with bit s set (what find-leftmost, then find-leftmost-from
  // when the leftmost is k itself, return; Listings 4-5), found from the siblings of k's
  // ancestors with one descent; -1 if none.
  long find_other(std::size_t k, int s) const;
  long find_leftmost(int s) const;                      // over all leaves; -1 if none
  long find_leftmost_from(std::size_t k, int s) const;  // leaves right of k; -1 if none

  void clear_bit(std::size_t k, int s);  // leaf k loses segment s (P')
  void clear_leaf(std::size_t k);        // leaf k loses everything (S = true)

  std::size_t leaves() const { return m_; }
  bool test(std::size_t n, int s) const;  // bit s of node n (root 1, leaf k at leaves() + k)
  std::size_t bytes() const { return nodes_.capacity() * sizeof(Word); }

 private:
  // Block b's tree: 2m nodes of kBlockWords words (see segtree.cpp).
  Word* tree(std::size_t b) { return nodes_.data() + b * 2 * m_ * kBlockWords; }
  const Word* tree(std::size_t b) const { return nodes_.data() + b * 2 * m_ * kBlockWords; }
  const Word& word(std::size_t n, int s) const {
    return tree(static_cast<std::size_t>(
        s / kBlockBits))[n * kBlockWords + static_cast<std::size_t>((s % kBlockBits) / kWordBits)];
  }
  long descend(std::size_t n, int s) const;

  Path path_;
  std::size_t blocks_;  // 256-bit blocks per column
  std::size_t m_ = 1;   // leaves (a power of two)
  WordVector nodes_;
};

// schedule_segtree with the kernel path chosen by the caller.
Schedule schedule(const Instance& in, Path path);

}  // namespace papbench::clv::segtree
