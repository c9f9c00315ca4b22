#include "bench/app/app_kernel.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "bench/run/run_info.hpp"
#include "bench/run/run_options.hpp"
#include "collectives/core/workload.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"

namespace papbench::app {
namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
}

void print_header(std::string_view kernel, std::string_view collective) {
  fmt::print("{:<24} {:>10} {:>5} {:>14} {:>14} {:>7}  {}\n",
             fmt::format("{}: {} algorithm", kernel, collective), "size", "ranks", "kernel (med)",
             "coll. (med)", "coll.%", "check");
}

void print_row(std::string_view algorithm, std::string_view size, int ranks,
               const std::vector<RepTimes>& reps, std::string_view check) {
  std::vector<double> kernel, collective;
  for (const RepTimes& r : reps) {
    kernel.push_back(r.kernel_s);
    collective.push_back(r.collective_s);
  }
  const double k = median(kernel), c = median(collective);
  fmt::print("{:<24} {:>10} {:>5} {:>12.3f}ms {:>12.3f}ms {:>6.1f}%  {}\n", algorithm, size, ranks,
             k * 1e3, c * 1e3, 100 * c / k, check);
  std::fflush(stdout);
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

// [repetition][rank] nanoseconds of one per-rank time of every repetition.
results::Matrix per_rank_ns(const std::vector<RepTimes>& reps, int ranks,
                            std::vector<double> RepTimes::*times) {
  results::Matrix m(int(reps.size()), ranks);
  for (int r = 0; r < m.rows; ++r) {
    for (int rank = 0; rank < ranks; ++rank) {
      m.at(r, rank) = std::llround((reps[std::size_t(r)].*times)[std::size_t(rank)] * 1e9);
    }
  }
  return m;
}

std::vector<double> gather_to_root(double mine) {
  std::vector<double> all(world_rank() == 0 ? std::size_t(world_size()) : 0);
  mpi_check(MPI_Gather(&mine, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, 0, MPI_COMM_WORLD),
            "MPI_Gather");
  return all;
}

}  // namespace

std::vector<AlgorithmChoice> algorithms_named(std::string_view collective, std::string_view list,
                                              std::string_view option, int node_count) {
  std::vector<AlgorithmChoice> out;
  for (const AlgVariant& v : parse_alg_list(list, {std::string(collective)}, option)) {
    const AlgorithmInfo* info = find_algorithm(collective, v.name);
    if (info->needs_pat) {
      throw UsageError(fmt::format(
          "{}: '{}' needs the PAT runtime, which the app kernels do not run", option, v.name));
    }
    if (node_count < info->restrictions.min_nodes) {
      throw UsageError(fmt::format("{}: '{}' needs >= {} nodes, {} here (--virtual-ppn)", option,
                                   v.name, info->restrictions.min_nodes, node_count));
    }
    out.push_back({info, resolve_options(*info, v.options), variant_text(v)});
  }
  return out;
}

PreparedForEveryRoot::PreparedForEveryRoot(const AlgorithmChoice& choice, const Args& base)
    : algorithm_(make_algorithm(*choice.info, choice.options)), args_(base) {
  algorithm_->prepare(args_);
}

RepTimes agree_times(double kernel_s, double collective_s) {
  RepTimes t;
  mpi_check(MPI_Allreduce(&kernel_s, &t.kernel_s, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD),
            "MPI_Allreduce");
  mpi_check(MPI_Allreduce(&collective_s, &t.collective_s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD),
            "MPI_Allreduce");
  t.collective_s /= world_size();
  t.kernel_by_rank_s = gather_to_root(kernel_s);
  t.collective_by_rank_s = gather_to_root(collective_s);
  return t;
}

void add_common_options(CLI::App& cmd, CommonOptions& common) {
  const std::vector<OptionRow> rows = {
      {.name = "--reps",
       .target = &common.reps,
       .help = "Timed repetitions per algorithm",
       .show_default = true},
      {.name = "--virtual-ppn",
       .target = &common.virtual_ppn,
       .help = "Nodes of K consecutive ranks for hierarchical algorithms (0: real nodes)",
       .show_default = true},
      {.name = "--out",
       .target = &common.out,
       .help = "HDF5 result set, one case per algorithm (papbench-report table "
               "parsons-table3.9|3.10|3.11); none when not given",
       .type_name = "FILE"},
      {.name = "--force", .target = &common.force, .help = "Overwrite an existing --out file"},
  };
  add_option_rows(cmd, rows);
}

void check_common(const CommonOptions& common) {
  if (common.reps < 1) throw UsageError("--reps: accepted: an integer >= 1");
  if (common.virtual_ppn < 0) throw UsageError("--virtual-ppn: accepted: an integer >= 0");
  if (common.force && common.out.empty()) throw UsageError("--force: only with --out FILE");
}

KernelReport::KernelReport(KernelDescription what, const CommonOptions& common,
                           const std::string& command_line, const topology::NodeTopology& nodes)
    : what_(std::move(what)), ranks_(world_size()) {
  if (!common.out.empty()) {
    // The run command's check, so both refuse the same files the same way.
    RunOptions run_opts;
    run_opts.out = common.out;
    run_opts.force = common.force;
    decide_on_rank0(MPI_COMM_WORLD, [&] { check_output_path(run_opts); });
    results::RunInfo info = collect_host_info(MPI_COMM_WORLD, command_line, nodes);
    info.clock_info = "none: kernel and collective times are each rank's own MPI_Wtime intervals";
    info.extra["start_sync"] = "barrier";
    info.extra["seed"] = std::to_string(what_.seed);
    info.extra["mpi_thread_level"] = std::string(thread_level_name(mpi_thread_level()));
    info.extra["application"] =
        fmt::format("{}: macro kernel of [Parsons2015] §3.9.4 (docs/APP_KERNELS.md)", what_.kernel);
    if (world_rank() == 0) writer_.emplace(common.out, common.force, info);
  }
  if (world_rank() == 0) {
    print_header(what_.kernel, what_.collective);
    std::fflush(stdout);
  }
}

bool KernelReport::finish(const AlgorithmChoice& algorithm, const std::vector<RepTimes>& reps,
                          long wrong) {
  const long all = agree_wrong(wrong);
  if (world_rank() == 0) {
    print_row(algorithm.text, what_.size, ranks_, reps, check_text(what_.validated, all));
    if (writer_) writer_->write_case(record(algorithm, reps, all > 0));
  }
  return all > 0;
}

results::CaseRecord KernelReport::record(const AlgorithmChoice& algorithm,
                                         const std::vector<RepTimes>& reps, bool wrong) const {
  results::CaseRecord rec;
  rec.collective = what_.collective;
  rec.algorithm = std::string(algorithm.info->name);
  std::vector<std::string> params = {"app=" + what_.kernel, what_.params};
  for (std::string& p : effective_params(*algorithm.info, algorithm.options, what_.count,
                                         find_datatype(what_.dtype)->size, ranks_)) {
    params.push_back(std::move(p));
  }
  rec.params = fmt::format("{}", fmt::join(params, ","));
  rec.dtype = what_.dtype;
  rec.op = what_.op;
  rec.count = what_.count;
  rec.pattern = "natural:" + what_.kernel;  // the kernel's own imbalance, as `app fft` records
  rec.sync_mode = "barrier";                // each repetition starts after an MPI_Barrier
  rec.seed = what_.seed;
  rec.iterations = int(reps.size());
  rec.ranks = ranks_;
  rec.validated = !what_.validated ? "unchecked" : wrong ? "fail" : "pass";
  rec.late.assign(reps.size(), 0);
  rec.metrics.emplace(kKernelMetric, per_rank_ns(reps, ranks_, &RepTimes::kernel_by_rank_s));
  rec.metrics.emplace(kCollectiveMetric,
                      per_rank_ns(reps, ranks_, &RepTimes::collective_by_rank_s));
  rec.complete = true;
  return rec;
}

}  // namespace papbench::app
