#pragma once
// Orders that the PAP-aware algorithms of [Proficz2020] derive from the exchanged arrival times.
// Every rank computes the same result from the same allgathered times: ties are broken by rank.

#include <cstdint>
#include <span>
#include <vector>

namespace papbench {

enum class ArrivalOrder { kEarliestFirst, kLatestFirst };

// Every rank, in arrival order (SLIN, SLS, BSLN, BSLS: the root's loop, its own place included).
std::vector<int> ranks_by_arrival(std::span<const std::int64_t> arrivals, ArrivalOrder order);

// slot -> rank of SBN/BSBN scatter ([Proficz2020] Fig. 7, generalised to any P: docs/ALGORITHMS.md,
// Errata: SBN scatter): the root at slot 0; the q-th earliest other rank at the q-th of the slots
// 1..P-1 ordered by their bit reversal, so early ranks receive first, get the large subtrees, and
// no parent arrives after its children.
std::vector<int> sbn_scatter_slots(std::span<const std::int64_t> arrivals, int root);

// slot -> rank of SBN/BSBN gather ([Proficz2020] Fig. 11; docs/ALGORITHMS.md, Errata: SBN gather):
// the root at slot 0, then the other ranks latest first, so in the highbit tree every child (a
// higher slot) arrives before its parent.
std::vector<int> sbn_gather_slots(std::span<const std::int64_t> arrivals, int root);

}  // namespace papbench
