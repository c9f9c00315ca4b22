// Clairvoyant, segment tree: [ProficzOcetkiewicz2021] Listing 8 (§5.6) with the fixes of
// docs/ALGORITHMS.md, Errata: Clairvoyant Listing 8. States are one bit per (process, segment) (1:
// A or P, 0: E), held per process as a column of N bits; the round's group G is built by merging
// the survivors of the previous round with the queue of processes not yet arrived (§5.2, inclusive
// window); a round with a lone process jumps straight to the round of the next arrival, advancing
// the round counter by m = ceil((a_y - d - t_x) / d) so round numbers match the linear version
// (§5.1); the sender of the smallest common segment is found with all-except-one, find-leftmost and
// find-leftmost-from over a segment tree of OR-ed columns (Listings 3-5, 7).
//
// Deviation from Listing 8, same schedule: the tree's leaves are the group's processing order (root
// first, then availability order), rebuilt at the start of every round — Listing 8 rebuilds the
// tree every round too (line 12). Leaves in processing order make the leftmost leaf the first
// eligible sender directly, so the fractional-order doubled index space (§5.4.3) and the
// pseudo-root are not needed, and the pitfalls they bring (a root that is not the leftmost
// candidate, ties at a_head + d; docs/ALGORITHMS.md, Deviation: Clairvoyant segment-tree leaves)
// cannot occur. A sender's leaf is zeroed (S = true) while its true column stays in `bits`, which a
// receiver that already sent this round is masked with; P' lives only in the tree (bit cleared), so
// restoring columns can never lose a P' segment (the restore/revert erratum). A receiver is
// processed once per round, before it can have received, so no P' mask is needed on its own column.
//
// Speed (the targets are the ratios of [ProficzOcetkiewicz2021] Table 1): the wide operations
// (all-except-one fused with the mask and the first-bit search, leaf clearing, the rebuild, which
// writes leaves and their parents in one pass on the AVX2 path) work on 256-bit blocks, each block
// with a tree of its own (a search for one segment touches one block's tree), with an AVX2 version
// chosen at run time (__builtin_cpu_supports) and a 64-bit scalar one; updates walking up the tree
// carry the new value in registers; each round's transfers are emitted in receiver-rank order from
// a bitset instead of sorting the whole schedule at the end. The per-receiver path is latency- and
// misprediction-bound, so: the candidate segment is read off the root (first_held) and
// all-except-one runs only when the receiver turns out to be its sole holder; the sender comes from
// one descent under a sibling of the receiver's path (find_other); updates climb to the root with
// no early stop. (Measured and rejected: prefetching in the descent, two or three levels per
// descent step, a fixed-length descent, a compare-mask first_held, per-segment leftmost-holder
// hints, deferring the sender's column update to the end of the round, -O3; and, issue 30: leaving
// an already empty block out of clear_leaf, and cache-line-aligned tree nodes, both within noise.
// The profile at P = N = 512 uniform is in docs/SCHEDGEN.md.)
#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

#include "collectives/reduce/clairvoyant/schedule.hpp"
#include "collectives/reduce/clairvoyant/segtree_index.hpp"

namespace papbench::clv {
namespace segtree {
namespace {

// ---- Kernels. Block-major layout: block b (256 bits of every column) has its own tree of
// 32-byte nodes, `tree(b) = nodes + b * 2m * kBlockWords`, node n at tree(b) + n * kBlockWords,
// leaf k at node m + k. A search for one segment walks one block's tree only, which keeps the
// walks of the common P = N <= 512 cases inside 32 KiB. ----

constexpr std::size_t kBW = kBlockWords;

int first_common_scalar(const Word* nodes, std::size_t blocks, std::size_t m, std::size_t k,
                        const Word* mask) {
  for (std::size_t b = 0; b < blocks; ++b) {
    const Word* t = nodes + b * 2 * m * kBW;
    Word acc[kBW] = {0, 0, 0, 0};
    for (std::size_t n = m + k; n > 1; n /= 2) {
      const Word* sib = t + (n ^ 1U) * kBW;
      for (std::size_t j = 0; j < kBW; ++j) acc[j] |= sib[j];
    }
    for (std::size_t j = 0; j < kBW; ++j) {
      const Word v = mask ? acc[j] & mask[b * kBW + j] : acc[j];
      if (v) return static_cast<int>(b * kBW + j) * kWordBits + std::countr_zero(v);
    }
  }
  return -1;
}

// Zeroes leaf k and recomputes all its ancestors, block by block (no early stop: see avx2).
void clear_leaf_scalar(Word* nodes, std::size_t blocks, std::size_t m, std::size_t k) {
  for (std::size_t b = 0; b < blocks; ++b) {
    Word* t = nodes + b * 2 * m * kBW;
    std::fill_n(t + (m + k) * kBW, kBW, Word{0});
    Word v[kBW] = {0, 0, 0, 0};  // the new value of the current node, climbing (see avx2)
    for (std::size_t n = m + k; n > 1; n /= 2) {
      const Word* sib = t + (n ^ 1U) * kBW;
      Word* p = t + n / 2 * kBW;
      for (std::size_t j = 0; j < kBW; ++j) p[j] = v[j] |= sib[j];
    }
  }
}

void build_scalar(Word* nodes, std::size_t blocks, std::size_t m) {
  for (std::size_t b = 0; b < blocks; ++b) {
    Word* t = nodes + b * 2 * m * kBW;
    for (std::size_t n = m - 1; n >= 1; --n) {
      for (std::size_t j = 0; j < kBW; ++j)
        t[n * kBW + j] = t[2 * n * kBW + j] | t[(2 * n + 1) * kBW + j];
    }
  }
}

// The same three with 256-bit registers. Unaligned loads: vector storage is only 16-byte
// aligned, and on aligned addresses they cost the same.
[[gnu::target("avx2")]] __m256i load(const Word* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
[[gnu::target("avx2")]] void store(Word* p, __m256i v) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}

[[gnu::target("avx2")]] int first_common_avx2(const Word* nodes, std::size_t blocks, std::size_t m,
                                              std::size_t k, const Word* mask) {
  for (std::size_t b = 0; b < blocks; ++b) {
    const Word* t = nodes + b * 2 * m * kBW;
    __m256i acc = _mm256_setzero_si256();
    for (std::size_t n = m + k; n > 1; n /= 2) acc = _mm256_or_si256(acc, load(t + (n ^ 1U) * kBW));
    if (mask) acc = _mm256_and_si256(acc, load(mask + b * kBW));
    if (!_mm256_testz_si256(acc, acc)) {
      alignas(32) Word words[kBW];
      _mm256_store_si256(reinterpret_cast<__m256i*>(words), acc);
      for (std::size_t j = 0; j < kBW; ++j) {
        if (words[j]) return static_cast<int>(b * kBW + j) * kWordBits + std::countr_zero(words[j]);
      }
    }
  }
  return -1;
}

[[gnu::target("avx2")]] void clear_leaf_avx2(Word* nodes, std::size_t blocks, std::size_t m,
                                             std::size_t k) {
  for (std::size_t b = 0; b < blocks; ++b) {
    Word* t = nodes + b * 2 * m * kBW;
    store(t + (m + k) * kBW, _mm256_setzero_si256());
    // The new value climbs in a register (node = new child | sibling), so no level waits for
    // the store of the level below; every load address is known up front. No early stop:
    // where it would stop is unpredictable, and a mispredicted exit costs more than the
    // stores it saves.
    __m256i v = _mm256_setzero_si256();
    for (std::size_t n = m + k; n > 1; n /= 2) {
      v = _mm256_or_si256(v, load(t + (n ^ 1U) * kBW));
      store(t + n / 2 * kBW, v);
    }
  }
}

// Block b of the column of leaf k (empty past the order).
[[gnu::target("avx2")]] __m256i leaf_block(std::span<const int> order, const Word* columns,
                                           std::size_t blocks, std::size_t k, std::size_t b) {
  return k < order.size() ? load(columns + (static_cast<std::size_t>(order[k]) * blocks + b) * kBW)
                          : _mm256_setzero_si256();
}

// Leaves are written together with their parents, so the leaf level is not read back.
[[gnu::target("avx2")]] void build_avx2(Word* nodes, std::size_t blocks, std::size_t m,
                                        std::span<const int> order, const Word* columns) {
  for (std::size_t b = 0; b < blocks; ++b) {
    Word* t = nodes + b * 2 * m * kBW;
    if (m == 1) {
      store(t + kBW, leaf_block(order, columns, blocks, 0, b));
      continue;
    }
    for (std::size_t k = 0; k < m; k += 2) {
      const __m256i left = leaf_block(order, columns, blocks, k, b);
      const __m256i right = leaf_block(order, columns, blocks, k + 1, b);
      store(t + (m + k) * kBW, left);
      store(t + (m + k + 1) * kBW, right);
      store(t + (m + k) / 2 * kBW, _mm256_or_si256(left, right));
    }
    for (std::size_t n = m / 2 - 1; n >= 1; --n) {
      store(t + n * kBW, _mm256_or_si256(load(t + 2 * n * kBW), load(t + (2 * n + 1) * kBW)));
    }
  }
}

bool cpu_has_avx2() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
}

}  // namespace

bool path_available(Path path) {
  return path == Path::kScalar || cpu_has_avx2();
}

Path best_path() {
  return cpu_has_avx2() ? Path::kAvx2 : Path::kScalar;
}

std::string_view path_name(Path path) {
  return path == Path::kAvx2 ? "avx2" : "scalar64";
}

Path parse_path(std::string_view name) {
  if (name == "auto") return best_path();
  Path p{};
  if (name == "scalar64" || name == "scalar") {
    p = Path::kScalar;
  } else if (name == "avx2") {
    p = Path::kAvx2;
  } else {
    throw std::invalid_argument(
        std::string("'") + std::string(name) +
        "' is not a segment-tree code path; accepted: auto, scalar64, avx2");
  }
  if (!path_available(p)) {
    throw std::invalid_argument("this CPU has no AVX2; accepted here: auto, scalar64");
  }
  return p;
}

std::size_t column_words(int segments) {
  const auto blocks = (static_cast<std::size_t>(segments) + kBlockBits - 1) / kBlockBits;
  return blocks * kBlockWords;
}

ColumnTree::ColumnTree(int segments, Path path)
    : path_(path), blocks_(column_words(segments) / kBlockWords) {}

void ColumnTree::build(std::span<const int> order, const WordVector& columns) {
  m_ = std::bit_ceil(std::max<std::size_t>(order.size(), 1));
  const std::size_t words = blocks_ * 2 * m_ * kBW;
  if (nodes_.size() < words) nodes_.resize(words);
  if (path_ == Path::kAvx2) {
    build_avx2(nodes_.data(), blocks_, m_, order, columns.data());
    return;
  }
  const std::size_t stride = blocks_ * kBW;  // words per column
  for (std::size_t b = 0; b < blocks_; ++b) {
    Word* t = tree(b);
    for (std::size_t k = 0; k < order.size(); ++k) {
      const Word* from = columns.data() + static_cast<std::size_t>(order[k]) * stride + b * kBW;
      for (std::size_t j = 0; j < kBW; ++j) t[(m_ + k) * kBW + j] = from[j];
    }
    std::fill(t + (m_ + order.size()) * kBW, t + 2 * m_ * kBW, Word{0});
  }
  build_scalar(nodes_.data(), blocks_, m_);
}

int ColumnTree::first_common(std::size_t k, std::span<const Word> mask) const {
  const Word* mp = mask.empty() ? nullptr : mask.data();
  return path_ == Path::kAvx2 ? first_common_avx2(nodes_.data(), blocks_, m_, k, mp)
                              : first_common_scalar(nodes_.data(), blocks_, m_, k, mp);
}

int ColumnTree::first_held(std::span<const Word> mask) const {
  for (std::size_t b = 0; b < blocks_; ++b) {
    const Word* root = tree(b) + kBW;
    for (std::size_t j = 0; j < kBW; ++j) {
      const Word v = mask.empty() ? root[j] : root[j] & mask[b * kBW + j];
      if (v) return static_cast<int>(b * kBW + j) * kWordBits + std::countr_zero(v);
    }
  }
  return -1;
}

bool ColumnTree::test(std::size_t n, int s) const {
  return (word(n, s) >> (s % kWordBits)) & 1U;
}

long ColumnTree::descend(std::size_t n, int s) const {
  // One block's tree, one word per node; branch-free, as which child holds s is a coin flip
  // to the branch predictor.
  const Word* t = tree(static_cast<std::size_t>(s / kBlockBits)) + (s % kBlockBits) / kWordBits;
  const unsigned shift = static_cast<unsigned>(s % kWordBits);
  while (n < m_) n = 2 * n + 1 - ((t[2 * n * kBW] >> shift) & 1U);
  return static_cast<long>(n - m_);
}

long ColumnTree::find_leftmost(int s) const {
  return test(1, s) ? descend(1, s) : -1;
}

long ColumnTree::find_leftmost_from(std::size_t k, int s) const {
  for (std::size_t n = m_ + k; n > 1; n /= 2) {
    if (n % 2 == 0 && test(n + 1, s)) return descend(n + 1, s);
  }
  return -1;
}

long ColumnTree::find_other(std::size_t k, int s) const {
  // The siblings of leaf k's ancestors partition the other leaves: those left of the path
  // (leaves < k) go leftwards with height, those right of it rightwards. So the leftmost other
  // holder is under the highest left sibling holding s, else under the lowest right one; the
  // siblings load independently, and only one descent follows.
  const Word* t = tree(static_cast<std::size_t>(s / kBlockBits)) + (s % kBlockBits) / kWordBits;
  const unsigned shift = static_cast<unsigned>(s % kWordBits);
  const std::size_t leaf = m_ + k;
  std::size_t holds = 0;  // bit l: the sibling of leaf k's ancestor l levels up holds s
  for (unsigned l = 0; (leaf >> l) > 1; ++l) {
    holds |= static_cast<std::size_t>((t[((leaf >> l) ^ 1U) * kBW] >> shift) & 1U) << l;
  }
  if (holds == 0) return -1;
  const std::size_t left = holds & k;  // siblings that are left children: bit l of k is 1
  const int level = left != 0 ? static_cast<int>(std::bit_width(left)) - 1
                              : std::countr_zero(holds & ~static_cast<std::size_t>(k));
  return descend((leaf >> level) ^ 1U, s);
}

void ColumnTree::clear_bit(std::size_t k, int s) {
  Word* t = tree(static_cast<std::size_t>(s / kBlockBits)) + (s % kBlockBits) / kWordBits;
  Word v = t[(m_ + k) * kBW] & ~(Word{1} << (s % kWordBits));
  t[(m_ + k) * kBW] = v;
  for (std::size_t n = m_ + k; n > 1; n /= 2) {
    v |= t[(n ^ 1U) * kBW];
    t[n / 2 * kBW] = v;
  }
}

void ColumnTree::clear_leaf(std::size_t k) {
  if (path_ == Path::kAvx2) {
    clear_leaf_avx2(nodes_.data(), blocks_, m_, k);
  } else {
    clear_leaf_scalar(nodes_.data(), blocks_, m_, k);
  }
}

Schedule schedule(const Instance& in, Path path) {
  check_instance(in);
  if (!path_available(path)) throw std::invalid_argument("segtree: code path not available");
  const int P = static_cast<int>(in.arrival.size()), N = in.segments;
  const std::int64_t d = in.round_time;
  const std::size_t W = column_words(N);
  const auto column = [W](int p) { return static_cast<std::size_t>(p) * W; };

  // Every column starts with its first N bits set (every segment A); padding bits stay zero.
  WordVector bits(static_cast<std::size_t>(P) * W, Word{0});
  for (int p = 0; p < P; ++p) {
    for (int s = 0; s < N; s += kWordBits) {
      const int n = std::min(kWordBits, N - s);
      bits[column(p) + static_cast<std::size_t>(s / kWordBits)] =
          n == kWordBits ? ~Word{0} : (Word{1} << n) - 1;
    }
  }
  auto holds_any = [&](int p) {
    const auto first = bits.begin() + static_cast<std::ptrdiff_t>(column(p));
    return std::any_of(first, first + static_cast<std::ptrdiff_t>(W),
                       [](Word w) { return w != 0; });
  };
  std::vector<std::int64_t> avail = in.arrival;
  auto earlier = [&](int a, int b) { return avail[a] != avail[b] ? avail[a] < avail[b] : a < b; };
  std::vector<int> awaiting(static_cast<std::size_t>(P));  // A: by (arrival, rank)
  for (int p = 0; p < P; ++p) awaiting[static_cast<std::size_t>(p)] = p;
  std::sort(awaiting.begin(), awaiting.end(), earlier);
  std::size_t next = 0;  // head of A

  std::vector<int> survivors, group, order;
  // Merge-and-clean (Listing 6 with the inclusive window and the new head): survivors of the
  // previous round (already ordered, already advanced by d) merged with A.
  auto merge = [&] {
    group.clear();
    std::size_t s = 0;
    std::int64_t limit = 0;
    while (s < survivors.size() || next < awaiting.size()) {
      const bool take_survivor = next >= awaiting.size() ||
                                 (s < survivors.size() && earlier(survivors[s], awaiting[next]));
      const int c = take_survivor ? survivors[s] : awaiting[next];
      if (group.empty()) {
        limit = avail[c] + d;
      } else if (avail[c] > limit) {
        break;
      }
      group.push_back(c);
      (take_survivor ? s : next) += 1;
    }
    if (s != survivors.size()) {
      throw std::logic_error("clairvoyant/segtree: a process of the last round left the group");
    }
  };

  ColumnTree tree(N, path);
  // This round's receivers by rank (bitset) with their sender and segment, so that transfers
  // come out sorted by (round, to) without a sort.
  std::vector<Word> received((static_cast<std::size_t>(P) + kWordBits - 1) / kWordBits, 0);
  std::vector<int> sender(static_cast<std::size_t>(P)), segment(static_cast<std::size_t>(P));
  std::vector<int> receivers;
  std::vector<Transfer> transfers;
  transfers.reserve(static_cast<std::size_t>(P - 1) * static_cast<std::size_t>(N));
  int round = 0;
  while (survivors.size() + (awaiting.size() - next) > 1) {
    merge();
    if (group.size() == 1) {
      // Idle rounds: the lone process waits for the next arrival y; skip to the first round
      // whose window [t_x, t_x + d] reaches a_y.
      const int x = group.front(), y = awaiting[next];
      const std::int64_t gap = avail[y] - d - avail[x];
      const std::int64_t skip = gap > 0 ? (gap + d - 1) / d : 0;
      round += static_cast<int>(skip);
      avail[x] += skip * d;
      survivors.assign(1, x);
      merge();
    }
    ++round;
    order = group;
    const auto r = std::find(order.begin(), order.end(), in.root);
    if (r != order.end()) std::rotate(order.begin(), r, r + 1);
    tree.build(order, bits);

    receivers.clear();
    for (std::size_t k = 0; k < order.size(); ++k) {
      const int i = order[k];
      // The sink takes any segment another member can send; everyone else only one it still
      // holds, read from its true column (it may have sent already, which zeroed its leaf).
      const std::span<const Word> mask =
          k == 0 ? std::span<const Word>{} : std::span<const Word>(bits.data() + column(i), W);
      // The smallest segment i can take that anyone holds; unless i is its only holder it is
      // also the smallest that another member can send.
      int seg = tree.first_held(mask);
      if (seg < 0) continue;
      long leaf = tree.find_other(k, seg);
      if (leaf < 0) {
        seg = tree.first_common(k, mask);
        if (seg < 0) continue;
        leaf = tree.find_other(k, seg);
        if (leaf < 0) throw std::logic_error("clairvoyant/segtree: segment without a sender");
      }
      const int z = order[static_cast<std::size_t>(leaf)];
      const std::size_t w = static_cast<std::size_t>(seg / kWordBits);
      const Word bit = Word{1} << (seg % kWordBits);
      bits[column(z) + w] &= ~bit;
      bits[column(i) + w] |= bit;
      tree.clear_bit(k, seg);                           // P': held, but not to be sent on
      tree.clear_leaf(static_cast<std::size_t>(leaf));  // S(z) = true
      sender[static_cast<std::size_t>(i)] = z;
      segment[static_cast<std::size_t>(i)] = seg;
      receivers.push_back(i);
    }
    // Emit in receiver-rank order: a few receivers are sorted, many are read off a bitset.
    if (receivers.size() * 8 < received.size()) {
      std::sort(receivers.begin(), receivers.end());
    } else {
      for (const int i : receivers) {
        received[static_cast<std::size_t>(i / kWordBits)] |= Word{1} << (i % kWordBits);
      }
      receivers.clear();
      for (std::size_t w = 0; w < received.size(); ++w) {
        for (Word v = std::exchange(received[w], 0); v; v &= v - 1) {
          receivers.push_back(static_cast<int>(w) * kWordBits + std::countr_zero(v));
        }
      }
    }
    for (const int i : receivers) {
      transfers.push_back(
          {round, sender[static_cast<std::size_t>(i)], i, segment[static_cast<std::size_t>(i)]});
    }

    survivors.clear();
    for (const int p : group) {
      if (holds_any(p)) {
        avail[p] += d;
        survivors.push_back(p);
      }
    }
  }
  const int last = survivors.size() == 1 ? survivors.front()
                                         : (next < awaiting.size() ? awaiting[next] : in.root);
  if (last != in.root) {
    throw std::logic_error("clairvoyant/segtree: the last process holding data is not the root");
  }
  return detail::finish(round, std::move(transfers));
}

}  // namespace segtree

Schedule schedule_segtree(const Instance& in) {
  return segtree::schedule(in, segtree::best_path());
}

}  // namespace papbench::clv
