// Clairvoyant, segment tree: seed 003 Listing 8 with the errata of spec 003 §6 and the
// equivalence conditions of §7.2. States are one bit per (process, segment) (1: A or P, 0: E),
// held per process as a column of N bits; the round's group G is built by merging the survivors
// of the previous round with the queue of processes not yet arrived (Sect. 5.2, inclusive
// window); a round with a lone process jumps straight to the round of the next arrival,
// advancing the round counter by m = ceil((a_y - d - t_x) / d) so round numbers match the
// linear version (Sect. 5.1); the sender of the smallest common segment is found with
// all-except-one, find-leftmost and find-leftmost-from over a segment tree of OR-ed columns
// (Listings 3-5, 7).
//
// Deviation from Listing 8, same schedule: the tree's leaves are the group's processing order
// (root first, then availability order), rebuilt at the start of every round — Listing 8 rebuilds
// the tree every round too (line 12). Leaves in processing order make the leftmost leaf the
// first eligible sender directly, so the fractional-order doubled index space (Sect. 5.4.3) and
// the pseudo-root are not needed, and the equivalence pitfalls they bring (§7.2 items 1 and 5)
// cannot occur. A sender's leaf is zeroed (S = true) while its true column stays in `bits`,
// which a receiver that already sent this round is masked with (§7.2 item 2); P' lives only in
// the tree (bit cleared) and in `pprime`, so restoring columns can never lose a P' segment
// (the restore/revert erratum).
#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

#include "collectives/reduce/clairvoyant/schedule.hpp"

namespace papbench::clv {
namespace {

using Word = std::uint64_t;
constexpr int kWordBits = 64;

class Tree {
 public:
  explicit Tree(int words) : W_(static_cast<std::size_t>(words)) {}

  // Leaves = the columns of `order`, in that order; internal nodes OR their children.
  void build(const std::vector<int>& order, const std::vector<Word>& bits) {
    m_ = 1;
    while (m_ < order.size()) m_ *= 2;
    nodes_.assign(2 * m_ * W_, 0);
    for (std::size_t k = 0; k < order.size(); ++k) {
      std::copy_n(bits.begin() + static_cast<std::ptrdiff_t>(order[k] * W_), W_,
                  nodes_.begin() + static_cast<std::ptrdiff_t>((m_ + k) * W_));
    }
    for (std::size_t n = m_ - 1; n >= 1; --n) {
      for (std::size_t w = 0; w < W_; ++w) node(n)[w] = node(2 * n)[w] | node(2 * n + 1)[w];
    }
  }

  // OR of every leaf except leaf k (Listing 3, advancing to the parent each step).
  void all_except_one(std::size_t k, std::vector<Word>& out) const {
    std::fill(out.begin(), out.end(), 0);
    for (std::size_t n = m_ + k; n > 1; n /= 2) {
      const Word* sib = node(n ^ 1);
      for (std::size_t w = 0; w < W_; ++w) out[w] |= sib[w];
    }
  }

  // The leftmost leaf below node n with bit s set, or -1 (Listing 4).
  long find_leftmost(std::size_t n, int s) const {
    if (!bit(n, s)) return -1;
    while (n < m_) n = bit(2 * n, s) ? 2 * n : 2 * n + 1;
    return static_cast<long>(n - m_);
  }
  // The leftmost leaf right of leaf k with bit s set, or -1 (Listing 5).
  long find_leftmost_from(std::size_t k, int s) const {
    for (std::size_t n = m_ + k; n > 1; n /= 2) {
      if (n % 2 == 0 && bit(n + 1, s)) return find_leftmost(n + 1, s);
    }
    return -1;
  }

  void clear_bit(std::size_t k, int s) {
    const std::size_t w = static_cast<std::size_t>(s / kWordBits);
    node(m_ + k)[w] &= ~(Word{1} << (s % kWordBits));
    update_up(k, w, w + 1);
  }
  void clear_leaf(std::size_t k) {
    std::fill_n(node(m_ + k), W_, Word{0});
    update_up(k, 0, W_);
  }

 private:
  Word* node(std::size_t n) { return nodes_.data() + n * W_; }
  const Word* node(std::size_t n) const { return nodes_.data() + n * W_; }
  bool bit(std::size_t n, int s) const { return (node(n)[s / kWordBits] >> (s % kWordBits)) & 1U; }
  void update_up(std::size_t k, std::size_t w0, std::size_t w1) {
    for (std::size_t n = (m_ + k) / 2; n >= 1; n /= 2) {
      for (std::size_t w = w0; w < w1; ++w) node(n)[w] = node(2 * n)[w] | node(2 * n + 1)[w];
    }
  }

  std::size_t W_, m_ = 1;
  std::vector<Word> nodes_;
};

int first_set(const std::vector<Word>& v) {
  for (std::size_t w = 0; w < v.size(); ++w) {
    if (v[w]) return static_cast<int>(w) * kWordBits + std::countr_zero(v[w]);
  }
  return -1;
}

}  // namespace

Schedule schedule_segtree(const Instance& in) {
  check_instance(in);
  const int P = static_cast<int>(in.arrival.size()), N = in.segments;
  const int W = (N + kWordBits - 1) / kWordBits;
  const std::int64_t d = in.round_time;
  const auto Wz = static_cast<std::size_t>(W);

  // Every column starts all ones (every segment A); bits past N stay zero.
  std::vector<Word> bits(static_cast<std::size_t>(P) * Wz, ~Word{0});
  if (N % kWordBits != 0) {
    for (int p = 0; p < P; ++p)
      bits[static_cast<std::size_t>(p) * Wz + Wz - 1] = (Word{1} << (N % kWordBits)) - 1;
  }
  auto holds_any = [&](int p) {
    const auto first = bits.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(p) * Wz);
    return std::any_of(first, first + W, [](Word w) { return w != 0; });
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

  Tree tree(W);
  std::vector<Word> column(Wz);
  std::vector<int> pprime(static_cast<std::size_t>(P), -1);
  std::vector<Transfer> transfers;
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
    for (const int p : order) pprime[static_cast<std::size_t>(p)] = -1;

    for (std::size_t k = 0; k < order.size(); ++k) {
      const int i = order[k];
      tree.all_except_one(k, column);
      if (k != 0) {
        // Not the sink: only segments it still holds, from its true column (it may have sent
        // already this round, which zeroed its leaf).
        for (std::size_t w = 0; w < Wz; ++w)
          column[w] &= bits[static_cast<std::size_t>(i) * Wz + w];
      }
      if (const int j = pprime[static_cast<std::size_t>(i)]; j >= 0) {
        column[static_cast<std::size_t>(j / kWordBits)] &= ~(Word{1} << (j % kWordBits));
      }
      const int seg = first_set(column);
      if (seg < 0) continue;
      long leaf = tree.find_leftmost(1, seg);
      if (leaf == static_cast<long>(k)) leaf = tree.find_leftmost_from(k, seg);
      if (leaf < 0) throw std::logic_error("clairvoyant/segtree: segment without a sender");
      const int z = order[static_cast<std::size_t>(leaf)];
      transfers.push_back({round, z, i, seg});
      const std::size_t w = static_cast<std::size_t>(seg / kWordBits);
      const Word mask = Word{1} << (seg % kWordBits);
      bits[static_cast<std::size_t>(z) * Wz + w] &= ~mask;
      bits[static_cast<std::size_t>(i) * Wz + w] |= mask;
      pprime[static_cast<std::size_t>(i)] = seg;
      tree.clear_bit(k, seg);                           // P': held, but not to be sent on
      tree.clear_leaf(static_cast<std::size_t>(leaf));  // S(z) = true
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

}  // namespace papbench::clv
