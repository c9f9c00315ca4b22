#include "bench/app/app_kernel.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>

#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"

namespace papbench::app {
namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
}

void print_row(std::string_view algorithm, std::string_view size, int ranks,
               const std::vector<RepTimes>& reps, std::string_view check) {
  if (world_rank() != 0) return;
  std::vector<double> kernel, collective;
  for (const RepTimes& r : reps) {
    kernel.push_back(r.kernel_s);
    collective.push_back(r.collective_s);
  }
  const double k = median(kernel), c = median(collective);
  fmt::print("{:<24} {:>10} {:>5} {:>12.3f}ms {:>12.3f}ms {:>6.1f}%  {}\n", algorithm, size, ranks,
             k * 1e3, c * 1e3, 100 * c / k, check);
}

long agree_wrong(long mine) {
  long all = 0;
  mpi_check(MPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  return all;
}

std::string check_text(bool validated, long wrong) {
  if (!validated) return "-";
  return wrong == 0 ? "pass" : fmt::format("FAIL ({} wrong)", wrong);
}

}  // namespace

std::vector<const AlgorithmInfo*> algorithms_named(std::string_view collective,
                                                   std::string_view list, std::string_view option,
                                                   int node_count) {
  std::vector<const AlgorithmInfo*> out;
  for (const std::string& name : split_list(list)) {
    const AlgorithmInfo* info = find_algorithm(collective, name);
    if (info == nullptr) {
      throw UsageError(fmt::format("{}: '{}' is not a {} algorithm; accepted: {}", option, name,
                                   collective, fmt::join(algorithms_of(collective), ", ")));
    }
    if (info->needs_pat) {
      throw UsageError(fmt::format(
          "{}: '{}' needs the PAT runtime, which the app kernels do not run", option, name));
    }
    if (node_count < info->restrictions.min_nodes) {
      throw UsageError(fmt::format("{}: '{}' needs >= {} nodes, {} here (--virtual-ppn)", option,
                                   name, info->restrictions.min_nodes, node_count));
    }
    out.push_back(info);
  }
  return out;
}

PreparedByRoot::PreparedByRoot(const AlgorithmInfo& info, const Args& base, int roots) {
  for (int root = 0; root < roots; ++root) {
    args.push_back(base);
    args.back().root = root;
    algorithm.push_back(make_algorithm(info));
    algorithm.back()->prepare(args.back());
  }
}

RepTimes agree_times(double kernel_s, double collective_s) {
  RepTimes t;
  mpi_check(MPI_Allreduce(&kernel_s, &t.kernel_s, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD),
            "MPI_Allreduce");
  mpi_check(MPI_Allreduce(&collective_s, &t.collective_s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD),
            "MPI_Allreduce");
  t.collective_s /= world_size();
  return t;
}

void print_header(std::string_view kernel) {
  if (world_rank() != 0) return;
  fmt::print("{:<24} {:>10} {:>5} {:>14} {:>14} {:>7}  {}\n", kernel, "size", "ranks",
             "kernel (med)", "coll. (med)", "coll.%", "check");
}

void add_reps_and_nodes_options(CLI::App& cmd, int& reps, int& virtual_ppn) {
  cmd.add_option("--reps", reps, "Timed repetitions per algorithm")->capture_default_str();
  cmd.add_option("--virtual-ppn", virtual_ppn,
                 "Nodes of K consecutive ranks for hierarchical algorithms (0: real nodes)")
      ->capture_default_str();
}

void check_reps_and_nodes(int reps, int virtual_ppn) {
  if (reps < 1) throw UsageError("--reps: accepted: an integer >= 1");
  if (virtual_ppn < 0) throw UsageError("--virtual-ppn: accepted: an integer >= 0");
}

bool finish_row(std::string_view algorithm, std::string_view size, int ranks,
                const std::vector<RepTimes>& reps, bool validated, long wrong) {
  const long all = agree_wrong(wrong);
  print_row(algorithm, size, ranks, reps, check_text(validated, all));
  return all > 0;
}

}  // namespace papbench::app
