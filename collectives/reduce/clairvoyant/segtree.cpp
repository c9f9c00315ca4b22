// Clairvoyant, segment tree: [ProficzOcetkiewicz2021] Listing 8 (§5.6) with the fixes of
// docs/ALGORITHMS.md, Errata: Clairvoyant Listing 8, computed without the tree (same schedule;
// docs/ALGORITHMS.md, Deviation: Clairvoyant segment-tree leaves). States are one bit per
// (process, segment) (1: A or P, 0: E), held per process as a column of N bits; the round's group
// G is built by merging the survivors of the previous round with the queue of processes not yet
// arrived (§5.2, inclusive window); a round with a lone process jumps straight to the round of the
// next arrival, advancing the round counter by m = ceil((a_y - d - t_x) / d) so round numbers match
// the linear version (§5.1).
//
// The round works on the group's processing order (root first, then availability order), the
// leaves of Listing 8's tree: leaf k is the column of the k-th process, less the segment it
// received this round (P'), and empty once it has sent (S = true). Receiver k takes the smallest
// segment s it can take (the sink: any; everyone else: one its true column still holds) that a
// leaf other than its own holds, from the leftmost such leaf (all-except-one, find-leftmost,
// find-leftmost-from; Listings 3-5, 7). Two structures answer that instead of the segment tree:
//   - holder counts: for every segment, how many unsent leaves hold it, bit-sliced (plane q holds
//     bit q of every count, so a sender's whole leaf is subtracted with a few word operations per
//     plane; the wide kernel, AVX2 or 64-bit scalar, chosen at run time), with the sets
//     "count >= 1" and "count >= 2" derived on every update. A receiver whose leaf is intact holds
//     every segment it may take, so another leaf holds s exactly when count(s) >= 2; one that
//     already sent needs count(s) >= 1. Selection is one AND and a first-bit search over N bits.
//     The group's counts over the true columns are kept across rounds (a transfer moves one
//     segment, a newcomer adds its full column, a process leaves with an empty one) and copied at
//     the start of a round.
//   - holder bitsets per segment over a label order fixed for the whole schedule, (a mod d,
//     rank), from which processing order follows by a rotation (see the labels below), so the
//     sender is a first-bit search too and no order-dependent structure is rebuilt per round.
// A round keeps the counts exactly (counted: the subtract kernel on every sender) or derives the
// two sets once at its start and lets them go stale (checked): the sets only lose segments during
// a round, so a stale candidate is one whose sender search fails, and it is dropped. Uniform
// arrivals fail 2.5 searches per transfer, skewed ones almost never; SetsChooser picks per round
// from the last checked round's failures (docs/SCHEDGEN.md, Counted and checked sets).
// Each round's transfers are emitted in receiver-rank order from a bitset instead of sorting the
// whole schedule at the end.
//
// Measured and rejected (P = N = 512 uniform, docs/SCHEDGEN.md): the segment tree itself, over
// 256-bit blocks (issue 30: chains of dependent loads per receiver, a descent after log2(P)
// sibling loads and every update climbing to the root), and within it prefetching in the descent,
// two or three levels per descent step, a fixed-length descent, a compare-mask first_held,
// per-segment leftmost-holder hints, deferring the sender's column update to the end of the round,
// -O3, leaving an already empty block out of clear_leaf, and cache-line-aligned tree nodes; in
// place of the tree, a leftmost-holder cursor per segment scanning processing positions (3.5x
// slower: old processes have sent the small segments, so the scans are long), counts kept only
// as upper bounds, corrected when a search finds no other holder (15-20 % slower: 2.5 failed
// searches per transfer), a segment search with one branch per four words instead of one per
// word (10 % slower), starting the label scan past the label words already all sent (6 %
// slower), precomputed label words and bits, the P' and total updates made unconditional with
// empty masks, skipping a sender's empty 256-bit block in the subtract kernel, and a per-process
// hint past its column's leading empty words for the segment search (all within noise). Kept:
// single-bit count updates without the early exit (10 % faster: where a borrow stops is a coin flip
// to the branch predictor). A second attempt (docs/SCHEDGEN.md, "Second attempt") found the time
// set by the chain from one transfer to the next, not by instructions: 21 % fewer instructions
// (combines batched per round, kernels unrolled per plane count) were no faster on avx2, and
// count-free candidates, label-indexed columns, aligned columns, branch-free searches and a
// look-ahead search were slower or no faster. A third (docs/SCHEDGEN.md, "Third attempt") found a
// quarter of the time outside the receiver loop and kept two changes there: the group is the
// survivors with the few newcomers inserted, not a merge that compares every member, and each
// round's transfers are written through a pointer into the grown vector (together 4-10 % faster).
// Rejected in it, both no faster: the masks of the subtract kernel applied in registers (the
// receiver's P' folded into the sender's subtraction, no store into the column before its wide
// load), and the round's unsent bits kept inside the label masks the sender scan reads; and no
// counts during a round at all, each candidate checked against its holder row instead (uniform
// 16 % slower: 2.5 failed checks per transfer, mostly segments the last few senders emptied;
// skewed 23 % faster).
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

// ---- Kernels. Holder counts are bit-sliced: `planes` planes of W words, plane q word w holding
// bit q of the counts of segments 64w .. 64w + 63. ----

constexpr std::size_t kBW = kBlockWords;

// counts -= col (one at every set bit; never below zero), and one / two := count >= 1 / >= 2.
void subtract_scalar(Word* counts, std::size_t W, int planes, const Word* col, Word* one,
                     Word* two) {
  for (std::size_t w = 0; w < W; ++w) {
    Word borrow = col[w];
    const Word low = counts[w];
    counts[w] = low ^ borrow;
    borrow &= ~low;
    Word many = 0;
    for (std::size_t q = 1; q < static_cast<std::size_t>(planes); ++q) {
      Word& c = counts[q * W + w];
      const Word t = c;
      c = t ^ borrow;
      borrow &= ~t;
      many |= c;
    }
    one[w] = counts[w] | many;
    two[w] = many;
  }
}

// Unaligned loads: vector storage is only 16-byte aligned, and on aligned addresses they cost
// the same.
[[gnu::target("avx2")]] __m256i load(const Word* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
[[gnu::target("avx2")]] void store(Word* p, __m256i v) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}

[[gnu::target("avx2")]] void subtract_avx2(Word* counts, std::size_t W, int planes, const Word* col,
                                           Word* one, Word* two) {
  for (std::size_t w = 0; w < W; w += kBW) {
    __m256i borrow = load(col + w);
    const __m256i low = load(counts + w);
    const __m256i low_new = _mm256_xor_si256(low, borrow);
    store(counts + w, low_new);
    borrow = _mm256_andnot_si256(low, borrow);
    __m256i many = _mm256_setzero_si256();
    for (std::size_t q = 1; q < static_cast<std::size_t>(planes); ++q) {
      Word* c = counts + q * W + w;
      const __m256i t = load(c);
      const __m256i t_new = _mm256_xor_si256(t, borrow);
      store(c, t_new);
      borrow = _mm256_andnot_si256(t, borrow);
      many = _mm256_or_si256(many, t_new);
    }
    store(one + w, _mm256_or_si256(low_new, many));
    store(two + w, many);
  }
}

// counts += bits / counts -= bits in word w only (never above 2^planes - 1, never below zero).
void add_word(Word* counts, std::size_t W, int planes, std::size_t w, Word bits) {
  for (std::size_t q = 0; bits != 0 && q < static_cast<std::size_t>(planes); ++q) {
    Word& c = counts[q * W + w];
    const Word t = c;
    c = t ^ bits;
    bits &= t;
  }
}
// No early exit: where the borrow stops is data-dependent.
void subtract_word(Word* counts, std::size_t W, int planes, std::size_t w, Word bits) {
  for (std::size_t q = 0; q < static_cast<std::size_t>(planes); ++q) {
    Word& c = counts[q * W + w];
    const Word t = c;
    c = t ^ bits;
    bits &= ~t;
  }
}

// one / two := count >= 1 / >= 2 from scratch.
void derive(const Word* counts, std::size_t W, int planes, Word* one, Word* two) {
  for (std::size_t w = 0; w < W; ++w) {
    Word many = 0;
    for (std::size_t q = 1; q < static_cast<std::size_t>(planes); ++q) many |= counts[q * W + w];
    one[w] = counts[w] | many;
    two[w] = many;
  }
}

// Which sets a round keeps (Sets). Counted costs the subtract kernel on every transfer; checked
// costs a sender search for every candidate whose other holders all sent earlier in the round.
// kAdaptive starts checked and measures each checked round's failed searches per transfer;
// above the break-even it keeps the counts for a while and then tries a checked round again,
// after 4, 8, ... up to 512 rounds while the checks keep failing.
class SetsChooser {
 public:
  explicit SetsChooser(Sets sets) : sets_(sets) {}

  bool counted() const {
    return sets_ == Sets::kCounted || (sets_ == Sets::kAdaptive && wait_ > 0);
  }

  void record(bool counted, long failed, long transfers) {
    if (sets_ != Sets::kAdaptive) return;
    if (counted) {
      --wait_;
    } else if (static_cast<double>(failed) > kBreakEven * static_cast<double>(transfers)) {
      wait_ = backoff_;
      backoff_ = std::min(2 * backoff_, kMaxBackoff);
    } else {
      backoff_ = kMinBackoff;
    }
  }

 private:
  static constexpr double kBreakEven = 1.0;
  static constexpr int kMinBackoff = 4, kMaxBackoff = 512;
  Sets sets_;
  int wait_ = 0;
  int backoff_ = kMinBackoff;
};

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

namespace {

// One schedule's state and the steps of Listing 8's loop, each a member (the order is in
// run()): the columns and holder structures built once, then per round the group (merge), the
// idle skip, the round's sets (begin_round), each receiver's segment and sender (choose,
// transfer), and the round's end (end_round, emit, advance).
class SegtreeScheduler {
 public:
  SegtreeScheduler(const Instance& in, Path path, Sets sets)
      : in_(in),
        P_(static_cast<int>(in.arrival.size())),
        N_(in.segments),
        d_(in.round_time),
        W_(column_words(N_)),
        subtract_(path == Path::kAvx2 ? subtract_avx2 : subtract_scalar),
        bits_(static_cast<std::size_t>(P_) * W_, Word{0}),
        held_count_(static_cast<std::size_t>(P_), N_),
        avail_(in.arrival),
        awaiting_(static_cast<std::size_t>(P_)),
        total_planes_(static_cast<int>(std::bit_width(static_cast<unsigned>(P_)))),
        total_(static_cast<std::size_t>(total_planes_) * W_, Word{0}),
        live_(total_.size()),
        one_(W_),
        two_(W_),
        taken_(static_cast<std::size_t>(P_), -1),
        joined_(static_cast<std::size_t>(P_), 0),
        chooser_(sets),
        L_(static_cast<std::size_t>(P_)),
        LW_(column_words(P_)),
        label_(L_),
        by_label_(L_),
        holders_(static_cast<std::size_t>(N_) * LW_, Word{0}),
        unsent_(LW_),
        early_(LW_),
        late_(LW_),
        received_((static_cast<std::size_t>(P_) + kWordBits - 1) / kWordBits, 0),
        sender_(static_cast<std::size_t>(P_)),
        segment_(static_cast<std::size_t>(P_)) {
    fill_columns();
    for (int p = 0; p < P_; ++p) awaiting_[static_cast<std::size_t>(p)] = p;
    std::sort(awaiting_.begin(), awaiting_.end(), [this](int a, int b) { return earlier(a, b); });
    order_labels();
    fill_holders();
    // (P - 1) * N combines, plus the segments the sink gains (a few hundred at P = N = 512).
    transfers_.reserve(static_cast<std::size_t>(P_) * static_cast<std::size_t>(N_));
  }

  Schedule run() {
    while (survivors_.size() + (awaiting_.size() - next_) > 1) {
      merge();
      if (group_.size() == 1) skip_idle_rounds();
      ++round_;
      begin_round();
      receivers_.clear();
      long failed = 0;  // checked sets: candidates that had no sender
      for (std::size_t k = 0; k < g_; ++k) transfer_to(k, failed);
      chooser_.record(counted_, failed, static_cast<long>(receivers_.size()));
      end_round();
      emit();
      advance();
    }
    const int last = survivors_.size() == 1
                         ? survivors_.front()
                         : (next_ < awaiting_.size() ? awaiting_[next_] : in_.root);
    if (last != in_.root) {
      throw std::logic_error("clairvoyant/segtree: the last process holding data is not the root");
    }
    return detail::finish(round_, std::move(transfers_));
  }

 private:
  std::size_t column(int p) const { return static_cast<std::size_t>(p) * W_; }
  bool earlier(int a, int b) const {
    return avail_[a] != avail_[b] ? avail_[a] < avail_[b] : a < b;
  }
  Word label_bit(int p) const {
    return Word{1} << (label_[static_cast<std::size_t>(p)] % kWordBits);
  }
  std::size_t label_word(int p) const {
    return static_cast<std::size_t>(label_[static_cast<std::size_t>(p)] / kWordBits);
  }

  // Every column starts with its first N bits set (every segment A); padding bits stay zero.
  void fill_columns() {
    for (int p = 0; p < P_; ++p) {
      for (int s = 0; s < N_; s += kWordBits) {
        const int n = std::min(kWordBits, N_ - s);
        bits_[column(p) + static_cast<std::size_t>(s / kWordBits)] =
            n == kWordBits ? ~Word{0} : (Word{1} << n) - 1;
      }
    }
  }

  // Holders by label: label order is (a mod d, rank), fixed for the whole schedule. Every
  // member's availability lies in the window [t_h, t_h + d] of the round's head h and moves by
  // whole d, so availability order is label order rotated to start at h's label, except for
  // the members at exactly t_h + d ("late": h's phase, so their labels sit around h's), which
  // come last, by rank = label order. The root, first of all, is looked at on its own.
  void order_labels() {
    std::vector<std::int64_t> phase(L_);
    for (std::size_t p = 0; p < L_; ++p) phase[p] = ((in_.arrival[p] % d_) + d_) % d_;
    for (std::size_t p = 0; p < L_; ++p) by_label_[p] = static_cast<int>(p);
    std::sort(by_label_.begin(), by_label_.end(), [&](int a, int b) {
      return phase[static_cast<std::size_t>(a)] != phase[static_cast<std::size_t>(b)]
                 ? phase[static_cast<std::size_t>(a)] < phase[static_cast<std::size_t>(b)]
                 : a < b;
    });
    for (std::size_t l = 0; l < L_; ++l)
      label_[static_cast<std::size_t>(by_label_[l])] = static_cast<int>(l);
  }

  // holders_[s * LW ...]: who holds segment s in its leaf (true column, less this round's P').
  void fill_holders() {
    for (int s = 0; s < N_; ++s) {
      Word* const row = holders_.data() + static_cast<std::size_t>(s) * LW_;
      std::fill_n(row, L_ / kWordBits, ~Word{0});
      if (L_ % kWordBits != 0) row[L_ / kWordBits] = (Word{1} << (L_ % kWordBits)) - 1;
    }
  }

  // Merge-and-clean (Listing 6 with the inclusive window and the new head): survivors of the
  // previous round (already ordered, already advanced by d) merged with A.
  void merge() {
    // The window opens at the earlier of the first survivor and the head of A. The survivors,
    // already in order, all lie in it (checked); processes of A join while they do, so the
    // group is the survivors with the newcomers inserted: by binary search when they are few
    // (most rounds have none), by a merge when many join at once (a skewed instance's start).
    const auto before = [this](int a, int b) { return earlier(a, b); };
    const bool a_first = next_ < awaiting_.size() &&
                         (survivors_.empty() || earlier(awaiting_[next_], survivors_.front()));
    const std::int64_t limit = avail_[a_first ? awaiting_[next_] : survivors_.front()] + d_;
    if (!survivors_.empty() && avail_[survivors_.back()] > limit) {
      throw std::logic_error("clairvoyant/segtree: a process of the last round left the group");
    }
    std::size_t end = next_;
    while (end < awaiting_.size() && avail_[awaiting_[end]] <= limit) ++end;
    group_.assign(survivors_.begin(), survivors_.end());
    if (end - next_ > 8) {
      group_.resize(survivors_.size() + (end - next_));
      std::merge(survivors_.begin(), survivors_.end(), awaiting_.begin() + static_cast<long>(next_),
                 awaiting_.begin() + static_cast<long>(end), group_.begin(), before);
    } else {
      for (std::size_t a = next_; a < end; ++a) {
        group_.insert(std::upper_bound(group_.begin(), group_.end(), awaiting_[a], before),
                      awaiting_[a]);
      }
    }
    next_ = end;
    const auto r = std::find(group_.begin(), group_.end(), in_.root);
    root_at_ = r == group_.end() ? static_cast<std::size_t>(P_)
                                 : static_cast<std::size_t>(r - group_.begin());
  }

  // Idle rounds: the lone process waits for the next arrival y; skip to the first round whose
  // window [t_x, t_x + d] reaches a_y.
  void skip_idle_rounds() {
    const int x = group_.front(), y = awaiting_[next_];
    const std::int64_t gap = avail_[y] - d_ - avail_[x];
    const std::int64_t skip = gap > 0 ? (gap + d_ - 1) / d_ : 0;
    round_ += static_cast<int>(skip);
    avail_[x] += skip * d_;
    survivors_.assign(1, x);
    merge();
  }

  // Processing order (the root, then the group in order), the round's label sets, the newcomers'
  // columns in the totals, and the candidate sets one / two.
  void begin_round() {
    g_ = group_.size();
    root_in_ = root_at_ < g_;
    const int head = group_.front();
    const std::int64_t edge = avail_[static_cast<std::size_t>(head)] + d_;
    head_label_ = static_cast<std::size_t>(label_[static_cast<std::size_t>(head)]);
    std::fill(unsent_.begin(), unsent_.end(), ~Word{0});
    std::fill(early_.begin(), early_.end(), Word{0});
    std::fill(late_.begin(), late_.end(), Word{0});
    for (const int p : group_) {
      if (!joined_[static_cast<std::size_t>(p)]) {
        joined_[static_cast<std::size_t>(p)] = 1;
        for (std::size_t w = 0; w < W_; ++w) {
          add_word(total_.data(), W_, total_planes_, w, bits_[column(p) + w]);
        }
      }
      if (p == in_.root) continue;
      (avail_[static_cast<std::size_t>(p)] == edge ? late_ : early_)[label_word(p)] |= label_bit(p);
    }
    // Counts <= g: the planes above bit_width(g) are zero all round.
    planes_ = static_cast<int>(std::bit_width(g_));
    counted_ = chooser_.counted();
    if (counted_) {
      std::copy_n(total_.begin(), static_cast<std::size_t>(planes_) * W_, live_.begin());
      derive(live_.data(), W_, planes_, one_.data(), two_.data());
    } else {
      derive(total_.data(), W_, planes_, one_.data(), two_.data());
    }
  }

  // Position k of the processing order: group_[at(k)].
  std::size_t at(std::size_t k) const {
    return !root_in_ ? k : k == 0 ? root_at_ : k <= root_at_ ? k - 1 : k;
  }

  // The first label in [lo, LW * 64) set in row & unsent & mask; -1 if none; in [0, hi) for
  // scan_below.
  long scan_from(const Word* row, const Word* mask, std::size_t lo) const {
    std::size_t w = lo / kWordBits;
    Word v = row[w] & unsent_[w] & mask[w] & (~Word{0} << (lo % kWordBits));
    while (v == 0) {
      if (++w == LW_) return -1;
      v = row[w] & unsent_[w] & mask[w];
    }
    return static_cast<long>(w * kWordBits) + std::countr_zero(v);
  }
  long scan_below(const Word* row, const Word* mask, std::size_t hi) const {
    for (std::size_t w = 0; w * kWordBits < hi; ++w) {
      Word v = row[w] & unsent_[w] & mask[w];
      if ((w + 1) * kWordBits > hi) v &= (Word{1} << (hi % kWordBits)) - 1;
      if (v != 0) return static_cast<long>(w * kWordBits) + std::countr_zero(v);
    }
    return -1;
  }

  // The first unsent leaf in processing order that holds s (its label); -1 if none.
  long sender_of(int s) const {
    const Word* const row = holders_.data() + static_cast<std::size_t>(s) * LW_;
    if (root_in_ &&
        (unsent_[label_word(in_.root)] & row[label_word(in_.root)] & label_bit(in_.root))) {
      return label_[static_cast<std::size_t>(in_.root)];
    }
    long f = scan_from(row, early_.data(), head_label_);
    if (f < 0) f = scan_below(row, early_.data(), head_label_);
    if (f < 0) f = scan_from(row, late_.data(), 0);
    return f;
  }

  // Receiver k (processing position) takes the smallest segment it can take that a leaf other
  // than its own holds, from that segment's first unsent holder; nothing when none.
  void transfer_to(std::size_t k, long& failed) {
    const int i = group_[at(k)];
    Word* const col = bits_.data() + column(i);
    const std::size_t iw = label_word(i);
    const Word ib = label_bit(i);
    const bool k_sent = (unsent_[iw] & ib) == 0;
    // The sink takes any segment (counted twice where its own leaf holds it); everyone else only
    // one its true column still holds, which its leaf, while intact, holds too. Checked sets may
    // still name a segment whose other holders have all sent: its sender search fails, and since
    // holders only leave during a round, it leaves the sets (at most i holds it) and the search
    // goes on from there.
    int seg = -1;
    long found = -1;
    for (std::size_t from = 0;;) {
      seg = -1;
      const Word* const others = k_sent ? one_.data() : two_.data();
      for (std::size_t w = from; w < W_; ++w) {
        const Word v = k == 0 ? (col[w] & two_[w]) | (~col[w] & one_[w]) : col[w] & others[w];
        if (v != 0) {
          seg = static_cast<int>(w) * kWordBits + std::countr_zero(v);
          break;
        }
      }
      if (seg < 0) break;
      const std::size_t w = static_cast<std::size_t>(seg / kWordBits);
      const Word bit = Word{1} << (seg % kWordBits);
      const bool held = (col[w] & bit) != 0;
      Word* const row = holders_.data() + static_cast<std::size_t>(seg) * LW_;
      if (held) {
        row[iw] &= ~ib;  // P' (restored after the round)
        if (counted_ && !k_sent) subtract_word(live_.data(), W_, planes_, w, bit);
      }
      found = sender_of(seg);
      if (found >= 0) break;
      if (counted_) throw std::logic_error("clairvoyant/segtree: segment without a sender");
      ++failed;
      if (held) row[iw] |= ib;
      two_[w] &= ~bit;
      if (k_sent) one_[w] &= ~bit;
      from = w;
    }
    if (seg < 0) return;
    move_segment(i, seg, by_label_[static_cast<std::size_t>(found)]);
  }

  // Sender z gives segment seg to receiver i: z's leaf empties (S = true), the columns, counts
  // and holders follow.
  void move_segment(int i, int seg, int z) {
    Word* const col = bits_.data() + column(i);
    const std::size_t w = static_cast<std::size_t>(seg / kWordBits);
    const Word bit = Word{1} << (seg % kWordBits);
    const bool held = (col[w] & bit) != 0;
    Word* const row = holders_.data() + static_cast<std::size_t>(seg) * LW_;
    taken_[static_cast<std::size_t>(i)] = seg;
    Word* const zcol = bits_.data() + column(z);
    if (counted_) {
      // S(z) = true: its leaf (its true column less its own P') leaves the counts.
      const int t = taken_[static_cast<std::size_t>(z)];
      const std::size_t tw = t >= 0 ? static_cast<std::size_t>(t / kWordBits) : 0;
      const Word tb = t >= 0 ? Word{1} << (t % kWordBits) : 0;
      zcol[tw] &= ~tb;
      subtract_(live_.data(), W_, planes_, zcol, one_.data(), two_.data());
      zcol[tw] |= tb;
    }
    unsent_[label_word(z)] &= ~label_bit(z);
    row[label_word(z)] &= ~label_bit(z);
    zcol[w] &= ~bit;
    col[w] |= bit;
    --held_count_[static_cast<std::size_t>(z)];
    if (!held) ++held_count_[static_cast<std::size_t>(i)];
    // z lost seg; i gained it unless it held it already.
    if (held) subtract_word(total_.data(), W_, total_planes_, w, bit);
    sender_[static_cast<std::size_t>(i)] = z;
    segment_[static_cast<std::size_t>(i)] = seg;
    receivers_.push_back(i);
  }

  // Every receiver holds its segment from now on (P' ends; the sink may have gained it).
  void end_round() {
    for (const int i : receivers_) {
      const auto s = static_cast<std::size_t>(segment_[static_cast<std::size_t>(i)]);
      holders_[s * LW_ + label_word(i)] |= label_bit(i);
      taken_[static_cast<std::size_t>(i)] = -1;
    }
  }

  // The round's transfers in receiver-rank order: a few receivers are sorted, many are read off
  // a bitset.
  void emit() {
    const std::size_t first = transfers_.size();
    transfers_.resize(first + receivers_.size());
    Transfer* out = transfers_.data() + first;
    const auto put = [&](int i) {
      *out++ = {round_, sender_[static_cast<std::size_t>(i)], i,
                segment_[static_cast<std::size_t>(i)]};
    };
    if (receivers_.size() * 8 < received_.size()) {
      std::sort(receivers_.begin(), receivers_.end());
      for (const int i : receivers_) put(i);
    } else {
      for (const int i : receivers_) {
        received_[static_cast<std::size_t>(i / kWordBits)] |= Word{1} << (i % kWordBits);
      }
      for (std::size_t w = 0; w < received_.size(); ++w) {
        for (Word v = std::exchange(received_[w], 0); v; v &= v - 1) {
          put(static_cast<int>(w) * kWordBits + std::countr_zero(v));
        }
      }
    }
  }

  // The processes still holding data go on to the next round, d later.
  void advance() {
    survivors_.clear();
    for (const int p : group_) {
      if (held_count_[static_cast<std::size_t>(p)] > 0) {
        avail_[p] += d_;
        survivors_.push_back(p);
      }
    }
  }

  const Instance& in_;
  const int P_, N_;
  const std::int64_t d_;
  const std::size_t W_;
  decltype(&subtract_scalar) subtract_;

  WordVector bits_;              // the columns, W words per process
  std::vector<int> held_count_;  // segments each process holds, so that leaving is one test
  std::vector<std::int64_t> avail_;
  std::vector<int> awaiting_;  // A: by (arrival, rank)
  std::size_t next_ = 0;       // head of A
  std::vector<int> survivors_, group_;
  std::size_t root_at_ = 0;  // the root's index in group_, P if not there

  // Holder counts (bit-sliced, see the kernels), counts <= P: total_ over the true columns of
  // the processes that joined a group (kept across rounds), live_ over this round's unsent
  // leaves, one_ / two_ the segments live holds at least once / twice.
  const int total_planes_;
  std::vector<Word> total_, live_, one_, two_;
  std::vector<int> taken_;  // the segment received this round
  std::vector<char> joined_;
  SetsChooser chooser_;

  const std::size_t L_, LW_;  // labels, and words per label bitset (as per column)
  std::vector<int> label_, by_label_;
  WordVector holders_;
  // Per round, by label: unsent (S = false), the non-root members on time and late.
  std::vector<Word> unsent_, early_, late_;

  // This round's receivers by rank (bitset) with their sender and segment, so that transfers
  // come out sorted by (round, to) without a sort.
  std::vector<Word> received_;
  std::vector<int> sender_, segment_;
  std::vector<int> receivers_;
  std::vector<Transfer> transfers_;
  int round_ = 0;

  // The current round.
  std::size_t g_ = 0;  // group size
  bool root_in_ = false;
  std::size_t head_label_ = 0;
  int planes_ = 0;
  bool counted_ = false;
};

}  // namespace

Schedule schedule(const Instance& in, Path path, Sets sets) {
  check_instance(in);
  if (!path_available(path)) throw std::invalid_argument("segtree: code path not available");
  return SegtreeScheduler(in, path, sets).run();
}

}  // namespace segtree

Schedule schedule_segtree(const Instance& in) {
  return segtree::schedule(in, segtree::best_path());
}

}  // namespace papbench::clv
