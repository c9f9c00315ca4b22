#pragma once
// --order: which cases run together and in what order their iterations take turns (issue 26
// item 7). Cases that differ only in their algorithm (and its options) or their start (--sync)
// share a workload and an arrival pattern; by default they form a group whose iterations run
// round-robin, A, B, C, A, B, C, ..., each under its own planned delays of that iteration, so that
// the algorithms a compare sets side by side meet the same machine state instead of being measured
// minutes apart, under whatever drift the machine had meanwhile ([HoeflerBelli2015],
// [HunoldCarpenAmarie2016]). Pure functions, so the schedule is unit-tested without MPI;
// bench/run/case_runner.cpp runs it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/run/case_matrix.hpp"

namespace papbench {

// As --order spells it, and the result file's run_order attribute records it.
std::string_view run_order_name(RunOrder order);

// What makes cases one group: every dimension of the case but its algorithm, the algorithm's
// options and its start sync (collective, count, datatype, op, root, pattern, amplitude, compute,
// intergroup shape).
// Such cases have the same buffers, so a group's memory is its size times one case's.
std::string interleave_key(const Case& c);

// The groups of a run: indices into `keys` (one per case, in case order), each group in the
// order of its cases, the groups in the order of their first case. kSequential: one case per
// group, the case order itself.
std::vector<std::vector<std::size_t>> run_groups(std::span<const std::string> keys, RunOrder order);

// The turns of one group's cases. A round is one iteration of every case still running: warm-up
// rounds first, then timed iteration 0, 1, ... (round r runs every running case's iteration at
// the same index, so iteration i of A is measured next to iteration i of B). A case that has
// reached its end (--iters, or --reps-until-ci's criterion) is dropped and the others go on.
class RoundRobin {
 public:
  // `members` cases; `seed` and `group` (the group's index among the run's groups, the same in a
  // resumed run) seed kShuffled's per-round permutations.
  RoundRobin(std::size_t members, RunOrder order, std::uint64_t seed, std::size_t group);

  // The running members (0 .. members-1) in the order they take their turn in `round`: member
  // order for kSequential and kInterleaved, a seeded permutation, fresh each round, for
  // kShuffled (the same on every rank and library).
  std::vector<std::size_t> round(std::int64_t round) const;
  void drop(std::size_t member);
  bool running(std::size_t member) const { return running_[member] != 0; }
  bool done() const;

 private:
  RunOrder order_;
  std::uint64_t seed_;
  std::size_t group_;
  std::vector<char> running_;
};

}  // namespace papbench
