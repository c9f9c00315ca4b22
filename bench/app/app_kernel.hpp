#pragma once
// What the macro kernels of `papbench app` ([Parsons2015] §3.9.4, Tables 3.9-3.11) share: the
// algorithm lookup of their --*-alg option, one algorithm instance for every root prepared outside
// the timed kernel, the per-repetition times, the printed rows and the result set (--out) with one
// case per algorithm.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/app/app_options.hpp"
#include "collectives/core/registry.hpp"
#include "results/result_set.hpp"
#include "topology/node_topology.hpp"

namespace papbench::app {

// Per-rank metrics of a kernel case, [repetition][rank] (docs/RESULTS_FORMAT.md).
inline constexpr const char* kKernelMetric = "app_kernel_ns";          // the whole kernel
inline constexpr const char* kCollectiveMetric = "app_collective_ns";  // inside the collective

// One item of a --*-alg list: a registry row with its options checked and defaulted.
struct AlgorithmChoice {
  const AlgorithmInfo* info = nullptr;
  AlgOptions options;  // resolved
  std::string text;    // as listed: "dynleader", "uha:inter=mpich-isend"
};

// The algorithms of `collective` named in `list` (comma list of NAME or NAME:key=value, as
// papbench --alg), in that order; UsageError naming `option` and the accepted names or values,
// or when one needs the PAT runtime (the kernels do not run it) or more nodes than `node_count`.
std::vector<AlgorithmChoice> algorithms_named(std::string_view collective, std::string_view list,
                                              std::string_view option, int node_count);

// One prepared instance that serves every root: a kernel whose root moves calls it with its
// current root, and the algorithm re-roots itself (Algorithm::run's contract,
// collectives/core/algorithm.hpp: relabelled ranks and trees, no new communicators or windows),
// so that no prepare() lands in the timed region and the communicators a kernel holds do not grow
// with the rank count (one instance per root would exhaust MPICH's ~2048 context ids at 1024
// ranks).
class PreparedForEveryRoot {
 public:
  // `base` prepared with its own root; collective over base.comm.
  PreparedForEveryRoot(const AlgorithmChoice& choice, const Args& base);
  void run(int root) {
    args_.root = root;
    algorithm_->run(args_);
  }
  const Algorithm& algorithm() const { return *algorithm_; }
  const Args& args() const { return args_; }

 private:
  std::unique_ptr<Algorithm> algorithm_;
  Args args_;
};

// One repetition: the slowest rank's kernel time and the ranks' mean time inside the collective;
// on rank 0 also every rank's own two times (the case's metrics).
struct RepTimes {
  double kernel_s = 0, collective_s = 0;
  std::vector<double> kernel_by_rank_s, collective_by_rank_s;  // rank 0 only
};
// Collective over MPI_COMM_WORLD: gathers each rank's own times into RepTimes.
RepTimes agree_times(double kernel_s, double collective_s);

// What every case of one kernel run shares.
struct KernelDescription {
  std::string kernel;       // "floyd", "matvec", "ft"
  std::string collective;   // of the algorithms under test
  std::string size;         // printed: "n=512", "n=64^3"
  std::string params;       // the kernel's own parameters, recorded: "n=512,steps=512"
  std::string dtype, op;    // of the collective's calls (op empty where none)
  std::uint64_t count = 0;  // elements per call (per destination for alltoall)
  std::uint64_t seed = 0;
  bool validated = false;  // --validate given
};

// The printed rows and the result set of one kernel run.
class KernelReport {
 public:
  // Collective over MPI_COMM_WORLD. With --out: rank 0 checks it as papbench runs do (never an
  // existing file without --force: UsageError naming --out on every rank, exit 2) and creates
  // the result set; then rank 0 prints the header.
  KernelReport(KernelDescription what, const CommonOptions& common, const std::string& command_line,
               const topology::NodeTopology& nodes);
  // Collective: agrees the ranks' wrong elements, rank 0 prints the algorithm's row and writes
  // its case at once (a kill loses at most the algorithm in progress). Returns whether a
  // validated result was wrong.
  bool finish(const AlgorithmChoice& algorithm, const std::vector<RepTimes>& reps, long wrong);

 private:
  results::CaseRecord record(const AlgorithmChoice& algorithm, const std::vector<RepTimes>& reps,
                             bool wrong) const;

  KernelDescription what_;
  int ranks_;
  std::optional<results::ResultWriter> writer_;  // rank 0, with --out
};

}  // namespace papbench::app
