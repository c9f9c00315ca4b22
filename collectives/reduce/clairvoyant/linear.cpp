// Clairvoyant, linear: Listing 2 of [ProficzOcetkiewicz2021] (§4.6) with the fixes of
// docs/ALGORITHMS.md, Errata: Clairvoyant Listing 2 — the P' state (a segment received in a round
// cannot be sent on in that round), the search guard (a receiver may find nothing), round numbers
// in the schedule, a deterministic (availability, rank) queue and the inclusive window a <= a_head
// + d. Idle rounds (a lone process waiting for the next arrival) are iterated one by one, as in the
// paper's baseline. This is the reference the other implementations are checked against.
#include <algorithm>
#include <utility>

#include "collectives/reduce/clairvoyant/footprint.hpp"
#include "collectives/reduce/clairvoyant/round_queue.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"

namespace papbench::clv {

Schedule schedule_linear(const Instance& in) {
  check_instance(in);
  const int P = static_cast<int>(in.arrival.size()), N = in.segments;
  const auto at = [N](int p, int s) { return static_cast<std::size_t>(p) * N + s; };
  // 1: A or P, 0: E; the per-cell state, counted for `papbench schedgen` (footprint.hpp).
  std::vector<char, CountingAllocator<char>> held(static_cast<std::size_t>(P) * N, 1);
  std::vector<int> pprime(P, -1);  // the segment received this round (state P')
  std::vector<char> sent(P, 0);    // S(p): has sent this round
  detail::RoundQueue rounds(in);

  std::vector<Transfer> transfers;
  int round = 0;
  while (rounds.more_rounds()) {
    ++round;
    const std::span<const int> group = rounds.next_group();
    for (const int p : group) {
      sent[p] = 0;
      pprime[p] = -1;
    }
    const int sink = group.front();

    for (const int i : group) {
      for (int j = 0; j < N; ++j) {
        if (pprime[i] == j) continue;
        if (i != sink && !held[at(i, j)]) continue;
        int z = -1;
        for (const int q : group) {
          if (q != i && !sent[q] && held[at(q, j)] && pprime[q] != j) {
            z = q;
            break;
          }
        }
        if (z < 0) continue;
        transfers.push_back({round, z, i, j});
        sent[z] = 1;
        held[at(z, j)] = 0;
        held[at(i, j)] = 1;
        pprime[i] = j;
        break;
      }
    }
    for (const int p : group) rounds.requeue_if_holding(p, held, N);
  }
  return rounds.finish("linear", round, std::move(transfers));
}

}  // namespace papbench::clv
