#pragma once
// The table of every algorithm papbench hosts, scanned top to bottom: each collective's rows in
// collectives/<collective>/algorithms.cpp, joined in a fixed order by registry.cpp
// (registry_tables.hpp); no self-registration. A row declares everything the harness needs to
// know about an algorithm: its factory, its options and its restrictions.

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/algorithm.hpp"
#include "collectives/core/scratch.hpp"

namespace papbench {

// When an algorithm cannot run; the harness refuses such a case with a usage error before it
// starts, and `papbench list` shows the restrictions.
struct AlgRestrictions {
  bool commutative_only = false;  // reorders operands (every predefined op is commutative)
  int min_nodes = 1;              // hierarchical algorithms that need >= 2 (real or virtual) nodes
  int min_ranks = 1;
  int max_ranks = 0;  // 0: no limit
};

struct AlgorithmInfo {
  std::string_view collective, name, summary;
  // Cites by the keys of docs/REFERENCES.md: "[ProficzOcetkiewicz2021] Listing 8".
  std::string_view source;
  // Receives options resolved by resolve_options: every declared option checked, canonical and
  // defaulted; call make_algorithm rather than this directly.
  std::function<std::unique_ptr<Algorithm>(const AlgOptions&)> make;
  // Needs arrival times: the runner gives it a PatRuntime (Args::pat) and drives its
  // ProcessingStart/Edge/ProcessingEnd protocol in the compute phase ([Proficz2020] §3).
  bool needs_pat = false;
  std::span<const AlgOptionSpec> options = {};
  AlgRestrictions restrictions = {};
  // Builds its schedule or tree from the order ranks arrive in without the PAT runtime (e.g. a
  // leader chosen at run time): each iteration may take a different path. (Every algorithm is
  // validated on the same schedule, --validate-every, so that comparisons stay fair.) `papbench
  // list` shows it ("adapts to: order of arrival"), as it shows needs_pat.
  bool arrival_dependent = false;
  // Called collectively on every rank before clock sync, once per distinct resolved option set
  // of a run: throws UsageError when the case cannot run here (e.g. the MPI library cannot be
  // forced to the algorithm asked for), so that nothing is measured or written.
  std::function<void(const AlgOptions&)> preflight = {};
  // The non-standard extensions whose result lies outside the caller's receive buffer for these
  // resolved options (Algorithm::result_view; [Parsons2015] §2.3.3 copyout=shared|cow): params
  // then record mpi-semantics=no. nullptr: MPI semantics always.
  bool (*result_outside_recv)(const AlgOptions& resolved) = nullptr;
  // Called by papbench before MPI_Init, on every rank, with the resolved options a run gives the
  // algorithm, for what the MPI library reads only at MPI_Init (native:force sets Open MPI's
  // environment). nullptr: nothing to do.
  void (*before_mpi_init)(const AlgOptions& resolved) = nullptr;
  // One rank's peak bytes of scratch for a case of this shape (collectives/core/scratch.hpp),
  // which the memory check adds to the case's buffers. Each row's formula cites where the
  // algorithm allocates. nullptr: not stated, counted as unstated_scratch_bytes (below).
  std::uint64_t (*scratch_bytes)(const ScratchShape& shape) = nullptr;

  std::string full_name() const;  // "reduce/radixk"
  const AlgOptionSpec* find_option(std::string_view option) const;
};

// A row that states no scratch (the test rows; a new row should state its own) is counted as
// holding two more copies of its rank's send and receive buffers, as much as most copying
// schemes here hold, so that an unread algorithm errs toward a refusal rather than toward a case
// that the OOM killer ends.
std::uint64_t unstated_scratch_bytes(const ScratchShape& shape);
// The row's scratch_bytes, or unstated_scratch_bytes where it states none.
std::uint64_t algorithm_scratch_bytes(const AlgorithmInfo& alg, const ScratchShape& shape);

std::span<const AlgorithmInfo> algorithm_registry();
// Test builds only: rows appended to the table, for algorithms no user should see (e.g. one that
// never returns, for the call watchdog's test). Call before anything reads the registry; only
// the test binary papbench-test-algorithms does (tests/e2e/test_algorithms.cpp), so `papbench
// list` never shows them. std::logic_error when the table has already been read.
void add_test_algorithms(std::span<const AlgorithmInfo> rows);
const AlgorithmInfo* find_algorithm(std::string_view collective, std::string_view name);
// Names of the algorithms registered for a collective, in table order.
std::vector<std::string_view> algorithms_of(std::string_view collective);

// The distinct shorthand flags of the table (--radix, --clv-segments, ...) in table order, each
// as its first declaration; a flag sets its option for every algorithm of a run declaring it.
std::vector<const AlgOptionSpec*> option_shorthands();

// `given` checked against the row (UsageError naming the algorithm, the option and what it
// accepts), in canonical form, with every default filled in.
AlgOptions resolve_options(const AlgorithmInfo& alg, const AlgOptions& given);
// The algorithm made from resolve_options(alg, given).
std::unique_ptr<Algorithm> make_algorithm(const AlgorithmInfo& alg, const AlgOptions& given = {});
// "key=value" for every declared option: the resolved value or, where there is none, the
// option's effective value (e.g. the segment count derived from the count); declaration order.
std::vector<std::string> effective_params(const AlgorithmInfo& alg, const AlgOptions& resolved,
                                          std::uint64_t count, std::size_t extent, int ranks);

}  // namespace papbench
