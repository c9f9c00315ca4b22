#pragma once
// Clairvoyant (CLV) reduce schedules ([ProficzOcetkiewicz2021] §4-5; docs/ALGORITHMS.md, Errata:
// Clairvoyant Listing 2): from the arrival times of P processes, a round time d, N segments and a
// root, the rounds in which one process sends one segment to another, which combines it. Every rank
// computes the whole schedule from identical inputs, so times are integer ticks and every tie is
// broken by rank: the result is bit-identical everywhere. Three implementations produce the same
// schedule for every input:
//   linear   Listing 2 with the errata's fixes (P' state, loop guards, round numbers, inclusive
//            window, (time, rank) order); idle rounds are iterated one by one
//   pairing  the same with one Boost pairing heap of candidate senders per segment
//   segtree  bit columns in a segment tree with merge-built groups and idle-round skipping

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace papbench::clv {

struct Instance {
  std::vector<std::int64_t> arrival;  // per process, in ticks (any origin)
  std::int64_t round_time = 1;        // d, in the same ticks; > 0
  int segments = 1;                   // N >= 1
  int root = 0;
};

struct Transfer {
  int round = 0;  // from 1
  int from = 0, to = 0, segment = 0;
  auto operator<=>(const Transfer&) const = default;
};

struct Schedule {
  int rounds = 0;                   // the last round number (idle rounds included)
  std::vector<Transfer> transfers;  // sorted by (round, to); one receive per process per round
  bool operator==(const Schedule&) const = default;
};

enum class Impl { kLinear, kPairing, kSegtree };
Impl parse_impl(std::string_view name);  // throws std::invalid_argument
std::string_view impl_name(Impl impl);

// Throws std::invalid_argument for an empty process list, d <= 0, N < 1 or a root out of range.
void check_instance(const Instance& in);

Schedule schedule_linear(const Instance& in);
Schedule schedule_pairing(const Instance& in);
Schedule schedule_segtree(const Instance& in);
Schedule make_schedule(Impl impl, const Instance& in);

// Decimal times (seconds, or any unit shared with d) to ticks of 1e-9 of that unit, rounded.
std::int64_t to_ticks(double value);

namespace detail {
// Sorts the transfers by (round, to) and fills in rounds; shared by the implementations.
Schedule finish(int rounds, std::vector<Transfer> transfers);
}  // namespace detail

}  // namespace papbench::clv
