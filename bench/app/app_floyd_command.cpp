// `papbench app floyd`: Floyd-Warshall all-pairs shortest paths, the broadcast macro kernel of
// [Parsons2015] §3.9.4 (Table 3.9: 8k vertices there). Rank r owns a block of consecutive rows
// of the distance matrix; in step k the owner of row k broadcasts it (root = owner, so the root
// moves through the ranks) and every rank relaxes its rows through vertex k. The bcast is any
// registered algorithm (--bcast-alg), called through the benchmark's Algorithm interface.
// --validate compares every rank's rows with a sequential Floyd-Warshall of the same graph.
#include "bench/app/app_floyd_command.hpp"

#include <fmt/format.h>
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <vector>

#include "bench/app/app_kernel.hpp"
#include "bench/app/kernel_driver.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/seed_option.hpp"

namespace papbench {
namespace {

// Larger than any path (at most n-1 edges of weight < 64), and twice it fits an int.
constexpr int kNoEdge = 1 << 29;
constexpr int kMaxValidatedVertices = 1024;  // the sequential check is O(n^3) on every rank

// A deterministic random graph: about a quarter of the pairs joined, weights 1..63.
int edge(int i, int j, std::uint64_t seed) {
  if (i == j) return 0;
  std::uint64_t h = seed * 0x9E3779B97F4A7C15ULL ^ (std::uint64_t(i) << 32 | std::uint32_t(j));
  h ^= h >> 31;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 29;
  return h % 4 == 0 ? 1 + int(h >> 8 & 62) : kNoEdge;
}

int first_row(int rank, int ranks, int n) {
  return int(std::int64_t(rank) * n / ranks);
}

// Row i of the graph's distances through vertex k: d[i][j] = min(d[i][j], d[i][k] + pivot[j]).
void relax_row(int* row, int n, int k, const int* pivot) {
  const int via = row[k];
  if (via >= kNoEdge) return;
  for (int j = 0; j < n; ++j) row[j] = std::min(row[j], via + pivot[j]);
}

class FloydKernel {
 public:
  FloydKernel(int n, std::uint64_t seed)
      : n_(n),
        seed_(seed),
        first_(first_row(world_rank(), world_size(), n)),
        last_(first_row(world_rank() + 1, world_size(), n)),
        rows_(std::size_t(last_ - first_) * std::size_t(n)),
        pivot_(std::size_t(n)) {}

  void* pivot() { return pivot_.data(); }

  app::RepTimes run(app::PreparedForEveryRoot& bcast) {
    for (int i = first_; i < last_; ++i) {
      for (int j = 0; j < n_; ++j) row(i)[j] = edge(i, j, seed_);
    }
    mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    const double start = MPI_Wtime();
    double in_bcast = 0;
    int owner = 0;
    for (int k = 0; k < n_; ++k) {
      while (k >= first_row(owner + 1, world_size(), n_)) ++owner;
      if (k >= first_ && k < last_) std::copy_n(row(k), n_, pivot_.begin());
      const double t = MPI_Wtime();
      bcast.run(owner);
      in_bcast += MPI_Wtime() - t;
      for (int i = first_; i < last_; ++i) relax_row(row(i), n_, k, pivot_.data());
    }
    return app::agree_times(MPI_Wtime() - start, in_bcast);
  }

  // Elements of this rank's rows that differ from the sequential algorithm's.
  long wrong() const {
    std::vector<int> d(std::size_t(n_) * std::size_t(n_));
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) d[std::size_t(i) * n_ + j] = edge(i, j, seed_);
    }
    for (int k = 0; k < n_; ++k) {
      for (int i = 0; i < n_; ++i) {
        relax_row(d.data() + std::size_t(i) * n_, n_, k, d.data() + std::size_t(k) * n_);
      }
    }
    long wrong = 0;
    for (std::size_t e = 0; e < rows_.size(); ++e) {
      wrong += rows_[e] != d[std::size_t(first_) * n_ + e] ? 1 : 0;
    }
    return wrong;
  }

 private:
  int* row(int i) { return rows_.data() + std::size_t(i - first_) * std::size_t(n_); }

  int n_;
  std::uint64_t seed_;
  int first_, last_;  // this rank's rows
  std::vector<int> rows_, pivot_;
};

}  // namespace

CLI::App* add_app_floyd_command(CLI::App& parent, RawFloydOptions& raw) {
  CLI::App* floyd = parent.get_subcommand("app")->add_subcommand(
      "floyd",
      "Floyd-Warshall all-pairs shortest paths (Parsons 2015 §3.9.4, Table 3.9): rows in blocks "
      "over the ranks, the pivot row of every step broadcast by the bcast algorithm under test");
  const std::vector<OptionRow> head = {
      {.name = "--bcast-alg",
       .target = &raw.bcast_alg,
       .help = "Bcast algorithms, comma list",
       .show_default = true},
      {.name = "--n",
       .target = &raw.n,
       .help = "Vertices (>= the rank count)",
       .show_default = true},
  };
  add_option_rows(*floyd, head);
  app::add_common_options(*floyd, raw.common);
  const std::vector<OptionRow> tail = {
      seed_row(raw.seed, "Seed of the random graph"),
      {.name = "--validate",
       .target = &raw.validate,
       .help = fmt::format("Compare every repetition's distances with a sequential "
                           "Floyd-Warshall's (n <= {})",
                           kMaxValidatedVertices)},
  };
  add_option_rows(*floyd, tail);
  return floyd;
}

int app_floyd_command(const RawFloydOptions& raw, const std::string& command_line) {
  const int ranks = world_size();
  if (raw.n < ranks) {
    throw UsageError(fmt::format(
        "--n: {} is not accepted; accepted: an integer >= the rank count {}", raw.n, ranks));
  }
  if (raw.validate && raw.n > kMaxValidatedVertices) {
    throw UsageError(fmt::format("--n: {} is not accepted with --validate; accepted: <= {}", raw.n,
                                 kMaxValidatedVertices));
  }
  // This rank's rows and the pivot row; --validate's sequential run holds the whole matrix.
  const auto n = std::uint64_t(raw.n);
  const auto rows = std::uint64_t(first_row(world_rank() + 1, ranks, raw.n) -
                                  first_row(world_rank(), ranks, raw.n));
  const app::KernelCommand command{
      .what = {.kernel = "floyd",
               .collective = "bcast",
               .size = fmt::format("n={}", raw.n),
               .params = fmt::format("n={}", raw.n),
               .dtype = "int",
               .op = "",
               .count = n,
               .seed = raw.seed,
               .validated = raw.validate},
      .footprint = {.arrays = "distance rows",
                    .n = raw.n,
                    .array_bytes =
                        app::array_bytes(rows * n + n + (raw.validate ? n * n : 0), sizeof(int)),
                    .elem_size = sizeof(int)},
      .alg_option = "--bcast-alg",
      .alg_list = raw.bcast_alg,
      .common = &raw.common};
  return app::run_kernel_command(
      command, command_line, [&] { return FloydKernel(raw.n, raw.seed); },
      [&](FloydKernel& kernel, Args& args) {
        args.dtype = MPI_INT;
        args.count = std::size_t(raw.n);
        args.send = args.recv = kernel.pivot();
      },
      [&](FloydKernel& kernel, app::PreparedForEveryRoot& bcast, long& wrong) {
        const app::RepTimes times = kernel.run(bcast);
        if (raw.validate) wrong += kernel.wrong();
        return times;
      });
}

}  // namespace papbench
