#include "bench/commands/clv_schedule_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "collectives/reduce/clairvoyant/schedule.hpp"
#include "collectives/reduce/clairvoyant/segtree_index.hpp"
#include "common/files.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

double parse_time(std::string_view text, std::string_view option) {
  double v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) {
    throw UsageError(fmt::format("{}: '{}' is not a number", option, text));
  }
  return v;
}

// Times separated by commas and/or white space.
std::vector<double> parse_times(std::string text, std::string_view option) {
  for (char& c : text) {
    if (c == ',') c = ' ';
  }
  std::istringstream in(text);
  std::vector<double> out;
  for (std::string word; in >> word;) out.push_back(parse_time(word, option));
  return out;
}

// `kernels` names the segtree scheduler's kernels that ran ("avx2", "scalar64"); empty otherwise.
std::string as_json(const clv::Schedule& s, std::string_view kernels) {
  std::string out = fmt::format("{{\"rounds\": {}, \"transfers\": [", s.rounds);
  for (std::size_t i = 0; i < s.transfers.size(); ++i) {
    const clv::Transfer& t = s.transfers[i];
    out += fmt::format("{}{{\"round\": {}, \"from\": {}, \"to\": {}, \"segment\": {}}}",
                       i ? ", " : "", t.round, t.from, t.to, t.segment);
  }
  out += "]";
  if (!kernels.empty()) out += fmt::format(", \"segtree_kernels\": \"{}\"", kernels);
  return out + "}\n";
}

// [ProficzOcetkiewicz2021] Fig. 1: rows are segments, columns processes, a cell the round in which
// the process sends the segment away (each (process, segment) share leaves its process at most
// once, except at the root, which may send a segment more than once; the table shows the first).
std::string as_table(const clv::Instance& in, const clv::Schedule& s) {
  const std::size_t P = in.arrival.size(), N = static_cast<std::size_t>(in.segments);
  std::vector<int> cell(P * N, 0);
  for (const clv::Transfer& t : s.transfers) {
    int& c = cell[static_cast<std::size_t>(t.segment) * P + static_cast<std::size_t>(t.from)];
    if (c == 0) c = t.round;
  }
  const int width =
      static_cast<int>(std::max<std::size_t>(4, fmt::format("{}", s.rounds).size() + 1));
  std::string out = fmt::format("{:>4}", "");
  for (std::size_t p = 0; p < P; ++p) out += fmt::format("{:>{}}", fmt::format("p{}", p), width);
  out += '\n';
  for (std::size_t j = 0; j < N; ++j) {
    out += fmt::format("{:>4}", fmt::format("s{}", j));
    for (std::size_t p = 0; p < P; ++p) {
      const int c = cell[j * P + p];
      out += c ? fmt::format("{:>{}}", c, width) : fmt::format("{:>{}}", ".", width);
    }
    out += '\n';
  }
  return out;
}

std::string as_summary(const clv::Instance& in, const clv::Schedule& s, std::string_view impl) {
  std::vector<char> busy(static_cast<std::size_t>(s.rounds) + 1, 0);
  for (const clv::Transfer& t : s.transfers) busy[static_cast<std::size_t>(t.round)] = 1;
  int idle = 0;
  for (int r = 1; r <= s.rounds; ++r) idle += busy[static_cast<std::size_t>(r)] ? 0 : 1;
  return fmt::format(
      "impl {}: {} processes, {} segments, root {}: {} rounds ({} without transfers), {} "
      "transfers\n",
      impl, in.arrival.size(), in.segments, in.root, s.rounds, idle, s.transfers.size());
}

}  // namespace

CLI::App* add_clv_schedule_command(CLI::App& app, RawClvScheduleOptions& raw) {
  CLI::App* cmd = app.add_subcommand(
      "clv-schedule", "Print the Clairvoyant reduce schedule of given arrival times");
  const std::vector<OptionRow> rows = {
      {.name = "--impl",
       .target = &raw.impl,
       .help = "linear, pairing or segtree (all give the same schedule)",
       .show_default = true},
      {.name = "--arrivals",
       .target = &raw.arrivals,
       .help = "Arrival times, comma list (unit of --round-time)"},
      {.name = "--arrivals-file",
       .target = &raw.arrivals_file,
       .help = "File of arrival times separated by commas or white space",
       .type_name = "FILE"},
      {.name = "--round-time",
       .target = &raw.round_time,
       .help = "Round time d (> 0)",
       .show_default = true},
      {.name = "--segments",
       .target = &raw.segments,
       .help = "Segments N (>= 1)",
       .show_default = true},
      {.name = "--root", .target = &raw.root, .help = "Root process", .show_default = true},
      {.name = "--format",
       .target = &raw.format,
       .help = "json, table ([ProficzOcetkiewicz2021] Fig. 1 layout) or summary",
       .show_default = true},
  };
  add_option_rows(*cmd, rows);
  return cmd;
}

int clv_schedule_command(const RawClvScheduleOptions& raw) {
  if (raw.arrivals.empty() == raw.arrivals_file.empty()) {
    throw UsageError("clv-schedule: give exactly one of --arrivals and --arrivals-file");
  }
  std::string text = raw.arrivals;
  if (!raw.arrivals_file.empty()) {
    require_regular_input("--arrivals-file", raw.arrivals_file);
    std::ifstream f(raw.arrivals_file);
    if (!f) throw UsageError(fmt::format("--arrivals-file: cannot read '{}'", raw.arrivals_file));
    std::ostringstream all;
    all << f.rdbuf();
    text = all.str();
  }
  if (raw.format != "json" && raw.format != "table" && raw.format != "summary") {
    throw UsageError(
        fmt::format("--format: '{}' is not accepted; accepted: json, table, summary", raw.format));
  }
  clv::Impl impl{};
  clv::Instance in;
  try {
    impl = clv::parse_impl(raw.impl);
    for (const double a : parse_times(text, "--arrivals")) in.arrival.push_back(clv::to_ticks(a));
    in.round_time = clv::to_ticks(raw.round_time);
    in.segments = raw.segments;
    in.root = raw.root;
    clv::check_instance(in);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  // The schedule holds about P x N transfers of 16 bytes, and linear walks every cell each round:
  // 2^24 cells (P = N = 4096) is a quarter of a gigabyte of transfers.
  constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 24;
  const auto cells =
      static_cast<std::uint64_t>(in.arrival.size()) * static_cast<std::uint64_t>(in.segments);
  if (cells > kMaxCells) {
    throw UsageError(fmt::format(
        "--segments: {} segments for {} processes is {} cells; accepted: at most {} (N <= {} here)",
        in.segments, in.arrival.size(), cells, kMaxCells, kMaxCells / in.arrival.size()));
  }
  const clv::Schedule s = clv::make_schedule(impl, in);
  if (launcher_rank() != 0) return 0;  // runs without MPI; one print under mpiexec
  // Which kernels clv::schedule_segtree dispatched to on this CPU (segtree_index.hpp).
  const std::string_view kernels =
      impl == clv::Impl::kSegtree ? clv::segtree::path_name(clv::segtree::best_path()) : "";
  if (raw.format == "json") {
    fmt::print("{}", as_json(s, kernels));
  } else if (raw.format == "table") {
    fmt::print("{}", as_table(in, s));
    if (!kernels.empty()) fmt::print("segtree kernels: {}\n", kernels);
  } else {
    const std::string label =
        kernels.empty() ? std::string(clv::impl_name(impl)) : fmt::format("segtree[{}]", kernels);
    fmt::print("{}", as_summary(in, s, label));
  }
  return 0;
}

}  // namespace papbench
