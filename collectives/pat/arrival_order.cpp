#include "collectives/pat/arrival_order.hpp"

#include <algorithm>
#include <numeric>

namespace papbench {
namespace {

std::vector<int> others_by_arrival(std::span<const std::int64_t> arrivals, int root,
                                   ArrivalOrder order) {
  std::vector<int> all = ranks_by_arrival(arrivals, order);
  std::erase(all, root);
  return all;
}

std::size_t bit_reverse(std::size_t x, int bits) {
  std::size_t r = 0;
  for (int b = 0; b < bits; ++b) r |= ((x >> b) & 1U) << (bits - 1 - b);
  return r;
}

}  // namespace

std::vector<int> ranks_by_arrival(std::span<const std::int64_t> arrivals, ArrivalOrder order) {
  std::vector<int> r(arrivals.size());
  std::iota(r.begin(), r.end(), 0);
  const auto at = [&](int i) { return arrivals[static_cast<std::size_t>(i)]; };
  std::stable_sort(r.begin(), r.end(), [&](int x, int y) {
    return order == ArrivalOrder::kEarliestFirst ? at(x) < at(y) : at(x) > at(y);
  });
  return r;
}

std::vector<int> sbn_scatter_slots(std::span<const std::int64_t> arrivals, int root) {
  const std::size_t p = arrivals.size();
  int bits = 0;
  while ((std::size_t{1} << bits) < p) ++bits;
  std::vector<std::size_t> slots(p > 0 ? p - 1 : 0);
  std::iota(slots.begin(), slots.end(), std::size_t{1});
  std::sort(slots.begin(), slots.end(), [&](std::size_t x, std::size_t y) {
    return bit_reverse(x, bits) < bit_reverse(y, bits);
  });
  const std::vector<int> others = others_by_arrival(arrivals, root, ArrivalOrder::kEarliestFirst);
  std::vector<int> rank_of(p, root);
  for (std::size_t q = 0; q < others.size(); ++q) rank_of[slots[q]] = others[q];
  return rank_of;
}

std::vector<int> sbn_gather_slots(std::span<const std::int64_t> arrivals, int root) {
  std::vector<int> rank_of = {root};
  const std::vector<int> others = others_by_arrival(arrivals, root, ArrivalOrder::kLatestFirst);
  rank_of.insert(rank_of.end(), others.begin(), others.end());
  return rank_of;
}

}  // namespace papbench
