#include "bench/commands/schedgen_command.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>

#include "bench/commands/schedgen_instance.hpp"
#include "collectives/reduce/clairvoyant/footprint.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"
#include "collectives/reduce/clairvoyant/segtree_index.hpp"
#include "common/files.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/seed_option.hpp"
#include "common/units.hpp"
#include "common/version_text.hpp"
#include "papbench/version.hpp"
#include "results/schedgen_file.hpp"
#include "results/statistics.hpp"

namespace papbench {
namespace {

constexpr int kMaxP = 1 << 16;

struct Options {
  std::vector<clv::Impl> impls;
  std::vector<schedgen::Pattern> patterns;
  std::vector<int> sizes;
  std::map<int, int> reps_for;
  int reps = 0;
  std::uint64_t seed = 0;
  clv::segtree::Path path{};
  std::string out;
  bool force = false;
};

int parse_int(std::string_view text, std::string_view option, std::string_view what) {
  int v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) {
    throw UsageError(fmt::format("{}: '{}' is not {}", option, text, what));
  }
  return v;
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

Options validate(const RawSchedgenOptions& raw) {
  Options o;
  try {
    for (const std::string& name : split_list(raw.impls)) {
      const clv::Impl impl = clv::parse_impl(name);
      if (std::find(o.impls.begin(), o.impls.end(), impl) != o.impls.end()) {
        throw std::invalid_argument(fmt::format("'{}' is given twice", name));
      }
      o.impls.push_back(impl);
    }
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--impl: {}", e.what()));
  }
  try {
    for (const std::string& name : split_list(raw.patterns)) {
      const schedgen::Pattern p = schedgen::parse_pattern(name);
      if (std::find(o.patterns.begin(), o.patterns.end(), p) == o.patterns.end()) {
        o.patterns.push_back(p);
      }
    }
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--pattern: {}", e.what()));
  }
  std::vector<std::uint64_t> sizes;
  try {
    sizes = parse_count_list(raw.sizes);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--P: {} (e.g. 4:512:x2 or 4,8,16)", e.what()));
  }
  for (const std::uint64_t P : sizes) {
    if (P < 1 || P > kMaxP) {
      throw UsageError(fmt::format("--P: {} is out of range; accepted: 1 to {}", P, kMaxP));
    }
    if (std::find(o.sizes.begin(), o.sizes.end(), static_cast<int>(P)) != o.sizes.end()) {
      throw UsageError(
          fmt::format("--P: {} is given twice; each size is one group of the file", P));
    }
    o.sizes.push_back(static_cast<int>(P));
  }
  if (raw.reps < 1) throw UsageError(fmt::format("--reps: {} is not a positive count", raw.reps));
  o.reps = raw.reps;
  for (const std::string& item : raw.reps_for) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) {
      throw UsageError(fmt::format("--reps-for: '{}' is not P=REPS (e.g. 512=20)", item));
    }
    const int P = parse_int(item.substr(0, eq), "--reps-for", "a process count");
    const int reps = parse_int(item.substr(eq + 1), "--reps-for", "a repetition count");
    if (reps < 1) throw UsageError(fmt::format("--reps-for: '{}': reps must be >= 1", item));
    o.reps_for[P] = reps;
  }
  try {
    o.path = clv::segtree::parse_path(raw.segtree_path);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--segtree-path: {}", e.what()));
  }
  if (raw.out.empty()) throw UsageError("--out: a file name is required");
  // Before hours of measuring: a directory that cannot take the file, or a non-file in the way.
  check_output_file("--out", raw.out, raw.force);
  if (!raw.force && exists(raw.out)) {
    throw UsageError(
        fmt::format("--out: '{}' already exists; pass --force to replace it", raw.out));
  }
  o.out = raw.out;
  o.force = raw.force;
  o.seed = raw.seed;
  return o;
}

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  for (std::string line; std::getline(f, line);) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

clv::Schedule generate(clv::Impl impl, const clv::Instance& in, clv::segtree::Path path) {
  return impl == clv::Impl::kSegtree ? clv::segtree::schedule(in, path)
                                     : clv::make_schedule(impl, in);
}

std::string impl_label(clv::Impl impl, clv::segtree::Path path) {
  return impl == clv::Impl::kSegtree ? fmt::format("segtree[{}]", clv::segtree::path_name(path))
                                     : std::string(clv::impl_name(impl));
}

// One (pattern, P): reps instances, every implementation on each, order rotated per rep.
schedgen::GridPoint run_point(const Options& o, schedgen::Pattern pattern, int P, int reps) {
  const std::size_t k = o.impls.size();
  schedgen::GridPoint gp;
  gp.pattern = std::string(schedgen::pattern_name(pattern));
  gp.P = P;
  gp.segments = P;
  gp.time_ns.assign(static_cast<std::size_t>(reps) * k, 0);
  for (int r = 0; r < reps; ++r) {
    const clv::Instance in = schedgen::make_instance(o.seed, pattern, P, r);
    std::optional<clv::Schedule> first;
    std::size_t first_c = 0;
    for (std::size_t j = 0; j < k; ++j) {
      const std::size_t c = (static_cast<std::size_t>(r) + j) % k;
      const auto t0 = std::chrono::steady_clock::now();
      clv::Schedule s = generate(o.impls[c], in, o.path);
      const auto t1 = std::chrono::steady_clock::now();
      gp.time_ns[static_cast<std::size_t>(r) * k + c] =
          std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
      if (!first) {
        first = std::move(s);
        first_c = c;
      } else if (s != *first) {
        throw std::runtime_error(
            fmt::format("{} and {} produced different schedules for {} P={} rep {} (seed {})",
                        clv::impl_name(o.impls[first_c]), clv::impl_name(o.impls[c]), gp.pattern, P,
                        r, o.seed));
      }
    }
    gp.root.push_back(in.root);
    gp.round_time_ticks.push_back(in.round_time);
    gp.rounds.push_back(first->rounds);
    gp.transfers.push_back(static_cast<std::int64_t>(first->transfers.size()));
  }
  // State bytes per cell, untimed: the peak of the counted per-cell structures on rep 0.
  const clv::Instance in0 = schedgen::make_instance(o.seed, pattern, P, 0);
  for (const clv::Impl impl : o.impls) {
    clv::ByteCounter counter;
    {
      const clv::ByteCounting counting(counter);
      (void)generate(impl, in0, o.path);
    }
    gp.peak_state_bytes.push_back(static_cast<std::int64_t>(counter.peak));
  }
  return gp;
}

std::string ms(double ns) {
  return fmt::format("{:.3f} ms", ns / 1e6);
}

void print_point(const Options& o, const schedgen::GridPoint& gp) {
  const std::size_t k = o.impls.size();
  const double cells = static_cast<double>(gp.P) * gp.segments;
  fmt::print("{} P=N={} ({} reps)\n", gp.pattern, gp.P, gp.reps());
  fmt::print("  {:<18} {:>12} {:>12} {:>12} {:>14}\n", "impl", "median", "mean", "sd",
             "state/cell");
  std::vector<double> means(k);
  for (std::size_t c = 0; c < k; ++c) {
    std::vector<double> t;
    for (std::size_t r = 0; r < gp.reps(); ++r) t.push_back(static_cast<double>(gp.time(r, c, k)));
    const stats::Summary s = stats::summarize(t);
    means[c] = s.mean;
    const double per_cell = static_cast<double>(gp.peak_state_bytes[c]) / cells;
    fmt::print("  {:<18} {:>12} {:>12} {:>12} {:>9.2f} B ({:.1f} bit)\n",
               impl_label(o.impls[c], o.path), ms(s.median), ms(s.mean),
               gp.reps() > 1 ? ms(s.sd) : "-", per_cell, per_cell * 8);
  }
  const auto seg = std::find(o.impls.begin(), o.impls.end(), clv::Impl::kSegtree);
  if (seg != o.impls.end() && k > 1) {
    const double base = means[static_cast<std::size_t>(seg - o.impls.begin())];
    std::string line = "  speedup of segtree (mean X / mean segtree):";
    for (std::size_t c = 0; c < k; ++c) {
      if (o.impls[c] == clv::Impl::kSegtree) continue;
      line += fmt::format(" {} {:.2f}x", clv::impl_name(o.impls[c]), means[c] / base);
    }
    fmt::print("{}\n", line);
  }
  std::fflush(stdout);
}

}  // namespace

CLI::App* add_schedgen_command(CLI::App& app, RawSchedgenOptions& raw) {
  CLI::App* cmd = app.add_subcommand("schedgen",
                                     "Time Clairvoyant schedule generation "
                                     "([ProficzOcetkiewicz2021] §5.7 protocol; one CPU, no MPI)");
  const std::vector<OptionRow> rows = {
      {.name = "--impl",
       .target = &raw.impls,
       .help = "Comma list of linear, pairing, segtree",
       .show_default = true},
      {.name = "--pattern",
       .target = &raw.patterns,
       .help = "Comma list of uniform, skewed",
       .show_default = true},
      {.name = "--P",
       .target = &raw.sizes,
       .help = "Process counts P (= N), e.g. 4:512:x2 or 4,8,16",
       .show_default = true},
      {.name = "--reps",
       .target = &raw.reps,
       .help = "Instances per (pattern, P)",
       .show_default = true},
      {.name = "--reps-for",
       .target = &raw.reps_for,
       .help = "Override --reps at one P, as P=REPS (e.g. 512=20); repeatable, comma list",
       .delimiter = ','},
      seed_row(raw.seed, "Seed of the instance generator"),
      {.name = "--out",
       .target = &raw.out,
       .help = "HDF5 file to write (docs/SCHEDGEN.md)",
       .type_name = "FILE"},
      {.name = "--force", .target = &raw.force, .help = "Replace an existing --out file"},
      {.name = "--segtree-path",
       .target = &raw.segtree_path,
       .help = "Kernels of the segtree scheduler: auto (AVX2 where the CPU has it), scalar64 or "
               "avx2",
       .show_default = true},
  };
  add_option_rows(*cmd, rows);
  return cmd;
}

int schedgen_command(const RawSchedgenOptions& raw, const std::string& command_line) {
  if (launcher_size() > 1) {  // MPI is not started for schedgen
    throw UsageError(fmt::format(
        "schedgen is a single-CPU benchmark and runs on one rank; start it without mpiexec "
        "(or with -n 1), not on {} ranks",
        launcher_size()));
  }
  const Options o = validate(raw);
  schedgen::File data;
  for (const clv::Impl impl : o.impls) data.impls.emplace_back(clv::impl_name(impl));
  data.seed = o.seed;
  data.segtree_path = std::string(clv::segtree::path_name(o.path));
  data.command_line = command_line;
  data.papbench_version = this_version_text();
  data.cpu_model = cpu_model();
  data.build = kBuild;
  fmt::print("schedgen: seed {}, segtree kernels {}, CPU {}, build {}\n", o.seed, data.segtree_path,
             data.cpu_model, data.build);
  try {
    for (const schedgen::Pattern pattern : o.patterns) {
      for (const int P : o.sizes) {
        const auto it = o.reps_for.find(P);
        const int reps = it == o.reps_for.end() ? o.reps : it->second;
        data.points.push_back(run_point(o, pattern, P, reps));
        print_point(o, data.points.back());
      }
    }
  } catch (const std::runtime_error& e) {
    fmt::print(stderr, "papbench: schedgen: {}; nothing written\n", e.what());
    return 1;
  }
  // Built under a temporary name and renamed, so a kill never leaves a half file under --out.
  const std::string temp = fmt::format("{}.tmp-{}", o.out, ::getpid());
  try {
    schedgen::write_file(temp, data);
  } catch (...) {
    std::remove(temp.c_str());
    throw;
  }
  if (!o.force && exists(o.out)) {
    std::remove(temp.c_str());
    throw UsageError(fmt::format("--out: '{}' appeared during the run; not replaced", o.out));
  }
  if (std::rename(temp.c_str(), o.out.c_str()) != 0) {
    std::remove(temp.c_str());
    throw std::runtime_error(fmt::format("schedgen: cannot rename '{}' to '{}'", temp, o.out));
  }
  fmt::print("wrote {}\n", o.out);
  return 0;
}

}  // namespace papbench
