#include "tools/report/core/result_file.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include "common/errors.hpp"
#include "common/files.hpp"
#include "common/version_text.hpp"
#include "results/kept_iterations.hpp"

namespace papbench::report {
namespace {

// The reader's message may or may not name the file; make sure the user learns which of
// several files is at fault, without saying it twice.
std::string naming(const std::string& path, const char* what) {
  const std::string message = what;
  if (message.find(path) != std::string::npos) return message;
  return fmt::format("{}: {}", path, message);
}

}  // namespace

ResultFile open_result_file(const std::string& path, results::CaseData data,
                            const results::IterationFilter& filter) {
  // Check readability first: HDF5's own report on a missing file is an error stack that does
  // not say which of several files was meant. Only a regular file: opening a FIFO blocks.
  if (const auto kind = non_regular_kind(path)) {
    throw UsageError(fmt::format("{}: not a regular file ({})", path, *kind));
  }
  {
    std::ifstream probe(path, std::ios::binary);
    if (!probe) throw UsageError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  }
  try {
    return ResultFile{path, results::ResultReader(path, data), filter};
  } catch (const results::FormatError& e) {
    throw UsageError(naming(path, e.what()));
  } catch (const std::exception& e) {
    throw UsageError(naming(path, e.what()));
  }
}

results::CaseRecord load_case(const ResultFile& file, std::size_t i,
                              const results::CaseParts& parts) {
  try {
    return file.reader.load_case(i, parts);
  } catch (const results::FormatError& e) {
    throw UsageError(naming(file.path, e.what()));
  }
}

results::IterationSelection kept_iterations(const ResultFile& file,
                                            const results::CaseRecord& record) {
  return results::select_iterations(record, file.filter);
}

results::CaseRecord load_kept_case(const ResultFile& file, std::size_t i,
                                   const results::CaseParts& parts) {
  results::CaseRecord record = load_case(file, i, parts);
  const results::IterationSelection kept = kept_iterations(file, record);
  return results::only_kept(std::move(record), kept);
}

bool sync_bounds_recorded(std::span<const results::SyncEventRow> events) {
  return !events.empty() && std::all_of(events.begin(), events.end(),
                                        [](const auto& e) { return e.error_bound_ns >= 0; });
}

std::optional<double> sync_error_bound_ns(std::span<const results::SyncEventRow> events) {
  if (events.empty()) return std::nullopt;
  if (sync_bounds_recorded(events)) {
    const auto worst = std::max_element(
        events.begin(), events.end(),
        [](const auto& a, const auto& b) { return a.error_bound_ns < b.error_bound_ns; });
    return static_cast<double>(worst->error_bound_ns);
  }
  const auto worst =
      std::max_element(events.begin(), events.end(),
                       [](const auto& a, const auto& b) { return a.rtt_min_ns < b.rtt_min_ns; });
  return static_cast<double>(worst->rtt_min_ns) / 2;
}

std::string first_line(const std::string& text) {
  std::string line = text.substr(0, text.find_first_of("\r\n"));
  while (!line.empty() && (line.back() == ' ' || line.back() == ',')) line.pop_back();
  return line;
}

Cell sync_bound_cell(const ResultFile& file) {
  const auto& sync = file.reader.sync_events();
  const auto bound = sync_error_bound_ns(sync);
  if (!bound) return {"unknown (no sync events recorded)", nullptr};
  if (!sync_bounds_recorded(sync)) {
    return {fmt::format("{} (max rtt_min/2 over {} sync events)", Cell::duration(*bound).text,
                        sync.size()),
            *bound};
  }
  const auto growth = std::max_element(sync.begin(), sync.end(), [](const auto& a, const auto& b) {
    return a.bound_growth_ppb < b.bound_growth_ppb;
  });
  return {fmt::format("{} (largest at a sync, over {} sync events; grows by up to {:.0f} ppb of "
                      "the time since)",
                      Cell::duration(*bound).text, sync.size(), growth->bound_growth_ppb),
          *bound};
}

Cell nodes_cell(const results::RunInfo& info) {
  const std::set<int> nodes(info.node_index.begin(), info.node_index.end());
  const std::set<std::string> hosts(info.hostnames.begin(), info.hostnames.end());
  if (nodes.empty()) return {"unknown", nullptr};
  std::vector<std::string> shown(hosts.begin(), hosts.end());
  // Virtual nodes (--virtual-ppn) are not machines: say so wherever the node count is shown.
  std::string text = info.nodes_virtual ? fmt::format("{} virtual (--virtual-ppn {})", nodes.size(),
                                                      info.virtual_ppn)
                                        : fmt::format("{}", nodes.size());
  if (!shown.empty()) {
    constexpr std::size_t kMaxNames = 4;  // a 1000-node run must not print 1000 names here
    const bool cut = shown.size() > kMaxNames;
    shown.resize(std::min(shown.size(), kMaxNames));
    const std::string names = fmt::format("{}{}", fmt::join(shown, ", "), cut ? ", ..." : "");
    text += info.nodes_virtual ? " on " + names : " (" + names + ")";
  }
  return {text, static_cast<long long>(nodes.size())};
}

// --resume: when and where each later session ran (only shown for a resumed file).
std::optional<Cell> resumed_cell(const std::vector<results::CaseRecord>& cases) {
  std::map<int, const results::CaseRecord*> sessions;
  for (const auto& c : cases) {
    if (c.session != 0) sessions.emplace(c.session, &c);
  }
  if (sessions.empty()) return std::nullopt;
  std::vector<std::string> parts;
  for (const auto& [session, c] : sessions) {
    const std::set<std::string> hosts(c->session_hosts.begin(), c->session_hosts.end());
    std::vector<std::string> shown(hosts.begin(), hosts.end());
    constexpr std::size_t kMaxNames = 4;  // as nodes_cell
    const bool cut = shown.size() > kMaxNames;
    shown.resize(std::min(shown.size(), kMaxNames));
    parts.push_back(
        fmt::format("{} on {}{}", c->session_utc, fmt::join(shown, ", "), cut ? ", ..." : ""));
  }
  return Cell{fmt::format("{} time(s): {}", sessions.size(), fmt::join(parts, "; ")),
              static_cast<long long>(sessions.size())};
}

std::vector<MetaItem> run_meta(const ResultFile& file) {
  const results::RunInfo& info = file.reader.run_info();
  std::vector<MetaItem> meta;
  meta.push_back({"command_line", "command line", Cell::str(info.command_line)});
  meta.push_back({"papbench_version",
                  "papbench",
                  {version_text(info.papbench_version, info.git_sha), info.papbench_version}});
  meta.push_back({"git_sha", "git", Cell::str(info.git_sha), Audience::kMachine});
  // Absent from files older than this attribute, and from files no papbench program wrote.
  if (auto build = info.extra.find("build"); build != info.extra.end()) {
    meta.push_back({"build", "build", Cell::str(build->second)});
  }
  meta.push_back({"created_utc", "created", Cell::str(info.created_utc),
                  info.created_utc.empty() ? Audience::kMachine : Audience::kBoth});
  if (auto resumed = resumed_cell(file.reader.cases())) {
    meta.push_back({"resumed", "resumed", *resumed});
  }
  meta.push_back({"ranks", "ranks", Cell::integer(info.mpi_size)});
  meta.push_back({"nodes", "nodes", nodes_cell(info)});
  meta.push_back({"mpi_library",
                  "MPI library",
                  {first_line(info.mpi_library_version), info.mpi_library_version}});
  meta.push_back({"clock", "clock", Cell::str(info.clock_info),
                  info.clock_info.empty() ? Audience::kMachine : Audience::kBoth});
  meta.push_back({"sync_error_bound_ns", "sync error bound", sync_bound_cell(file)});
  // Absent from files older than this attribute, and from files no papbench run wrote.
  if (auto ticks = info.extra.find("start_ticks"); ticks != info.extra.end()) {
    meta.push_back({"start_ticks", "start off ticks", Cell::str(ticks->second)});
  }
  meta.push_back({"buffers", "buffers", {buffer_mode_text(info), buffer_mode(info)}});
  if (auto emulation = info.extra.find("network_emulation"); emulation != info.extra.end()) {
    meta.push_back({"network_emulation", "network", Cell::str("EMULATED: " + emulation->second)});
  }
  // Runs of the SMPI build (bench/run/simulation_info.hpp): SimGrid, platform file and its hash.
  if (auto simulation = info.extra.find("simulation"); simulation != info.extra.end()) {
    meta.push_back({"simulation", "network", Cell::str("SIMULATED: " + simulation->second)});
  }
  // Absent from files older than format 1.3, whose runs always asked for MPI_THREAD_MULTIPLE.
  const auto level = info.extra.find("mpi_thread_level");
  meta.push_back(
      {"mpi_thread_level", "MPI thread level",
       Cell::str(level != info.extra.end() ? level->second : "multiple (not recorded)")});
  return meta;
}

std::string buffer_mode(const results::RunInfo& info) {
  const auto it = info.extra.find("buffers");
  return it == info.extra.end() ? std::string("cold") : it->second;
}

std::string buffer_mode_text(const results::RunInfo& info) {
  const std::string mode = buffer_mode(info);
  if (mode == "cold") {
    return fmt::format("cold: input written and output poisoned before every call{}",
                       info.extra.contains("buffers") ? "" : " (not recorded: the only mode then)");
  }
  if (mode == "warm") return "warm: written once, reused as the last call left them (as OSU, IMB)";
  return mode;
}

std::vector<std::string> network_emulations(std::span<const ResultFile> files) {
  std::set<std::string> seen;
  for (const ResultFile& file : files) {
    const auto& extra = file.reader.run_info().extra;
    if (auto it = extra.find("network_emulation"); it != extra.end()) {
      seen.insert(fmt::format("{}: {}", file.path, it->second));
    }
  }
  return {seen.begin(), seen.end()};
}

}  // namespace papbench::report
