// Runs every registered algorithm of every collective through a matrix of roots, counts,
// datatypes and ops, validating every call exactly; rooted ones also from another root than
// prepare() saw. New algorithms are covered by adding their
// registry row. Every rank prints its own failures; the verdict is agreed over all ranks, so the
// exit status is the same everywhere.
//
// Usage: collectives_native_mpi [--full] [--alg NAME[,NAME...]] [--virtual-ppn K] [--no-polled-pat]
//                              [COLLECTIVE[,COLLECTIVE...]]
//   COLLECTIVE  run only those collectives
//   --alg NAMES run only the algorithms of those names (e.g. native: the MPI library's own)
//   --virtual-ppn K  nodes of K consecutive ranks for the hierarchical algorithms (Args::nodes);
//               default 0: the real nodes, one here
//   --sample    the int/sum slice of the matrix only (every root and count; for slow MPI setups)
//   --no-samples  each row with its default options only, not also with every declared option
//               sample (for large rank counts: the samples met the same code at fewer ranks)
//   --no-polled-pat  the PAT algorithms with their thread only, not also with the polled runtime
//               (PatProgress::kPolled, SMPI's) on the int/sum slice
//   --full      every datatype and every op of the tables instead of the ctest subset (slow;
//               for changes to the input or expected-value rules)

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "collectives/core/forced_native.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "common/mpi_env.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

struct Matrix {
  std::vector<const DatatypeInfo*> dtypes;
  std::vector<const OpInfo*> ops;
};

Matrix ctest_matrix() {
  Matrix m;
  for (const char* d : {"int", "float", "uint8", "double", "int64"}) {
    m.dtypes.push_back(find_datatype(d));
  }
  for (const char* o : {"sum", "max", "prod", "band"}) m.ops.push_back(find_op(o));
  return m;
}

Matrix sample_matrix() {
  return Matrix{{find_datatype("int")}, {find_op("sum")}};
}

Matrix full_matrix() {
  Matrix m;
  for (const DatatypeInfo& d : datatype_table()) m.dtypes.push_back(&d);
  for (const OpInfo& o : op_table()) m.ops.push_back(&o);
  return m;
}

struct Tally {
  long cases = 0;
  long failed = 0;  // cases in which at least one rank's check failed (same on every rank)
};

// The sum over all world ranks, so every rank reaches the same verdict.
int agree(int mine) {
  int all = 0;
  mpi_check(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  return all;
}

std::vector<std::uint64_t> counts_for(int size) {
  std::vector<std::uint64_t> c = {0, 1, std::uint64_t(size - 1), 7, 1000};
  std::sort(c.begin(), c.end());
  c.erase(std::unique(c.begin(), c.end()), c.end());
  return c;
}

// The arrival times PAT algorithms see here: oracle values that are a different permutation of
// the ranks (halved, so with ties) for every root, count and iteration, so the sorted and
// tree-placing algorithms meet many orders, deterministically.
std::int64_t test_arrival(int rank, int size, int root, std::uint64_t count, int it) {
  const auto k = static_cast<std::uint64_t>(rank) * 7919U + static_cast<std::uint64_t>(it) * 31U +
                 static_cast<std::uint64_t>(root) * 13U + count;
  // Steps of 150 us (ties kept by the / 2) span several Clairvoyant rounds of 100 us, so its
  // schedules are more than one all-at-once round; orders for the sorting algorithms are as before.
  return static_cast<std::int64_t>(k % static_cast<std::uint64_t>(size) / 2) * 150'000;
}

// A third call of a rooted case, from the next root without prepare(): one instance must serve
// every root (Algorithm::run; the app kernels move the root so, bench/app/app_kernel.hpp).
// False, after printing why, when its result is wrong on this rank.
bool rerooted_call_ok(const CollectiveInfo& coll, const AlgorithmInfo& info, Algorithm& alg,
                      MPI_Comm comm, int root, const DatatypeInfo& dt, const OpInfo& op,
                      std::uint64_t count, const std::string& where,
                      const topology::NodeTopology* nodes) {
  const int next = (root + 1) % comm_size(comm);
  Workload w(coll, comm, next, dt, op, count);
  Args args = w.args();
  args.nodes = nodes;
  alg.run(args);
  std::string why;
  if (w.check(&why, alg.result_view(args))) return true;
  fmt::print(stderr,
             "FAIL {}/{}{} root={} re-rooted from {} without prepare() dtype={} count={}: {}\n",
             coll.name, info.name, where, next, root, dt.name, count, why);
  return false;
}

// Two iterations per case: the second catches state an algorithm leaves behind from the first.
// `pat`: null unless the algorithm needs arrival times; then each iteration runs the PAT protocol
// (start, edge, end) first, as the benchmark's compute phase does. `reroot`: then a third call
// with the next root (rerooted_call_ok).
void run_case(const CollectiveInfo& coll, const AlgorithmInfo& info, Algorithm& alg, MPI_Comm comm,
              int root, const DatatypeInfo& dt, const OpInfo& op, std::uint64_t count,
              const std::string& where, Tally& tally, PatRuntime* pat,
              const topology::NodeTopology* nodes, bool reroot) {
  Workload w(coll, comm, root, dt, op, count);
  Args args = w.args();
  args.pat = pat;
  args.nodes = nodes;
  alg.prepare(args);
  ++tally.cases;
  const int rank = comm_rank(comm);
  const int size = comm_size(comm);
  for (int it = 0; it < 2; ++it) {
    w.reset();
    if (pat != nullptr) {
      pat->processing_start();
      pat->set_oracle_arrival(test_arrival(rank, size, root, count, it));
      pat->edge(0.5);
      pat->processing_end();
    }
    alg.run(args);
    std::string why;
    const bool ok = w.check(&why, alg.result_view(args));
    if (!ok) {
      fmt::print(stderr, "FAIL {}/{}{} root={} dtype={} op={} count={} iteration {}: {}\n",
                 coll.name, info.name, where, root, dt.name, coll.uses_op ? op.name : "-", count,
                 it, why);
    }
    if (agree(ok ? 0 : 1) > 0) {
      ++tally.failed;
      return;
    }
  }
  if (!reroot) return;
  const bool ok = rerooted_call_ok(coll, info, alg, comm, root, dt, op, count, where, nodes);
  if (agree(ok ? 0 : 1) > 0) ++tally.failed;
}

int g_virtual_ppn = 0;  // --virtual-ppn

// `progress`: how a PAT algorithm's runtime moves on (the thread, or polled as under SMPI).
void run_matrix(const Matrix& m, const CollectiveInfo& coll, const AlgorithmInfo& info,
                const AlgOptions& options, MPI_Comm comm, const std::string& where, Tally& tally,
                PatProgress progress = PatProgress::kThread) {
  const int size = comm_size(comm);
  std::unique_ptr<topology::NodeTopology> nodes;
  if (!coll.intergroup) nodes = std::make_unique<topology::NodeTopology>(comm, g_virtual_ppn);
  const auto alg = make_algorithm(info, options);
  // Declared after the algorithm: the runtime's thread stops before the algorithm goes away.
  std::unique_ptr<PatRuntime> pat;
  if (info.needs_pat) {
    pat = std::make_unique<PatRuntime>(
        comm, [] { return std::int64_t{0}; }, PatSource::kOracle, progress);
  }
  // World size, not comm size: the two groups of an intercommunicator must run the same cases.
  const std::vector<std::uint64_t> counts = counts_for(world_size());
  const int roots = coll.rooted ? size : 1;
  // Barrier moves no data: one case per root is all there is to test.
  const std::size_t ndtypes = coll.name == "barrier" ? 1 : m.dtypes.size();
  const std::size_t ncounts = coll.name == "barrier" ? 1 : counts.size();
  const std::size_t nops = coll.uses_op ? m.ops.size() : 1;  // others ignore the op
  for (int root = 0; root < roots; ++root) {
    for (std::size_t c = 0; c < ncounts; ++c) {
      for (std::size_t d = 0; d < ndtypes; ++d) {
        const DatatypeInfo& dt = *m.dtypes[d];
        for (std::size_t o = 0; o < nops; ++o) {
          const OpInfo& op = *m.ops[o];
          if (coll.uses_op && !op_applies(op, dt)) continue;
          // Re-rooting depends on neither the datatype nor the op: their first pair only.
          const bool reroot = coll.rooted && !info.needs_pat && size > 1 && d == 0 && o == 0;
          run_case(coll, info, *alg, comm, root, dt, op, counts[c], where, tally, pat.get(),
                   nodes.get(), reroot);
        }
      }
    }
  }
}

// Why this MPI library cannot run the given options, for options that only some libraries have
// (their `supported`); nullopt when it can.
std::optional<std::string> unsupported_here(const AlgorithmInfo& info, const AlgOptions& given) {
  for (const auto& [key, value] : given) {
    const AlgOptionSpec* spec = info.find_option(key);
    if (spec == nullptr || spec->supported == nullptr) continue;
    const SupportedValues s = spec->supported();
    if (s.via.empty()) return fmt::format("this MPI library has no variable for {}", key);
    if (!s.values.empty() && std::ranges::find(s.values, value) == s.values.end()) {
      return fmt::format("{} of this MPI library has no {}", s.via, value);
    }
  }
  return std::nullopt;
}

// Why the algorithm's declared restrictions keep it from running at this shape (the harness
// refuses such runs, bench/run/run_options.cpp); nullopt when it can run.
std::optional<std::string> restricted_here(const AlgorithmInfo& info, int nodes, int ranks) {
  const AlgRestrictions& r = info.restrictions;
  if (nodes < r.min_nodes) return fmt::format("needs >= {} nodes, {} here", r.min_nodes, nodes);
  if (ranks < r.min_ranks) return fmt::format("needs >= {} ranks", r.min_ranks);
  if (r.max_ranks > 0 && ranks > r.max_ranks) return fmt::format("takes <= {} ranks", r.max_ranks);
  return std::nullopt;
}

// Whether `name` is one of the comma-separated `list`.
bool is_listed(std::string_view name, std::string_view list) {
  for (std::size_t start = 0; start <= list.size();) {
    const std::size_t end = std::min(list.find(',', start), list.size());
    if (list.substr(start, end - start) == name) return true;
    start = end + 1;
  }
  return false;
}

int run_all(const Matrix& m, const std::string& only, const std::string& only_alg,
            bool option_samples, bool polled_pat) {
  const int rank = world_rank(), size = world_size();
  Tally tally;
  const int node_count = topology::NodeTopology(MPI_COMM_WORLD, g_virtual_ppn).node_count();
  const auto start = std::chrono::steady_clock::now();
  for (const CollectiveInfo& coll : collective_table()) {
    if (!only.empty() && !is_listed(coll.name, only)) continue;
    for (const std::string_view name : algorithms_of(coll.name)) {
      if (!only_alg.empty() && !is_listed(name, only_alg)) continue;
      const AlgorithmInfo& info = *find_algorithm(coll.name, name);
      if (const auto why = restricted_here(info, node_count, size)) {
        if (rank == 0) fmt::print("skip {}/{}: {}\n", coll.name, name, *why);
        continue;
      }
      if (!coll.intergroup) {
        run_matrix(m, coll, info, {}, MPI_COMM_WORLD, "", tally);
        // The PAT runtime without a thread (SMPI's, docs/SIMULATION.md) on real MPI too: its
        // exchange and background part as point-to-point calls driven by the foreground's waits,
        // on the int/sum slice (the datatypes meet the same calls as with the thread).
        if (info.needs_pat && polled_pat) {
          run_matrix(sample_matrix(), coll, info, {}, MPI_COMM_WORLD, " pat=polled", tally,
                     PatProgress::kPolled);
        }
        // Every declared sample value of every option, on the int/sum slice of the matrix
        // (the option changes the algorithm's structure, not how it treats datatypes).
        for (const AlgOptionSpec& option : info.options) {
          if (!option_samples) break;
          for (const std::string_view sample : option.samples) {
            AlgOptions given = {{std::string(option.name), std::string(sample)}};
            // An option that needs another comes with that one's first sample.
            if (const AlgOptionSpec* needed = info.find_option(option.needs_option)) {
              given.emplace(std::string(needed->name), std::string(needed->samples.front()));
            }
            if (const auto missing = unsupported_here(info, given)) {
              if (rank == 0) {
                fmt::print("skip {}/{} {}={}: {}\n", coll.name, name, option.name, sample,
                           *missing);
              }
              continue;
            }
            run_matrix(sample_matrix(), coll, info, given, MPI_COMM_WORLD,
                       fmt::format(" {}={}", option.name, sample), tally);
          }
        }
        continue;
      }
      if (size < 2) {
        if (rank == 0)
          fmt::print("skip {}/{}: needs two groups, so at least 2 ranks\n", coll.name, name);
        continue;
      }
      std::vector<GroupSplit> splits = {{1, size - 1}, default_groups(size), {size - 1, 1}};
      for (std::size_t i = 0; i < splits.size(); ++i) {
        const GroupSplit s = splits[i];
        const bool seen = std::any_of(splits.begin(), splits.begin() + long(i),
                                      [&](GroupSplit o) { return o.p == s.p && o.q == s.q; });
        if (seen) continue;
        const Comm inter = make_intergroup(MPI_COMM_WORLD, s.p, s.q);
        run_matrix(m, coll, info, {}, inter.get(), fmt::format(" groups={}:{}", s.p, s.q), tally);
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (rank == 0) {
    fmt::print("{} ranks: {} cases, {} failed, {:.1f} s\n", size, tally.cases, tally.failed,
               seconds);
  }
  return tally.failed == 0 && tally.cases > 0 ? 0 : 1;
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  // <collective>/native:force=NAME (declared samples) needs Open MPI's dynamic rules, which it
  // reads only from the environment at MPI_Init.
  papbench::forced::request_forcing_environment();
  papbench::MpiSession session(&argc, &argv);
  try {
    bool full = false, sample = false, option_samples = true, polled_pat = true;
    std::string only, only_alg;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--full") {
        full = true;
      } else if (arg == "--sample") {
        sample = true;
      } else if (arg == "--no-samples") {
        option_samples = false;
      } else if (arg == "--no-polled-pat") {
        polled_pat = false;
      } else if (arg == "--alg" && i + 1 < argc) {
        only_alg = argv[++i];
      } else if (arg == "--virtual-ppn" && i + 1 < argc) {
        papbench::g_virtual_ppn = std::stoi(argv[++i]);
      } else {
        only = arg;
      }
    }
    for (std::size_t start = 0; !only.empty() && start <= only.size();) {
      const std::size_t end = std::min(only.find(',', start), only.size());
      const std::string name = only.substr(start, end - start);
      if (papbench::find_collective(name) == nullptr) {
        throw std::invalid_argument("unknown collective " + name);
      }
      start = end + 1;
    }
    const papbench::Matrix m = full     ? papbench::full_matrix()
                               : sample ? papbench::sample_matrix()
                                        : papbench::ctest_matrix();
    return papbench::run_all(m, only, only_alg, option_samples, polled_pat);
  } catch (const std::exception& e) {
    // Another rank may be waiting inside a collective: only an abort ends the job reliably.
    fmt::print(stderr, "rank {}: {}\n", papbench::world_rank(), e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return 2;
}
