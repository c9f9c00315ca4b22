// Clairvoyant, pairing heaps: the linear semantics with the sender search of [Marendic2016]'s
// proposal — one Boost pairing heap per segment holding the group positions of the processes that
// could send that segment, plus a handle per (process, segment). As in [ProficzOcetkiewicz2021]
// §5.7 a process that sends is erased from all its heaps at once and everyone is re-inserted at the
// start of the next round (immediate removal, not filtering on extraction). Idle rounds are
// iterated, as in the paper's baseline.
#include <algorithm>
#include <boost/heap/pairing_heap.hpp>
#include <functional>
#include <utility>

#include "collectives/reduce/clairvoyant/footprint.hpp"
#include "collectives/reduce/clairvoyant/round_queue.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"

namespace papbench::clv {
namespace {

// Group positions, smallest on top: the first eligible process in group order. Nodes, handles and
// flags are allocated through CountingAllocator, so `papbench schedgen` can report their real size
// per (process, segment) cell (footprint.hpp; [ProficzOcetkiewicz2021] §4.5).
using Heap = boost::heap::pairing_heap<int, boost::heap::compare<std::greater<int>>,
                                       boost::heap::allocator<CountingAllocator<int>>>;

class Heaps {
 public:
  Heaps(int P, int N)
      : N_(N),
        heaps_(static_cast<std::size_t>(N)),
        handles_(static_cast<std::size_t>(P) * N),
        in_(static_cast<std::size_t>(P) * N, 0) {}

  void insert(int p, int pos, int s) {
    const std::size_t c = cell(p, s);
    handles_[c] = heaps_[s].push(pos);
    in_[c] = 1;
  }
  void erase(int p, int s) {
    const std::size_t c = cell(p, s);
    if (!in_[c]) return;
    heaps_[s].erase(handles_[c]);
    in_[c] = 0;
  }
  void erase_all(int p) {
    for (int s = 0; s < N_; ++s) erase(p, s);
  }
  // The smallest group position in segment s's heap other than the receiver's own (process p at
  // position pos); -1: none. A receiver on top steps aside for the look and comes back.
  int first_other(int s, int p, int pos) {
    Heap& h = heaps_[s];
    if (h.empty()) return -1;
    if (h.top() != pos) return h.top();
    h.pop();
    const int second = h.empty() ? -1 : h.top();
    handles_[cell(p, s)] = h.push(pos);
    return second;
  }

 private:
  std::size_t cell(int p, int s) const { return static_cast<std::size_t>(p) * N_ + s; }
  int N_;
  std::vector<Heap> heaps_;
  std::vector<Heap::handle_type, CountingAllocator<Heap::handle_type>> handles_;
  std::vector<char, CountingAllocator<char>> in_;
};

}  // namespace

Schedule schedule_pairing(const Instance& in) {
  check_instance(in);
  const int P = static_cast<int>(in.arrival.size()), N = in.segments;
  const auto at = [N](int p, int s) { return static_cast<std::size_t>(p) * N + s; };
  std::vector<char, CountingAllocator<char>> held(static_cast<std::size_t>(P) * N, 1);
  std::vector<int> pprime(P, -1);
  Heaps heaps(P, N);
  detail::RoundQueue rounds(in);

  std::vector<Transfer> transfers;
  int round = 0;
  while (rounds.more_rounds()) {
    ++round;
    const std::span<const int> group = rounds.next_group();
    const int sink = group.front();
    // Re-enable every member (S = false) in the heaps of the segments it holds.
    for (std::size_t pos = 0; pos < group.size(); ++pos) {
      const int p = group[pos];
      pprime[p] = -1;
      for (int s = 0; s < N; ++s) {
        if (held[at(p, s)]) heaps.insert(p, static_cast<int>(pos), s);
      }
    }

    for (std::size_t pos = 0; pos < group.size(); ++pos) {
      const int i = group[pos];
      for (int j = 0; j < N; ++j) {
        if (pprime[i] == j) continue;
        if (i != sink && !held[at(i, j)]) continue;
        const int zpos = heaps.first_other(j, i, static_cast<int>(pos));
        if (zpos < 0) continue;
        const int z = group[static_cast<std::size_t>(zpos)];
        transfers.push_back({round, z, i, j});
        held[at(z, j)] = 0;
        heaps.erase_all(z);  // S(z) = true: it sends nothing more this round
        held[at(i, j)] = 1;
        pprime[i] = j;
        heaps.erase(i, j);  // P': not to be sent on this round
        break;
      }
    }
    for (const int p : group) {
      heaps.erase_all(p);
      rounds.requeue_if_holding(p, held, N);
    }
  }
  return rounds.finish("pairing", round, std::move(transfers));
}

}  // namespace papbench::clv
