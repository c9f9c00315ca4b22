#include "bench/run/run_order.hpp"

#include <fmt/format.h>

#include <map>
#include <random>

namespace papbench {

std::string_view run_order_name(RunOrder order) {
  switch (order) {
    case RunOrder::kSequential:
      return "sequential";
    case RunOrder::kShuffled:
      return "shuffled";
    case RunOrder::kInterleaved:
      break;
  }
  return "interleaved";
}

std::string interleave_key(const Case& c) {
  // Pointers name registry rows and settings, which live as long as the program; the shape's
  // fields are spelled out so that two equal shapes are one key.
  return fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
                     static_cast<const void*>(c.collective), c.count,
                     static_cast<const void*>(c.dtype), static_cast<const void*>(c.op), c.root,
                     c.pattern, c.maxdelay_ns, c.compute_ns, static_cast<const void*>(c.setting),
                     c.groups_p, c.shape.ka, c.shape.kb, static_cast<int>(c.shape.dist));
}

std::vector<std::vector<std::size_t>> run_groups(std::span<const std::string> keys,
                                                 RunOrder order) {
  std::vector<std::vector<std::size_t>> groups;
  std::map<std::string, std::size_t> group_of;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (order == RunOrder::kSequential) {
      groups.push_back({i});
      continue;
    }
    const auto [it, added] = group_of.try_emplace(keys[i], groups.size());
    if (added) groups.emplace_back();
    groups[it->second].push_back(i);
  }
  return groups;
}

RoundRobin::RoundRobin(std::size_t members, RunOrder order, std::uint64_t seed, std::size_t group)
    : order_(order), seed_(seed), group_(group), running_(members, 1) {}

std::vector<std::size_t> RoundRobin::round(std::int64_t round) const {
  std::vector<std::size_t> out;
  for (std::size_t m = 0; m < running_.size(); ++m) {
    if (running_[m] != 0) out.push_back(m);
  }
  if (order_ != RunOrder::kShuffled) return out;
  // A fixed engine and our own Fisher-Yates (as expand_cases' --shuffle) keep the permutation
  // identical on every rank and library; the seed mixes the run's --seed with the group and the
  // round, so each round draws afresh and a resumed run repeats the original's turns.
  std::seed_seq mix{static_cast<std::uint32_t>(seed_), static_cast<std::uint32_t>(seed_ >> 32),
                    static_cast<std::uint32_t>(group_), static_cast<std::uint32_t>(round),
                    static_cast<std::uint32_t>(static_cast<std::uint64_t>(round) >> 32)};
  std::mt19937_64 rng(mix);
  for (std::size_t i = out.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(rng() % i);
    std::swap(out[i - 1], out[j]);
  }
  return out;
}

void RoundRobin::drop(std::size_t member) {
  running_[member] = 0;
}

bool RoundRobin::done() const {
  for (char r : running_) {
    if (r != 0) return false;
  }
  return true;
}

}  // namespace papbench
