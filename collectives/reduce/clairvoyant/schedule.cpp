#include "collectives/reduce/clairvoyant/schedule.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace papbench::clv {

Impl parse_impl(std::string_view name) {
  if (name == "linear") return Impl::kLinear;
  if (name == "pairing") return Impl::kPairing;
  if (name == "segtree") return Impl::kSegtree;
  throw std::invalid_argument(fmt::format(
      "'{}' is not a Clairvoyant implementation; accepted: linear, pairing, segtree", name));
}

std::string_view impl_name(Impl impl) {
  switch (impl) {
    case Impl::kLinear:
      return "linear";
    case Impl::kPairing:
      return "pairing";
    case Impl::kSegtree:
      return "segtree";
  }
  return "?";
}

void check_instance(const Instance& in) {
  if (in.arrival.empty()) throw std::invalid_argument("clairvoyant: no processes");
  if (in.round_time <= 0) throw std::invalid_argument("clairvoyant: round time must be positive");
  if (in.segments < 1) throw std::invalid_argument("clairvoyant: needs at least one segment");
  if (in.root < 0 || static_cast<std::size_t>(in.root) >= in.arrival.size()) {
    throw std::invalid_argument(fmt::format("clairvoyant: root {} is not one of the {} processes",
                                            in.root, in.arrival.size()));
  }
}

Schedule make_schedule(Impl impl, const Instance& in) {
  switch (impl) {
    case Impl::kLinear:
      return schedule_linear(in);
    case Impl::kPairing:
      return schedule_pairing(in);
    case Impl::kSegtree:
      return schedule_segtree(in);
  }
  throw std::logic_error("unknown Clairvoyant implementation");
}

std::int64_t to_ticks(double value) {
  if (!std::isfinite(value) || std::fabs(value) > 9e9) {
    throw std::invalid_argument(fmt::format("clairvoyant: time {} is out of range", value));
  }
  return std::llround(value * 1e9);
}

namespace detail {

Schedule finish(int rounds, std::vector<Transfer> transfers) {
  const auto by_round_to = [](const Transfer& a, const Transfer& b) {
    return a.round != b.round ? a.round < b.round : a.to < b.to;
  };
  // segtree emits its transfers already in this order; checking is O(n), sorting is not.
  if (!std::is_sorted(transfers.begin(), transfers.end(), by_round_to)) {
    std::sort(transfers.begin(), transfers.end(), by_round_to);
  }
  return Schedule{rounds, std::move(transfers)};
}

}  // namespace detail
}  // namespace papbench::clv
