// `papbench app ft`: a 3D FFT with a slab transpose, the alltoall macro kernel of [Parsons2015]
// §3.9.4 (Table 3.11 runs NAS FT "for the largest numbers of processes before" it switches from
// a 1D to a 2D decomposition, i.e. while its transpose is one true alltoall). An n x n x n complex
// grid is cut into slabs of n/P z-planes; each transform runs 1D FFTs along x and y in the slabs,
// the alltoall under test (--alltoall-alg) regroups the grid into slabs of n/P x-columns, and 1D
// FFTs along z finish it. The 1D FFT is bench/fft's radix-2 DIF kernel. --validate compares every
// transform with the same 1D FFTs applied to the whole grid on one rank: the values each 1D FFT
// sees are the same, so the spectra must be equal bit for bit.
#include "bench/app/app_ft_command.hpp"

#include <fmt/format.h>
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <vector>

#include "bench/app/app_kernel.hpp"
#include "bench/app/kernel_driver.hpp"
#include "bench/fft/dif_fft.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/seed_option.hpp"

namespace papbench {
namespace {

using fft::Complex;

Complex input(std::size_t x, std::size_t y, std::size_t z, std::uint64_t seed) {
  std::uint64_t h = seed * 0x9E3779B97F4A7C15ULL ^ (x * 73856093U ^ y * 19349663U ^ z * 83492791U);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 32;
  return {float(h & 1023) / 512.0F - 1.0F, float(h >> 10 & 1023) / 512.0F - 1.0F};
}

// 1D transforms along one axis of a grid: elements first + i * stride, i < n, for every line.
void transform_lines(const fft::DifPlan& plan, std::vector<Complex>& grid, std::size_t lines,
                     auto line_start, std::size_t stride) {
  const std::size_t n = plan.size();
  std::vector<Complex> line(n);
  for (std::size_t l = 0; l < lines; ++l) {
    const std::size_t first = line_start(l);
    for (std::size_t i = 0; i < n; ++i) line[i] = grid[first + i * stride];
    plan.transform(line);
    for (std::size_t i = 0; i < n; ++i) grid[first + i * stride] = line[i];
  }
}

class FtKernel {
 public:
  FtKernel(int n, std::uint64_t seed)
      : n_(std::size_t(n)),
        slab_(n_ / std::size_t(world_size())),
        seed_(seed),
        plan_(n_),
        zslab_(slab_ * n_ * n_),
        xslab_(slab_ * n_ * n_),
        send_(zslab_.size()),
        recv_(zslab_.size()) {}

  // Floats per alltoall block: slab z-planes x n rows x slab x-columns, complex.
  std::size_t block_floats() const { return 2 * slab_ * n_ * slab_; }
  const void* send() const { return send_.data(); }
  void* recv() { return recv_.data(); }

  app::RepTimes run(app::PreparedForEveryRoot& alltoall, int transforms, bool validate,
                    long& wrong) {
    mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    const double start = MPI_Wtime();
    double in_alltoall = 0;
    for (int t = 0; t < transforms; ++t) {
      fill_zslab();
      // zslab_[z][y][x], z local: along x (contiguous), then along y.
      transform_lines(
          plan_, zslab_, slab_ * n_, [&](std::size_t l) { return l * n_; }, 1);
      transform_lines(
          plan_, zslab_, slab_ * n_, [&](std::size_t l) { return (l / n_) * n_ * n_ + l % n_; },
          n_);
      pack();
      const double t0 = MPI_Wtime();
      alltoall.run(0);  // alltoall has no root
      in_alltoall += MPI_Wtime() - t0;
      unpack();
      // xslab_[x][y][z], x local: along z (contiguous).
      transform_lines(
          plan_, xslab_, slab_ * n_, [&](std::size_t l) { return l * n_; }, 1);
      if (validate) wrong += wrong_points();
    }
    return app::agree_times(MPI_Wtime() - start, in_alltoall);
  }

 private:
  std::size_t first_z() const { return std::size_t(world_rank()) * slab_; }

  void fill_zslab() {
    for (std::size_t z = 0; z < slab_; ++z) {
      for (std::size_t y = 0; y < n_; ++y) {
        for (std::size_t x = 0; x < n_; ++x) {
          zslab_[(z * n_ + y) * n_ + x] = input(x, y, first_z() + z, seed_);
        }
      }
    }
  }
  // Block d of the send buffer: x in rank d's columns, as [z][y][x'].
  void pack() {
    std::size_t at = 0;
    for (std::size_t d = 0; d < n_ / slab_; ++d) {
      for (std::size_t z = 0; z < slab_; ++z) {
        for (std::size_t y = 0; y < n_; ++y) {
          for (std::size_t x = 0; x < slab_; ++x)
            send_[at++] = zslab_[(z * n_ + y) * n_ + d * slab_ + x];
        }
      }
    }
  }
  // Block s of the receive buffer holds rank s's z-planes of this rank's x-columns.
  void unpack() {
    std::size_t at = 0;
    for (std::size_t s = 0; s < n_ / slab_; ++s) {
      for (std::size_t z = 0; z < slab_; ++z) {
        for (std::size_t y = 0; y < n_; ++y) {
          for (std::size_t x = 0; x < slab_; ++x)
            xslab_[(x * n_ + y) * n_ + s * slab_ + z] = recv_[at++];
        }
      }
    }
  }
  // Points of this rank's x-columns that differ from the whole-grid transform's.
  long wrong_points() const {
    std::vector<Complex> grid(n_ * n_ * n_);  // [z][y][x]
    for (std::size_t z = 0; z < n_; ++z) {
      for (std::size_t y = 0; y < n_; ++y) {
        for (std::size_t x = 0; x < n_; ++x) grid[(z * n_ + y) * n_ + x] = input(x, y, z, seed_);
      }
    }
    const std::size_t nn = n_ * n_;
    transform_lines(
        plan_, grid, nn, [&](std::size_t l) { return l * n_; }, 1);
    transform_lines(
        plan_, grid, nn, [&](std::size_t l) { return (l / n_) * nn + l % n_; }, n_);
    transform_lines(
        plan_, grid, nn, [&](std::size_t l) { return l; }, nn);
    long wrong = 0;
    const std::size_t x0 = std::size_t(world_rank()) * slab_;
    for (std::size_t x = 0; x < slab_; ++x) {
      for (std::size_t y = 0; y < n_; ++y) {
        for (std::size_t z = 0; z < n_; ++z) {
          wrong += xslab_[(x * n_ + y) * n_ + z] != grid[(z * n_ + y) * n_ + x0 + x] ? 1 : 0;
        }
      }
    }
    return wrong;
  }

  std::size_t n_, slab_;
  std::uint64_t seed_;
  fft::DifPlan plan_;
  std::vector<Complex> zslab_, xslab_, send_, recv_;
};

}  // namespace

CLI::App* add_app_ft_command(CLI::App& parent, RawFtOptions& raw) {
  CLI::App* ft = parent.get_subcommand("app")->add_subcommand(
      "ft",
      "FT-style 3D FFT (Parsons 2015 §3.9.4, Table 3.11): slabs of z-planes, 1D FFTs along x "
      "and y, the slab transpose by the alltoall under test, 1D FFTs along z");
  const std::vector<OptionRow> head = {
      {.name = "--alltoall-alg",
       .target = &raw.alltoall_alg,
       .help = "Alltoall algorithms, comma list",
       .show_default = true},
      {.name = "--n",
       .target = &raw.n,
       .help = "Points per dimension: a power of two, a multiple of the ranks",
       .show_default = true},
      {.name = "--iters",
       .target = &raw.iters,
       .help = "3D transforms per repetition",
       .show_default = true},
  };
  add_option_rows(*ft, head);
  app::add_common_options(*ft, raw.common);
  const std::vector<OptionRow> tail = {
      seed_row(raw.seed, "Seed of the input grid"),
      {.name = "--validate",
       .target = &raw.validate,
       .help = "Compare every transform with the same 1D FFTs applied to the whole grid"},
  };
  add_option_rows(*ft, tail);
  return ft;
}

int app_ft_command(const RawFtOptions& raw, const std::string& command_line) {
  const int ranks = world_size();
  if (raw.n < 1 || !fft::is_power_of_two(std::size_t(raw.n)) || raw.n % ranks != 0) {
    throw UsageError(
        fmt::format("--n: {} is not accepted; accepted: a power of two that is a "
                    "multiple of the rank count {}",
                    raw.n, ranks));
  }
  if (raw.iters < 1) throw UsageError("--iters: accepted: an integer >= 1");
  // The two slabs and the alltoall's send and receive buffers, each n/P x n x n points;
  // --validate's whole-grid transform holds n^3 more.
  const auto n = std::uint64_t(raw.n);
  const std::uint64_t slab_points = n / std::uint64_t(ranks) * n * n;
  const std::uint64_t block_floats = 2 * slab_points / std::uint64_t(ranks);
  const app::KernelCommand command{
      .what = {.kernel = "ft",
               .collective = "alltoall",
               .size = fmt::format("n={}^3", raw.n),
               .params = fmt::format("n={},iters={}", raw.n, raw.iters),
               .dtype = "float",
               .op = "",
               .count = block_floats,
               .seed = raw.seed,
               .validated = raw.validate},
      .footprint = {.arrays = "grid slabs",
                    .n = raw.n,
                    .array_bytes = app::array_bytes(
                        4 * slab_points + (raw.validate ? n * n * n : 0), sizeof(Complex)),
                    .elem_size = sizeof(float)},
      .alg_option = "--alltoall-alg",
      .alg_list = raw.alltoall_alg,
      .common = &raw.common};
  return app::run_kernel_command(
      command, command_line, [&] { return FtKernel(raw.n, raw.seed); },
      [](FtKernel& kernel, Args& args) {
        args.dtype = MPI_FLOAT;
        args.count = kernel.block_floats();
        args.send = kernel.send();
        args.recv = kernel.recv();
      },
      [&](FtKernel& kernel, app::PreparedForEveryRoot& alltoall, long& wrong) {
        return kernel.run(alltoall, raw.iters, raw.validate, wrong);
      });
}

}  // namespace papbench
