// `papbench app matvec`: dense matrix-vector products with a rotating root, the reduce macro
// kernel of [Parsons2015] §3.9.4 (Table 3.10: an 8k x 8k matrix of floats there). Rank r owns a
// block of consecutive columns of A and the matching entries of x; product t sums the ranks'
// partial products A[:, cols] x[cols] with the reduce under test (--reduce-alg) at root t mod P.
// Entries are small integers held as doubles, so every sum is exact whatever order an algorithm
// adds in, and --validate compares the root's y with a sequential product bit for bit.
#include "bench/app/app_matvec_command.hpp"

#include <fmt/format.h>
#include <mpi.h>

#include <CLI/CLI.hpp>
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

double matrix(int i, int j, std::uint64_t seed) {
  return double((std::uint64_t(i) * 7 + std::uint64_t(j) * 13 + seed) % 9) - 4;
}
// x of product t: changes every product, so a stale result never passes.
double vector_entry(int j, int t) {
  return double((j + t) % 5) - 2;
}

int first_column(int rank, int ranks, int n) {
  return int(std::int64_t(rank) * n / ranks);
}

class MatvecKernel {
 public:
  MatvecKernel(int n, std::uint64_t seed)
      : n_(n),
        seed_(seed),
        first_(first_column(world_rank(), world_size(), n)),
        last_(first_column(world_rank() + 1, world_size(), n)),
        block_(std::size_t(n) * std::size_t(last_ - first_)),
        partial_(std::size_t(n)),
        y_(std::size_t(n)) {
    for (int i = 0; i < n; ++i) {
      for (int j = first_; j < last_; ++j) block_[index(i, j)] = matrix(i, j, seed);
    }
  }

  const void* partial() const { return partial_.data(); }
  void* y() { return y_.data(); }

  // `products` products, the root of product t being t mod P; wrong counts y elements the root
  // got wrong (when validating).
  app::RepTimes run(app::PreparedForEveryRoot& reduce, int products, bool validate, long& wrong) {
    mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    const double start = MPI_Wtime();
    double in_reduce = 0;
    for (int t = 0; t < products; ++t) {
      for (int i = 0; i < n_; ++i) {
        double sum = 0;
        for (int j = first_; j < last_; ++j) sum += block_[index(i, j)] * vector_entry(j, t);
        partial_[std::size_t(i)] = sum;
      }
      const int root = t % world_size();
      const double t0 = MPI_Wtime();
      reduce.run(root);
      in_reduce += MPI_Wtime() - t0;
      if (validate && world_rank() == root) wrong += wrong_entries(t);
    }
    return app::agree_times(MPI_Wtime() - start, in_reduce);
  }

 private:
  std::size_t index(int i, int j) const {
    return std::size_t(i) * std::size_t(last_ - first_) + std::size_t(j - first_);
  }
  long wrong_entries(int t) const {
    long wrong = 0;
    for (int i = 0; i < n_; ++i) {
      double sum = 0;
      for (int j = 0; j < n_; ++j) sum += matrix(i, j, seed_) * vector_entry(j, t);
      wrong += y_[std::size_t(i)] != sum ? 1 : 0;
    }
    return wrong;
  }

  int n_;
  std::uint64_t seed_;
  int first_, last_;  // this rank's columns
  std::vector<double> block_, partial_, y_;
};

}  // namespace

CLI::App* add_app_matvec_command(CLI::App& parent, RawMatvecOptions& raw) {
  CLI::App* matvec = parent.get_subcommand("app")->add_subcommand(
      "matvec",
      "Dense matrix-vector products with a rotating root (Parsons 2015 §3.9.4, Table 3.10): "
      "columns in blocks over the ranks, the partial products summed by the reduce under test");
  const std::vector<OptionRow> head = {
      {.name = "--reduce-alg",
       .target = &raw.reduce_alg,
       .help = "Reduce algorithms, comma list",
       .show_default = true},
      {.name = "--n",
       .target = &raw.n,
       .help = "Rows and columns of the matrix (>= the rank count)",
       .show_default = true},
      {.name = "--iters",
       .target = &raw.iters,
       .help = "Products per repetition (0: two per rank)",
       .show_default = true},
  };
  add_option_rows(*matvec, head);
  app::add_common_options(*matvec, raw.common);
  const std::vector<OptionRow> tail = {
      seed_row(raw.seed, "Seed of the matrix"),
      {.name = "--validate",
       .target = &raw.validate,
       .help = "Compare every product at its root with a sequential product"},
  };
  add_option_rows(*matvec, tail);
  return matvec;
}

int app_matvec_command(const RawMatvecOptions& raw, const std::string& command_line) {
  const int ranks = world_size();
  if (raw.n < ranks) {
    throw UsageError(fmt::format(
        "--n: {} is not accepted; accepted: an integer >= the rank count {}", raw.n, ranks));
  }
  if (raw.iters < 0) throw UsageError("--iters: accepted: an integer >= 0");
  // This rank's columns of the matrix, its partial product and the result vector.
  const auto n = std::uint64_t(raw.n);
  const auto columns = std::uint64_t(first_column(world_rank() + 1, ranks, raw.n) -
                                     first_column(world_rank(), ranks, raw.n));
  const int products = raw.iters == 0 ? 2 * ranks : raw.iters;
  const app::KernelCommand command{
      .what = {.kernel = "matvec",
               .collective = "reduce",
               .size = fmt::format("n={}", raw.n),
               .params = fmt::format("n={},products={}", raw.n, products),
               .dtype = "double",
               .op = "sum",
               .count = n,
               .seed = raw.seed,
               .validated = raw.validate},
      .footprint = {.arrays = "matrix columns",
                    .n = raw.n,
                    .array_bytes = app::array_bytes(n * columns + 2 * n, sizeof(double)),
                    .elem_size = sizeof(double)},
      .alg_option = "--reduce-alg",
      .alg_list = raw.reduce_alg,
      .common = &raw.common};
  return app::run_kernel_command(
      command, command_line, [&] { return MatvecKernel(raw.n, raw.seed); },
      [&](MatvecKernel& kernel, Args& args) {
        args.dtype = MPI_DOUBLE;
        args.op = MPI_SUM;
        args.count = std::size_t(raw.n);
        args.send = kernel.partial();
        args.recv = kernel.y();
      },
      [&](MatvecKernel& kernel, app::PreparedForEveryRoot& reduce, long& wrong) {
        return kernel.run(reduce, products, raw.validate, wrong);
      });
}

}  // namespace papbench
