#pragma once
// The round loop that the linear and pairing-heap Clairvoyant schedules share (Listing 2 of
// [ProficzOcetkiewicz2021] with the fixes of docs/ALGORITHMS.md, Errata: Clairvoyant Listing 2):
// a deterministic (availability, rank) queue, each round's group (the inclusive window a <= a_head
// + d), the root first in it, the return of every process that still holds a segment, and the end
// check. The two differ only in how a round's sender is searched, so only that stays in their
// files.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "collectives/reduce/clairvoyant/schedule.hpp"

namespace papbench::clv::detail {

class RoundQueue {
 public:
  explicit RoundQueue(const Instance& in) : avail_(in.arrival), root_(in.root), d_(in.round_time) {
    for (int p = 0; p < static_cast<int>(avail_.size()); ++p) queue_.emplace(avail_[p], p);
  }

  // False once a single process (the root, when all went well) is left.
  bool more_rounds() const { return queue_.size() > 1; }

  // The next round's group, the root first when it is in it (the sink: first as receiver and as
  // sender candidate); ties in availability go to the lower rank.
  std::span<const int> next_group() {
    group_.clear();
    const std::int64_t head = queue_.top().first;
    while (!queue_.empty() && queue_.top().first <= head + d_) {
      group_.push_back(queue_.top().second);
      queue_.pop();
    }
    const auto r = std::find(group_.begin(), group_.end(), root_);
    if (r != group_.end()) std::rotate(group_.begin(), r, r + 1);
    return group_;
  }

  // After the round: p comes back one round later if it still holds any of its N segments
  // (`held` is the P x N state, 1 for A or P).
  template <class Held>
  void requeue_if_holding(int p, const Held& held, int N) {
    const auto first = held.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(p) * N);
    if (std::find(first, first + N, 1) != first + N) {
      avail_[p] += d_;
      queue_.emplace(avail_[p], p);
    }
  }

  // The schedule, once the loop is over; logic_error naming the implementation if the last
  // process holding data is not the root.
  Schedule finish(const char* impl, int rounds, std::vector<Transfer> transfers) const {
    if (queue_.size() == 1 && queue_.top().second != root_) {
      throw std::logic_error(std::string("clairvoyant/") + impl +
                             ": the last process holding data is not the root");
    }
    return detail::finish(rounds, std::move(transfers));
  }

 private:
  using Key = std::pair<std::int64_t, int>;  // (availability, rank)
  std::vector<std::int64_t> avail_;
  std::priority_queue<Key, std::vector<Key>, std::greater<>> queue_;
  std::vector<int> group_;
  int root_;
  std::int64_t d_;
};

}  // namespace papbench::clv::detail
