#include "tools/report/views/export_csv.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <system_error>

#include "common/errors.hpp"
#include "common/files.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {
namespace {

// The case-level columns repeat on every row: a long table that needs no join is what the
// usual tools (read.csv, pandas.read_csv) handle best.
constexpr const char* kCaseColumns[] = {"case",
                                        "collective",
                                        "algorithm",
                                        "params",
                                        "count",
                                        "dtype",
                                        "op",
                                        "root",
                                        "pattern",
                                        "sync_mode",
                                        "compute_ns",
                                        "maxdelay_ns",
                                        "seed",
                                        "warmup",
                                        "iterations",
                                        "ranks",
                                        "validated",
                                        "iteration",
                                        "rank",
                                        "host",
                                        "node",
                                        "late",
                                        "arrival_ns",
                                        "exit_ns",
                                        "planned_delay_ns",
                                        "planned_arrival_ns",
                                        "predicted_arrival_ns",
                                        "pat_exchange_done_ns",
                                        "pat_work_done_ns",
                                        "arrival_error_ns"};

// Planned arrays are absent (0x0) from records made without a plan; they export as empty fields.
bool absent(const results::Matrix& m) {
  return m.rows == 0 && m.cols == 0;
}

void require_shape(const ResultFile& f, std::size_t index, const results::CaseRecord& rec,
                   const results::Matrix& m, const std::string& name) {
  if (m.rows != rec.arrival_ns.rows || m.cols != rec.arrival_ns.cols ||
      m.data.size() != static_cast<std::size_t>(m.rows) * static_cast<std::size_t>(m.cols)) {
    throw UsageError(fmt::format("{}: case {}: {} is {}x{} but arrival_ns is {}x{}", f.path, index,
                                 name, m.rows, m.cols, rec.arrival_ns.rows, rec.arrival_ns.cols));
  }
}

}  // namespace

std::size_t write_raw_csv(const ResultFile& file, std::ostream& out) {
  const auto& cases = file.reader.cases();
  const results::RunInfo& info = file.reader.run_info();
  // One column per counter event seen in any case, empty where a case lacks it.
  std::set<std::string> events;
  for (const auto& rec : cases) {
    for (const auto& [name, matrix] : rec.counters) events.insert(name);
  }

  bool first = true;
  for (const char* c : kCaseColumns) {
    out << (first ? "" : ",") << c;
    first = false;
  }
  for (const std::string& e : events) out << ',' << csv_field("counters/" + e);
  out << '\n';

  std::size_t rows = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    // One case's data at a time (the file may be opened on demand); the CSV has no clock,
    // metrics or counter-cost columns.
    const results::CaseRecord rec = load_case(file, i, {.clock = false, .metrics = false});
    require_shape(file, i, rec, rec.exit_ns, "exit_ns");
    const bool has_delay = !absent(rec.planned_delay_ns);
    const bool has_planned = !absent(rec.planned_arrival_ns);
    if (has_delay) require_shape(file, i, rec, rec.planned_delay_ns, "planned_delay_ns");
    if (has_planned) require_shape(file, i, rec, rec.planned_arrival_ns, "planned_arrival_ns");
    if (rec.predicted_arrival_ns) {
      require_shape(file, i, rec, *rec.predicted_arrival_ns, "predicted_arrival_ns");
    }
    const bool has_error = !absent(rec.arrival_error_ns);  // format 1.8
    if (has_error) require_shape(file, i, rec, rec.arrival_error_ns, "arrival_error_ns");
    const bool has_busy = rec.pat_exchange_done_ns && rec.pat_work_done_ns;
    if (has_busy) {
      require_shape(file, i, rec, *rec.pat_exchange_done_ns, "pat_exchange_done_ns");
      require_shape(file, i, rec, *rec.pat_work_done_ns, "pat_work_done_ns");
    }
    for (const auto& [name, matrix] : rec.counters) {
      require_shape(file, i, rec, matrix, "counters/" + name);
    }
    const std::string case_prefix = fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}", i, csv_field(rec.collective),
        csv_field(rec.algorithm), csv_field(rec.params), rec.count, csv_field(rec.dtype),
        csv_field(rec.op), rec.root, csv_field(rec.pattern), csv_field(rec.sync_mode),
        rec.compute_ns, rec.maxdelay_ns, rec.seed, rec.warmup, rec.iterations, rec.ranks,
        csv_field(rec.validated));
    // The iterations every view keeps (summary's): late and wrong ones only when asked for.
    for (const std::size_t kept : kept_iterations(file, rec).kept) {
      const int it = static_cast<int>(kept);
      const std::string late = static_cast<std::size_t>(it) < rec.late.size()
                                   ? (rec.late[static_cast<std::size_t>(it)] ? "1" : "0")
                                   : "";
      for (int r = 0; r < rec.arrival_ns.cols; ++r) {
        const auto ur = static_cast<std::size_t>(r);
        const std::string host = ur < info.hostnames.size() ? csv_field(info.hostnames[ur]) : "";
        const std::string node =
            ur < info.node_index.size() ? fmt::format("{}", info.node_index[ur]) : "";
        out << case_prefix << ',' << it << ',' << r << ',' << host << ',' << node << ',' << late
            << ',' << rec.arrival_ns.at(it, r) << ',' << rec.exit_ns.at(it, r) << ',';
        if (has_delay) out << rec.planned_delay_ns.at(it, r);
        out << ',';
        if (has_planned) out << rec.planned_arrival_ns.at(it, r);
        out << ',';
        if (rec.predicted_arrival_ns) out << rec.predicted_arrival_ns->at(it, r);
        out << ',';
        if (has_busy) out << rec.pat_exchange_done_ns->at(it, r);
        out << ',';
        if (has_busy) out << rec.pat_work_done_ns->at(it, r);
        out << ',';
        if (has_error) out << rec.arrival_error_ns.at(it, r);
        for (const std::string& e : events) {
          out << ',';
          if (auto found = rec.counters.find(e); found != rec.counters.end()) {
            out << found->second.at(it, r);
          }
        }
        out << '\n';
        ++rows;
      }
    }
  }
  return rows;
}

std::size_t export_raw_csv(const ResultFile& file, const std::string& out_path, bool force) {
  if (out_path.empty() || out_path == "-") {
    const std::size_t rows = write_raw_csv(file, std::cout);
    std::cout.flush();
    return rows;
  }
  namespace fs = std::filesystem;
  check_output_file("--out", out_path, force);  // --force replaces only a regular file
  std::error_code ec;
  if (fs::exists(out_path, ec) && !force) {
    throw UsageError(fmt::format("{}: already exists; pass --force to overwrite it", out_path));
  }
  const std::string tmp = out_path + ".partial";
  std::size_t rows = 0;
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw UsageError(fmt::format("{}: cannot create: {}", tmp, std::strerror(errno)));
    try {
      rows = write_raw_csv(file, out);
      out.flush();
      if (!out) throw UsageError(fmt::format("{}: write failed", tmp));
    } catch (...) {
      out.close();
      fs::remove(tmp, ec);
      throw;
    }
  }
  fs::rename(tmp, out_path, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    throw UsageError(fmt::format("{}: cannot move the export into place: {}", out_path, why));
  }
  return rows;
}

}  // namespace papbench::report
