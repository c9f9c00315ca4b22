// papbench-report: command line and dispatch. Each subcommand's work lives in its own view
// file; this one only turns arguments into calls and exceptions into exit codes:
//   0 success, 2 bad input (option value, unreadable file, existing --out), 1 internal error.
// Every subcommand is one row of subcommands() (as bench/main.cpp's table): its name, help,
// the function declaring its options and the one running it; run() parses and dispatches once.
// A new view adds its Args, its option rows (common/option_table.hpp), run_* and one row.

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "common/cli_docs.hpp"
#include "common/error_output.hpp"
#include "common/errors.hpp"
#include "common/files.hpp"
#include "common/option_table.hpp"
#include "common/seed_option.hpp"
#include "common/units.hpp"
#include "common/version_text.hpp"
#include "tools/report/core/metric_choice.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"
#include "tools/report/core/trend_verdict.hpp"
#include "tools/report/models/model_bcast_view.hpp"
#include "tools/report/plots/gnuplot_driver.hpp"
#include "tools/report/plots/plot_views.hpp"
#include "tools/report/tables/paper_tables.hpp"
#include "tools/report/tune/before_after_view.hpp"
#include "tools/report/tune/tune_view.hpp"
#include "tools/report/views/compare_view.hpp"
#include "tools/report/views/counters_view.hpp"
#include "tools/report/views/export_csv.hpp"
#include "tools/report/views/model_intergroup_view.hpp"
#include "tools/report/views/model_view.hpp"
#include "tools/report/views/pap_view.hpp"
#include "tools/report/views/summary_view.hpp"

namespace papbench::report {
namespace {

constexpr int kExitInternalError = 1;  // a bug, not the input

std::vector<std::string> format_names() {
  std::vector<std::string> names;
  for (const FormatName& f : kFormatNames) names.emplace_back(f.name);
  return names;
}

Format format_from_name(const std::string& name) {
  for (const FormatName& f : kFormatNames) {
    if (f.name == name) return f.format;
  }
  return Format::kTable;  // unreachable: CLI11 has checked the name
}

// --format and --metric mean the same in every view, so they are declared once. CLI11's
// IsMember names the option and lists the accepted values when the user types something else.
OptionRow format_row(std::string& target) {
  return {.name = "--format",
          .target = &target,
          .help = "Output format",
          .accepted = format_names(),
          .show_default = true};
}

OptionRow metric_row(std::vector<std::string>& target, std::string_view what) {
  return {.name = "--metric",
          .target = &target,
          .help = fmt::format("Comma-separated metrics to {} (default: {})", what,
                              fmt::join(target, ",")),
          .accepted = metric_names(),
          .delimiter = ','};
}

// One metric, for the views that minimize or draw one.
OptionRow one_metric_row(std::string& target, std::string help) {
  return {.name = "--metric",
          .target = &target,
          .help = std::move(help),
          .accepted = metric_names(),
          .show_default = true};
}

// Rows of several parts, in order.
std::vector<OptionRow> rows_of(std::initializer_list<std::vector<OptionRow>> parts) {
  std::vector<OptionRow> rows;
  for (const std::vector<OptionRow>& part : parts)
    rows.insert(rows.end(), part.begin(), part.end());
  return rows;
}

// kOnDemand for the views that take each case's data from load_case (one case at a time). The
// files carry the subcommand's --include-late / --include-invalid to every view.
std::vector<ResultFile> open_all(const std::vector<std::string>& paths,
                                 const results::IterationFilter& filter,
                                 results::CaseData data = results::CaseData::kLoaded) {
  std::vector<ResultFile> files;
  files.reserve(paths.size());
  for (const std::string& p : paths) files.push_back(open_result_file(p, data, filter));
  return files;
}

// Declared once, attached to every subcommand that reads iterations: each view keeps what summary
// keeps (results::select_iterations, through ResultFile::filter).
std::vector<OptionRow> filter_rows(results::IterationFilter& filter) {
  return {
      {.name = "--include-late",
       .target = &filter.include_late,
       .help = "Keep iterations in which some rank's arrival error exceeded the run's "
               "--arrival-tolerance (files older than format 1.8: missed the agreed start); left "
               "out by default: their arrival pattern is not the planned one"},
      {.name = "--include-invalid",
       .target = &filter.include_invalid,
       .help = "Keep iterations whose output was wrong, and compare cases that failed validation "
               "(left out and refused by default)"},
  };
}

// The launch-level verdict's settings (views/compare_view.hpp), which compare, tune and
// before-after declare alike: one group of rows, listed under its own --help section.
struct VerdictArgs {
  double alpha = 0.05;
  int resamples = 2000;
  std::uint64_t seed = 1;
  results::IterationFilter filter;

  void apply(CompareOptions& options) const {
    options.alpha = alpha;
    options.resamples = resamples;
    options.seed = seed;
    options.filter = filter;
  }
};

constexpr std::string_view kVerdictGroup = "Verdict";

std::vector<OptionRow> verdict_rows(VerdictArgs& args) {
  const std::string group(kVerdictGroup);
  std::vector<OptionRow> rows = filter_rows(args.filter);
  rows.push_back({.name = "--alpha",
                  .target = &args.alpha,
                  .help = "Significance level of the tests and of the verdicts",
                  .group = group,
                  .checks = {{.kind = OptionCheck::Kind::kProbability}},
                  .show_default = true});
  rows.push_back({.name = "--resamples",
                  .target = &args.resamples,
                  .help = "Bootstrap resamples",
                  .group = group,
                  .checks = {{.kind = OptionCheck::Kind::kRange, .min = 100, .max = 1000000}},
                  .show_default = true});
  rows.push_back(seed_row(args.seed, "Bootstrap seed (same seed, same report)", group));
  return rows;
}

// ---- summary ----------------------------------------------------------------------------------

struct SummaryArgs {
  std::vector<std::string> files;
  std::string format = "table";
  std::vector<std::string> metrics = metric_names();
  bool counters = false;
  results::IterationFilter filter;
};

std::vector<OptionRow> summary_rows(SummaryArgs& args) {
  return rows_of({{{.name = "files",
                    .target = &args.files,
                    .help = "Result sets (.h5)",
                    .type_name = "FILE",
                    .required = true},
                   format_row(args.format),
                   metric_row(args.metrics, "summarize")},
                  filter_rows(args.filter),
                  {{.name = "--counters",
                    .target = &args.counters,
                    .help = "Add one row per recorded PAPI event and case (median, mean, sd, "
                            "min, max)"}}});
}

int run_summary(const SummaryArgs& args) {
  const auto files = open_all(args.files, args.filter, results::CaseData::kOnDemand);
  const Report report = build_summary(files, metrics_from_names(args.metrics), args.counters);
  // Empty rows say why once on stderr too, whatever the format (summary_view.cpp's notes).
  for (const Section& section : report.sections) {
    if (section.extra.contains("empty_rows")) {
      fmt::print(stderr, "papbench-report summary: {}\n",
                 section.extra.at("empty_rows").get<std::string>());
    }
  }
  emit(report, format_from_name(args.format), std::cout);
  return 0;
}

// ---- compare ----------------------------------------------------------------------------------

struct CompareArgs {
  std::string file_a, file_b;
  std::string format = "table";
  std::vector<std::string> metrics = {"run_time", "elapsed", "after_last_arrival"};
  std::string a_alg, b_alg, a_sync, b_sync, a_coll, b_coll;
  bool allow_buffers_differ = false;
  bool allow_mixed = false;
  VerdictArgs verdict;
};

// The rows that pick two sets of cases of the same workloads (--a-alg/--b-alg, ...).
std::vector<OptionRow> compare_pair_rows(CompareArgs& args) {
  return {
      {.name = "--a-alg",
       .target = &args.a_alg,
       .help = "With --b-alg: compare this algorithm of A with --b-alg's of B on the same "
               "workloads (A and B may be one file), not the same cases of two runs"},
      {.name = "--b-alg", .target = &args.b_alg, .help = "The algorithm of B (see --a-alg)"},
      {.name = "--a-sync",
       .target = &args.a_sync,
       .help = "With --b-sync: compare the cases of A run with this start (window or barrier) "
               "with B's of --b-sync's, the same cases otherwise (papbench --sync "
               "window,barrier: A and B may be one file)"},
      {.name = "--b-sync", .target = &args.b_sync, .help = "The start of B's cases (see --a-sync)"},
      {.name = "--a-coll",
       .target = &args.a_coll,
       .help = "With --b-coll: compare this collective of A with --b-coll's of B on the same "
               "workloads, e.g. allreduce against its nonblocking iallreduce run in the same "
               "launch (A and B may be one file); params are left out of the match"},
      {.name = "--b-coll", .target = &args.b_coll, .help = "The collective of B (see --a-coll)"},
  };
}

std::vector<OptionRow> compare_rows(CompareArgs& args) {
  std::vector<OptionRow> head = {
      {.name = "A",
       .target = &args.file_a,
       .help = "Baseline result set, or a comma list of result sets, one per launch of the same "
               "configuration (A1.h5,A2.h5): the CI then resamples launches too",
       .type_name = "FILE",
       .required = true},
      {.name = "B",
       .target = &args.file_b,
       .help = "Result set(s) compared with the baseline (a comma list as for A)",
       .type_name = "FILE",
       .required = true},
      format_row(args.format),
      metric_row(args.metrics, "compare"),
  };
  std::vector<OptionRow> allow = {
      {.name = "--allow-buffers-differ",
       .target = &args.allow_buffers_differ,
       .help = "Compare runs whose buffers differ (papbench --buffers cold against warm), which "
               "compare otherwise refuses: the ratio then holds the harness's cache effect too"},
      {.name = "--allow-mixed",
       .target = &args.allow_mixed,
       .help = "Compare result sets of a simulated run (SMPI: root attribute simulation) with "
               "those of real processes; refused without it, since a simulated time is the "
               "network model's, not a measurement"},
  };
  return rows_of({head, verdict_rows(args.verdict), compare_pair_rows(args), allow});
}

// A simulated result set (the SMPI build writes the root attribute `simulation`) and one of real
// processes time different things: refuse to pair them unless the user says so.
void refuse_mixed_simulation(std::span<const ResultFile> a, std::span<const ResultFile> b) {
  std::vector<std::string> simulated, measured;
  for (const auto side : {a, b}) {
    for (const ResultFile& f : side) {
      (f.reader.run_info().extra.contains("simulation") ? simulated : measured).push_back(f.path);
    }
  }
  if (simulated.empty() || measured.empty()) return;
  throw UsageError(fmt::format(
      "compare: mixes simulated result sets ({}) with result sets of real processes ({}); a "
      "simulated time is SimGrid's network model, not a measurement: pass --allow-mixed to "
      "compare them anyway",
      fmt::join(simulated, ", "), fmt::join(measured, ", ")));
}

// "a1.h5,a2.h5" -> its files; an empty item is a usage error naming the side.
std::vector<std::string> split_launches(std::string_view side, const std::string& list) {
  std::vector<std::string> files;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = list.find(',', start);
    const std::string item = list.substr(start, comma == std::string::npos ? comma : comma - start);
    if (item.empty()) {
      throw UsageError(fmt::format(
          "compare {}: '{}' has an empty item; accepted: a result set or a comma list of them",
          side, list));
    }
    files.push_back(item);
    if (comma == std::string::npos) return files;
    start = comma + 1;
  }
}

int run_compare(const CompareArgs& args) {
  // A comma list per side: one result set per launch (mpiexec run) of the same configuration.
  const results::IterationFilter& filter = args.verdict.filter;
  const std::vector<ResultFile> a =
      open_all(split_launches("A", args.file_a), filter, results::CaseData::kOnDemand);
  const std::vector<ResultFile> b =
      open_all(split_launches("B", args.file_b), filter, results::CaseData::kOnDemand);
  if (!args.allow_mixed) refuse_mixed_simulation(a, b);
  CompareOptions options;
  options.metrics = metrics_from_names(args.metrics);
  args.verdict.apply(options);
  if (args.a_alg.empty() != args.b_alg.empty()) {
    throw UsageError("compare: --a-alg and --b-alg go together (two algorithms to compare)");
  }
  if (args.a_sync.empty() != args.b_sync.empty()) {
    throw UsageError("compare: --a-sync and --b-sync go together (two starts to compare)");
  }
  if (args.a_coll.empty() != args.b_coll.empty()) {
    throw UsageError("compare: --a-coll and --b-coll go together (two collectives to compare)");
  }
  check_buffers_agree(a, b, args.allow_buffers_differ);
  options.allow_buffers_differ = args.allow_buffers_differ;
  options.a_alg = args.a_alg;
  options.b_alg = args.b_alg;
  options.a_sync = args.a_sync;
  options.b_sync = args.b_sync;
  options.a_coll = args.a_coll;
  options.b_coll = args.b_coll;
  // A selection that names what the file does not hold is a typo, not an empty comparison.
  const auto check_present = [](const ResultFile& file, const std::string& want, const char* option,
                                const char* what, std::string results::CaseRecord::*field) {
    if (want.empty()) return;
    std::set<std::string> present;
    for (const auto& rec : file.reader.cases()) present.insert(rec.*field);
    if (!present.contains(want)) {
      throw UsageError(fmt::format("compare {}: '{}' has no case of {} '{}'; it has: {}", option,
                                   file.path, what, want, fmt::join(present, ", ")));
    }
  };
  check_present(a.front(), args.a_alg, "--a-alg", "algorithm", &results::CaseRecord::algorithm);
  check_present(b.front(), args.b_alg, "--b-alg", "algorithm", &results::CaseRecord::algorithm);
  check_present(a.front(), args.a_sync, "--a-sync", "start", &results::CaseRecord::sync_mode);
  check_present(b.front(), args.b_sync, "--b-sync", "start", &results::CaseRecord::sync_mode);
  check_present(a.front(), args.a_coll, "--a-coll", "collective", &results::CaseRecord::collective);
  check_present(b.front(), args.b_coll, "--b-coll", "collective", &results::CaseRecord::collective);
  const Report report = build_compare(a, b, options);
  // Loud: on stderr too, whatever the format, so a script reading only the table sees it.
  for (const Section& section : report.sections) {
    if (!section.extra.contains("dropped_fraction_warnings")) continue;
    for (const Json& w : section.extra.at("dropped_fraction_warnings")) {
      fmt::print(stderr, "papbench-report compare: {}\n", dropped_differ_text(w));
    }
  }
  emit(report, format_from_name(args.format), std::cout);
  return 0;
}

// ---- tune -------------------------------------------------------------------------------------

struct TuneArgs {
  std::vector<std::string> files;
  std::string format = "table";
  std::string metric = "run_time";
  std::string pattern;
  std::string ompi_rules, mpich_json, mpich_base;
  std::string ompi_format = "classic";
  bool force = false;
  VerdictArgs verdict;
};

// The rows of the rules files tune writes.
std::vector<OptionRow> tune_output_rows(TuneArgs& args) {
  return {
      {.name = "--ompi-rules",
       .target = &args.ompi_rules,
       .help = "Write Open MPI's coll_tuned dynamic rules here (format: --ompi-format)",
       .type_name = "FILE"},
      {.name = "--ompi-format",
       .target = &args.ompi_format,
       .help = "--ompi-rules' format: classic (Open MPI 4.1 and later), v2 "
               "(rule-file-version-2, Open MPI 5.0.7+), json (Open MPI 6)",
       .accepted = {"classic", "v2", "json"},
       .show_default = true},
      {.name = "--mpich-json",
       .target = &args.mpich_json,
       .help = "Write MPICH's tuning JSON (MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE) here",
       .type_name = "FILE"},
      {.name = "--mpich-base",
       .target = &args.mpich_base,
       .help = "MPICH's own selection JSON, which every size not tuned falls back to "
               "(tools/mpich-default-selection.sh prints the installed library's)",
       .type_name = "FILE"},
      {.name = "--force",
       .target = &args.force,
       .help = "Replace existing --ompi-rules / --mpich-json files"},
  };
}

std::vector<OptionRow> tune_rows(TuneArgs& args) {
  std::vector<OptionRow> head = {
      {.name = "FILES",
       .target = &args.files,
       .help = "Result set, or a comma list of result sets, one per launch of the same "
               "experiment (forced library algorithms, papbench's own and native on the same "
               "cases): with 2+ launches the verdict is compare's launch-level one; several "
               "such arguments (one experiment each, e.g. one per replayed call site) make one "
               "tune and one rules file",
       .type_name = "FILE",
       .required = true},
      format_row(args.format),
      one_metric_row(args.metric, "The time the choice minimizes"),
      {.name = "--pattern",
       .target = &args.pattern,
       .help = "The arrival pattern whose choices go into the rules files, as the report "
               "shows it (\"uniform maxdelay=50ms\"), or all (every pattern's; a rule they "
               "disagree on keeps the default); needed when the files ran several"},
  };
  return rows_of({head, tune_output_rows(args), verdict_rows(args.verdict)});
}

// Writes `text` to `path`; check_output_file has refused an existing one without --force.
void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw Error(fmt::format("cannot write {}", path));
}

int run_tune(const TuneArgs& args) {
  // Never truncate a file that exists unless --force says so.
  const auto check_out = [&](const char* option, const std::string& path) {
    check_output_file(option, path, args.force);
    if (!args.force && std::filesystem::exists(path)) {
      throw UsageError(
          fmt::format("tune {}: '{}' exists; add --force to replace it", option, path));
    }
  };
  if (!args.ompi_rules.empty()) check_out("--ompi-rules", args.ompi_rules);
  if (!args.mpich_json.empty()) {
    check_out("--mpich-json", args.mpich_json);
    if (args.mpich_base.empty()) {
      throw UsageError(
          "tune --mpich-json: needs --mpich-base, MPICH's own selection JSON for the sizes not "
          "tuned (tools/mpich-default-selection.sh > base.json)");
    }
  }
  std::vector<std::vector<ResultFile>> groups;
  for (const std::string& files : args.files) {
    groups.push_back(open_all(split_launches("FILES", files), args.verdict.filter,
                              results::CaseData::kOnDemand));
  }
  const std::vector<ResultFile>& launches = groups.front();
  TuneOptions options;
  options.metric = metrics_from_names({args.metric}).front();
  args.verdict.apply(options.compare);
  options.pattern = args.pattern;
  const TuneResult tuned = build_tune(groups, options);
  if (!args.ompi_rules.empty()) {
    if (tuned.library != "ompi") {
      throw UsageError(fmt::format(
          "tune --ompi-rules: {} ran under {}, not Open MPI: its algorithm names are another "
          "library's; accepted: result sets of an Open MPI run",
          launches.front().path, launches.front().reader.run_info().mpi_library_version));
    }
    write_text_file(args.ompi_rules,
                    ompi_rules_text(tuned.points, *parse_ompi_rules_format(args.ompi_format)));
    fmt::print(stderr, "wrote {}\n", args.ompi_rules);
  }
  if (!args.mpich_json.empty()) {
    if (tuned.library != "mpich") {
      throw UsageError(fmt::format(
          "tune --mpich-json: {} ran under {}, not MPICH; accepted: result sets of an MPICH run",
          launches.front().path, launches.front().reader.run_info().mpi_library_version));
    }
    std::ifstream in(args.mpich_base);
    if (!in) throw UsageError(fmt::format("tune --mpich-base: cannot read '{}'", args.mpich_base));
    nlohmann::ordered_json base;
    try {
      base = nlohmann::ordered_json::parse(in);
    } catch (const nlohmann::json::exception& e) {
      throw UsageError(
          fmt::format("tune --mpich-base: '{}' is not JSON: {}", args.mpich_base, e.what()));
    }
    try {
      write_text_file(args.mpich_json, mpich_tuning_json(tuned.points, base).dump(1) + "\n");
    } catch (const std::invalid_argument& e) {
      throw UsageError(fmt::format("tune --mpich-base: {}", e.what()));
    }
    fmt::print(stderr, "wrote {}\n", args.mpich_json);
  }
  emit(tuned.report, format_from_name(args.format), std::cout);
  return 0;
}

// ---- before-after -----------------------------------------------------------------------------

struct BeforeAfterArgs {
  std::string before, after;
  std::string format = "table";
  std::vector<std::string> metrics = {"elapsed"};
  std::vector<std::string> sites;
  std::vector<double> wall_before, wall_after;
  VerdictArgs verdict;
};

std::vector<OptionRow> before_after_rows(BeforeAfterArgs& args) {
  std::vector<OptionRow> head = {
      {.name = "BEFORE",
       .target = &args.before,
       .help = "Captures of the application before the change, a comma list, one per launch",
       .type_name = "FILE",
       .required = true},
      {.name = "AFTER",
       .target = &args.after,
       .help = "Captures after it (a comma list as for BEFORE)",
       .type_name = "FILE",
       .required = true},
      {.name = "--site",
       .target = &args.sites,
       .help = "A call site as pap names it (hpcc+0x2e118; repeat or comma-list): every case "
               "of it is a row",
       .delimiter = ',',
       .required = true},
      format_row(args.format),
      metric_row(args.metrics, "compare"),
      {.name = "--wall-before",
       .target = &args.wall_before,
       .help = "The application's wall time of each BEFORE launch in seconds, a comma list",
       .checks = {{.kind = OptionCheck::Kind::kPositive}},
       .delimiter = ','},
      {.name = "--wall-after",
       .target = &args.wall_after,
       .help = "The same for each AFTER launch (with --wall-before)",
       .checks = {{.kind = OptionCheck::Kind::kPositive}},
       .delimiter = ','},
  };
  return rows_of({head, verdict_rows(args.verdict)});
}

int run_before_after(const BeforeAfterArgs& args) {
  const results::IterationFilter& filter = args.verdict.filter;
  const std::vector<ResultFile> before =
      open_all(split_launches("BEFORE", args.before), filter, results::CaseData::kOnDemand);
  const std::vector<ResultFile> after =
      open_all(split_launches("AFTER", args.after), filter, results::CaseData::kOnDemand);
  BeforeAfterOptions options;
  options.sites = args.sites;
  options.metrics = metrics_from_names(args.metrics);
  args.verdict.apply(options.compare);
  options.wall_before = args.wall_before;
  options.wall_after = args.wall_after;
  emit(build_before_after(before, after, options), format_from_name(args.format), std::cout);
  return 0;
}

// ---- export csv -------------------------------------------------------------------------------

struct ExportArgs {
  std::string file;
  std::string out;
  bool force = false;
  results::IterationFilter filter;
};

std::vector<OptionRow> export_csv_rows(ExportArgs& args) {
  return rows_of(
      {{{.name = "file",
         .target = &args.file,
         .help = "Result set (.h5)",
         .type_name = "FILE",
         .required = true},
        {.name = "--out,-o",
         .target = &args.out,
         .help = "Output file (default: standard output)",
         .type_name = "FILE"},
        {.name = "--force", .target = &args.force, .help = "Overwrite an existing --out file"}},
       filter_rows(args.filter)});
}

int run_export_csv(const ExportArgs& args) {
  const ResultFile f = open_result_file(args.file, results::CaseData::kOnDemand, args.filter);
  const std::size_t rows = export_raw_csv(f, args.out, args.force);
  if (!args.out.empty() && args.out != "-") {
    fmt::print(stderr, "wrote {} rows to {}\n", rows, args.out);
  }
  return 0;
}

// ---- table ------------------------------------------------------------------------------------

struct TableArgs {
  std::string name;
  std::vector<std::string> files;
  std::string format = "table";
  bool list = false;
  bool verdicts = false;
  results::IterationFilter filter;
};

std::vector<OptionRow> table_rows(TableArgs& args) {
  return rows_of(
      {{{.name = "name", .target = &args.name, .help = "Paper table"},
        {.name = "files", .target = &args.files, .help = "Result sets (.h5)", .type_name = "FILE"},
        {.name = "--list", .target = &args.list, .help = "List the paper tables"},
        {.name = "--verdicts",
         .target = &args.verdicts,
         .help = "No NAME: per paper artefact with trend verdicts, the rows agreeing "
                 "in sign over the given result sets"},
        format_row(args.format)},
       filter_rows(args.filter)});
}

// `table --verdicts FILES`: every view with a trend verdict column (trend_rows.hpp) over all the
// files at once, one line per view that finds its cases: rows agreeing in sign / rows with a
// verdict. A view that finds none of its cases in the files (UsageError) is no artefact here; one
// that finds them and refuses them (RefusedInputError) is named with the reason, since its
// verdicts would otherwise vanish from the list without a word.
int run_verdicts(const std::vector<std::string>& paths, const results::IterationFilter& filter) {
  const std::vector<ResultFile> files = open_all(paths, filter);
  int printed = 0;
  for (const PaperTable& t : paper_tables()) {
    if (!t.build) continue;
    Report report;
    try {
      report = t.build(files);
    } catch (const RefusedInputError& e) {
      std::cout << fmt::format("{:<18} {}: not judged: {}\n", t.name, t.source, e.what());
      ++printed;
      continue;
    } catch (const UsageError&) {
      continue;
    }
    VerdictTally tally;
    std::size_t unjudged = 0;  // rows of a verdict section without one (e.g. the same pick)
    bool has_verdicts = false;
    for (const Section& s : report.sections) {
      const auto& cols = s.table.columns;
      const auto it = std::find_if(cols.begin(), cols.end(),
                                   [](const Column& c) { return c.key == "agrees_in_sign"; });
      if (it == cols.end()) continue;
      has_verdicts = true;
      const auto k = static_cast<std::size_t>(it - cols.begin());
      for (const Row& r : s.table.rows) {
        if (k < r.cells.size() && r.cells[k].raw.is_boolean()) {
          tally.add(r.cells[k].raw.get<bool>());
        } else {
          ++unjudged;
        }
      }
    }
    if (!has_verdicts || (tally.rows == 0 && unjudged == 0)) continue;
    // A view whose rows all lack a verdict still found its cases: say so rather than drop it
    // (Nuriyev Table 3 when the model and the baseline pick the same algorithm everywhere).
    if (tally.rows == 0) {
      std::cout << fmt::format(
          "{:<18} {}: no row with a verdict ({} rows without one; see the "
          "view)\n",
          t.name, t.source, unjudged);
    } else {
      std::cout << fmt::format("{:<18} {}: {}/{} rows agree in sign\n", t.name, t.source,
                               tally.agreeing, tally.rows);
    }
    ++printed;
  }
  if (printed == 0)
    std::cout << "no paper view with a trend verdict found its cases in the files\n";
  return 0;
}

int run_table(const TableArgs& args) {
  if (args.verdicts) {  // `table --verdicts FILES...`: the first file lands in `name`
    std::vector<std::string> paths = args.files;
    if (!args.name.empty()) paths.insert(paths.begin(), args.name);
    if (paths.empty()) throw UsageError("table --verdicts: no result files given");
    return run_verdicts(paths, args.filter);
  }
  const auto tables = paper_tables();
  if (args.list || args.name.empty()) {
    if (tables.empty()) std::cout << "no paper tables are implemented yet\n";
    for (const PaperTable& t : tables) {
      std::cout << fmt::format("{:<24} {} ({})\n", t.name, t.summary, t.source);
    }
    return 0;
  }
  const PaperTable* table = find_paper_table(args.name);
  if (table == nullptr) {
    std::vector<std::string_view> names;
    for (const PaperTable& t : tables) names.push_back(t.name);
    throw UsageError(
        fmt::format("unknown paper table '{}'; available: {}", args.name,
                    names.empty() ? "none yet" : fmt::format("{}", fmt::join(names, ", "))));
  }
  if (args.files.empty()) {
    throw UsageError(fmt::format("table {}: no result files given", args.name));
  }
  if (table->build_from_paths) {  // not result sets (schedgen files): no run, no network
    emit(table->build_from_paths(args.files), format_from_name(args.format), std::cout);
    return 0;
  }
  const std::vector<ResultFile> files = open_all(args.files, args.filter);
  Report report = table->build(files);
  if (const auto emulated = network_emulations(files); !emulated.empty()) {
    const std::string text = fmt::format("EMULATED: {}", fmt::join(emulated, "; "));
    for (Section& s : report.sections) {
      s.meta.push_back({"network_emulation", "network", Cell::str(text)});
    }
  }
  emit(report, format_from_name(args.format), std::cout);
  return 0;
}

// ---- counters, pap: one file, one view --------------------------------------------------------

struct FileArgs {
  std::string file;
  std::string format = "table";
  results::IterationFilter filter;
};

std::vector<OptionRow> file_view_rows(FileArgs& args) {
  return rows_of({{{.name = "file",
                    .target = &args.file,
                    .help = "Result set (.h5)",
                    .type_name = "FILE",
                    .required = true},
                   format_row(args.format)},
                  filter_rows(args.filter)});
}

int run_file_view(const FileArgs& args, Report (*build)(const ResultFile&)) {
  emit(build(open_result_file(args.file, results::CaseData::kLoaded, args.filter)),
       format_from_name(args.format), std::cout);
  return 0;
}

int run_counters(const FileArgs& args) {
  return run_file_view(args, build_counters);
}
struct PapArgs {
  FileArgs file;
  bool suggest = false;
};

std::vector<OptionRow> pap_rows(PapArgs& args) {
  return rows_of({file_view_rows(args.file),
                  {{.name = "--suggest",
                    .target = &args.suggest,
                    .help = "On a capture (docs/CAPTURE.md): print each call site's papbench "
                            "replay command"}}});
}

int run_pap(const PapArgs& args) {
  emit(build_pap(open_result_file(args.file.file, results::CaseData::kOnDemand, args.file.filter),
                 args.suggest),
       format_from_name(args.file.format), std::cout);
  return 0;
}

// ---- model scatter-gather ---------------------------------------------------------------------

struct ModelArgs {
  std::string file;
  std::string pingpong_file;  // empty: the ping-pong cases are in `file`
  std::string format = "table";
  std::optional<double> split_bytes;
  std::string pingpong_stat = "min";
  results::IterationFilter filter;
};

std::vector<OptionRow> model_scatter_gather_rows(ModelArgs& args) {
  using Check = OptionCheck::Kind;
  std::vector<OptionRow> rows = {
      {.name = "file",
       .target = &args.file,
       .help = "Result set (.h5) with pingpong and scatter/gather cases",
       .type_name = "FILE",
       .required = true},
      format_row(args.format),
      {.name = "--pingpong",
       .target = &args.pingpong_file,
       .help = "Take the ping-pong cases from this result set instead of FILE (same machine and "
               "ranks; papbench runs one case matrix at a time)",
       .type_name = "FILE"},
      {.name = "--split",
       .target = &args.split_bytes,
       .help = "Fit two Hockney segments, messages up to and above BYTES (an eager limit)",
       .checks = {{.kind = Check::kFinite}, {.kind = Check::kPositive}}},
      {.name = "--pingpong-stat",
       .target = &args.pingpong_stat,
       .help = "Round trip that stands for a ping-pong case: min (the link without scheduler "
               "noise; Eqs. 3-8 are lower bounds) or median",
       .accepted = {"min", "median"},
       .show_default = true},
  };
  return rows_of({rows, filter_rows(args.filter)});
}

int run_model_scatter_gather(const ModelArgs& args) {
  ModelOptions options;
  options.split_bytes = args.split_bytes;
  options.pingpong_stat =
      args.pingpong_stat == "median" ? PingpongStat::kMedian : PingpongStat::kMin;
  const ResultFile file = open_result_file(args.file, results::CaseData::kLoaded, args.filter);
  if (args.pingpong_file.empty()) {
    emit(build_model_scatter_gather(file, file, options), format_from_name(args.format), std::cout);
  } else {
    const ResultFile pingpong =
        open_result_file(args.pingpong_file, results::CaseData::kLoaded, args.filter);
    emit(build_model_scatter_gather(file, pingpong, options), format_from_name(args.format),
         std::cout);
  }
  return 0;
}

// ---- model bcast ------------------------------------------------------------------------------

struct BcastModelArgs {
  std::vector<std::string> files;
  std::string format = "table";
  std::string stages = "window";
  std::string impl = "own";
  BcastModelOptions options;
  results::IterationFilter filter;
};

std::vector<OptionRow> model_bcast_rows(BcastModelArgs& args) {
  using Check = OptionCheck::Kind;
  std::vector<OptionRow> rows = {
      {.name = "files",
       .target = &args.files,
       .help = "Result sets (.h5)",
       .type_name = "FILE",
       .required = true},
      format_row(args.format),
      {.name = "--stages",
       .target = &args.stages,
       .help = "Stage cost: window (the largest NBFT active in each stage, Eqs. (9)-(13)) or "
               "globalmax (the tree's largest NBFT in every stage, as Eq. (20) implies)",
       .accepted = {"window", "globalmax"},
       .show_default = true},
      {.name = "--impl",
       .target = &args.impl,
       .help = "Whose algorithms: own (papbench's six trees) or library (native:force=NAME with "
               "Open MPI's names)",
       .accepted = {"own", "library"},
       .show_default = true},
      {.name = "--epsilon",
       .target = &args.options.epsilon,
       .help = "Huber's threshold in residual scales",
       .checks = {{.kind = Check::kFinite}, {.kind = Check::kRange, .min = 1.0001, .max = 100.0}},
       .show_default = true},
      {.name = "--segment",
       .target = &args.options.segment,
       .help = "m_s in bytes",
       .checks = {{.kind = Check::kFinite}, {.kind = Check::kPositive}},
       .show_default = true},
      {.name = "--near",
       .target = &args.options.near_percent,
       .help = "Near-optimal: within this many percent of the best",
       .checks = {{.kind = Check::kFinite}, {.kind = Check::kNonNegative}},
       .show_default = true},
      {.name = "--lambda",
       .target = &args.options.lambda,
       .help = "Also print the fitted systems' rows (Eq. (20))"},
  };
  return rows_of({rows, filter_rows(args.filter)});
}

int run_model_bcast(const BcastModelArgs& args) {
  BcastModelOptions options = args.options;
  options.global_max = args.stages == "globalmax";
  options.library = args.impl == "library";
  emit(build_model_bcast(open_all(args.files, args.filter), options), format_from_name(args.format),
       std::cout);
  return 0;
}

// ---- model intergroup -------------------------------------------------------------------------

struct IntergroupModelArgs {
  std::vector<std::string> files;
  std::string format = "table";
  std::string ka, kb, ts;  // parsed after CLI11: sizes with suffixes, a duration
  IntergroupModelOptions options;
  results::IterationFilter filter;
};

std::vector<OptionRow> model_intergroup_rows(IntergroupModelArgs& args) {
  using Check = OptionCheck::Kind;
  const OptionCheck group_size = {.kind = Check::kRange, .min = 1, .max = 0x1p40};
  std::vector<OptionRow> rows = {
      {.name = "files", .target = &args.files, .help = "Result sets (.h5)", .type_name = "FILE"},
      format_row(args.format),
      {.name = "--p",
       .target = &args.options.p,
       .help = "Size of group A (>= 1)",
       .checks = {group_size}},
      {.name = "--q",
       .target = &args.options.q,
       .help = "Size of group B (>= 1)",
       .checks = {group_size}},
      {.name = "--ka",
       .target = &args.ka,
       .help = "Group A's block in bytes (Allgatherv: nominal block), e.g. 4096 or 64Ki"},
      {.name = "--kb", .target = &args.kb, .help = "Group B's block in bytes (see --ka)"},
      {.name = "--dist",
       .target = &args.options.dist,
       .help = "Allgatherv: how the nominal blocks spread over a group's ranks (papbench's "
               "--dist; default with --setting S5-S8: the setting's)",
       .accepted = {"equal", "arith-code", "arith-literal", "uneven"}},
      {.name = "--dtype",
       .target = &args.options.dtype,
       .help = "Allgatherv: the datatype of the blocks; --dist spreads whole elements as runs "
               "do (default int)"},
      {.name = "--setting",
       .target = &args.options.setting,
       .help = "Kang 2019 §5 setting: with a shape, check it is the setting's and print the "
               "paper's Eq. (5) value beside; with files, only that setting's cases",
       .accepted = {"S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"}},
      {.name = "--ts", .target = &args.ts, .help = "t_s, a duration (e.g. 2us); with --tw"},
      {.name = "--tw",
       .target = &args.options.tw_ns_per_byte,
       .help = "t_w in ns per byte; with --ts",
       .checks = {{.kind = Check::kFinite}, {.kind = Check::kNonNegative}}},
  };
  return rows_of({rows, filter_rows(args.filter)});
}

// units.hpp's parsers say what is wrong with a value but not which option it was given to.
template <class Parse>
auto named(std::string_view option, std::string_view accepted, Parse parse) {
  try {
    return parse();
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("{}: {}; accepted: {}", option, e.what(), accepted));
  }
}

int run_model_intergroup(const IntergroupModelArgs& args) {
  constexpr std::string_view kBytes = "bytes, e.g. 4096 or 64Ki";
  IntergroupModelOptions options = args.options;
  if (!args.ka.empty())
    options.ka_bytes = named("--ka", kBytes, [&] { return parse_count(args.ka); });
  if (!args.kb.empty())
    options.kb_bytes = named("--kb", kBytes, [&] { return parse_count(args.kb); });
  if (!args.ts.empty()) {
    options.ts_ns = static_cast<double>(
        named("--ts", "a duration, e.g. 2us", [&] { return parse_duration_ns(args.ts); }));
  }
  emit(build_model_intergroup(open_all(args.files, args.filter), options),
       format_from_name(args.format), std::cout);
  return 0;
}

// ---- plot -------------------------------------------------------------------------------------

struct PlotArgs {
  std::string view;
  std::vector<std::string> files;
  std::string out;
  std::string format;  // empty: from the --out extension, else svg
  bool script = false;
  bool force = false;
  bool list = false;
  std::string metric = "run_time";
  std::string x = "auto";
  std::size_t case_index = 0;
  std::vector<int> iterations = {0};
  results::IterationFilter filter;
};

std::vector<OptionRow> plot_rows(PlotArgs& args) {
  std::vector<OptionRow> rows = {
      {.name = "view", .target = &args.view, .help = "Plot view"},
      {.name = "files", .target = &args.files, .help = "Result sets (.h5)", .type_name = "FILE"},
      {.name = "--out,-o",
       .target = &args.out,
       .help = "Figure file (.svg, .png or .pdf)",
       .type_name = "FILE"},
      {.name = "--format",
       .target = &args.format,
       .help = "Figure format (default: from the --out name)",
       .accepted = {"svg", "png", "pdf"}},
      {.name = "--script",
       .target = &args.script,
       .help = "Keep the gnuplot script and data beside the figure (NAME.gp, NAME.dat)"},
      {.name = "--force",
       .target = &args.force,
       .help = "Replace an existing figure (and, with --script, its .gp and .dat)"},
      {.name = "--list", .target = &args.list, .help = "List the plot views"},
      one_metric_row(args.metric, "Metric of metric-vs and cdf"),
      {.name = "--x",
       .target = &args.x,
       .help = "x axis of metric-vs (auto: the parameter with the most distinct values)",
       .accepted = {"auto", "count", "maxdelay", "ranks", "pattern"},
       .show_default = true},
      {.name = "--case",
       .target = &args.case_index,
       .help = "Case of arrivals, heatmap, parsons-pap, parsons-counters (numbered as in "
               "summary)",
       .show_default = true},
      {.name = "--iters",
       .target = &args.iterations,
       .help = "Comma-separated timed iterations of arrivals (at most 4)",
       .show_default = true,
       .delimiter = ','},
  };
  return rows_of({rows, filter_rows(args.filter)});
}

constexpr std::pair<std::string_view, plot::XAxis> kXAxes[] = {{"count", plot::XAxis::kCount},
                                                               {"maxdelay", plot::XAxis::kMaxDelay},
                                                               {"ranks", plot::XAxis::kRanks},
                                                               {"pattern", plot::XAxis::kPattern},
                                                               {"auto", plot::XAxis::kAuto}};

constexpr std::pair<std::string_view, plot::Format> kPlotFormats[] = {
    {"svg", plot::Format::kSvg}, {"png", plot::Format::kPng}, {"pdf", plot::Format::kPdf}};

plot::Format plot_format(const PlotArgs& args) {
  std::string name = args.format;
  if (name.empty()) {
    std::string ext = std::filesystem::path(args.out).extension().string();
    name = ext.empty() ? "svg" : ext.substr(1);
  }
  for (const auto& [n, f] : kPlotFormats) {
    if (n == name) return f;
  }
  throw UsageError(fmt::format(
      "plot: cannot tell the format from --out {}; name it .svg, .png or .pdf or give --format",
      args.out));
}

// The figure, and with --script its NAME.gp and NAME.dat: never one of the inputs, and an
// existing file only with --force (a figure is cheap to redraw, a result set is not).
void check_plot_outputs(const PlotArgs& args) {
  namespace fs = std::filesystem;
  std::vector<std::string> outs = {args.out};
  if (args.script) {
    const fs::path stem = fs::path(args.out).replace_extension();
    outs.push_back(fs::path(stem).replace_extension(".gp").string());
    outs.push_back(fs::path(stem).replace_extension(".dat").string());
  }
  for (const std::string& out : outs) {
    check_output_file("--out", out, args.force);
    std::error_code ec;
    for (const std::string& in : args.files) {
      if (fs::equivalent(in, out, ec)) {
        throw UsageError(fmt::format("--out: '{}' is the input result set '{}'", out, in));
      }
    }
    if (fs::exists(out, ec) && !args.force) {
      throw UsageError(fmt::format("--out: '{}' already exists; pass --force to replace it", out));
    }
  }
}

int run_plot(const PlotArgs& args) {
  const auto views = plot::plot_views();
  if (args.list || args.view.empty()) {
    for (const plot::PlotView& v : views) {
      std::cout << fmt::format("{:<18} {} ({})\n", v.name, v.summary, v.source);
    }
    return 0;
  }
  const plot::PlotView* view = plot::find_plot_view(args.view);
  if (view == nullptr) {
    std::vector<std::string_view> names;
    for (const plot::PlotView& v : views) names.push_back(v.name);
    throw UsageError(
        fmt::format("unknown plot view '{}'; available: {}", args.view, fmt::join(names, ", ")));
  }
  if (args.files.empty())
    throw UsageError(fmt::format("plot {}: no result files given", args.view));
  if (args.out.empty())
    throw UsageError(fmt::format("plot {}: --out FIGURE is required", args.view));
  plot::PlotOptions options;
  options.metric = metrics_from_names({args.metric}).front();
  for (const auto& [n, x] : kXAxes) {
    if (n == args.x) options.x = x;
  }
  options.case_index = args.case_index;
  options.iterations = args.iterations;
  options.filter = args.filter;
  check_plot_outputs(args);
  const plot::RenderOptions render{args.out, plot_format(args), args.script};
  plot::find_gnuplot();  // before reading the files: a missing gnuplot is the first thing to fix
  plot::render(view->build(args.files, options), render);
  fmt::print(stderr, "wrote {}{}\n", args.out,
             args.script ? " (and its .gp script and .dat data)" : "");
  return 0;
}

// ---- the subcommand table ---------------------------------------------------------------------

// One subcommand: its name and help, the group it sits under ("" for none; a group only holds
// subcommands, see kGroups), the function that declares its options into its own Args, and the
// function that runs it on them. subcommand() types a row by its Args; the Args live as long as
// the row.
struct Subcommand {
  std::string_view group;
  std::string_view name;
  std::string_view help;
  std::function<void(CLI::App&)> add_options;  // adds its rows
  std::function<int()> run;
};

template <class Args>
Subcommand subcommand(std::string_view group, std::string_view name, std::string_view help,
                      std::vector<OptionRow> (*rows_fn)(Args&), int (*run_fn)(const Args&)) {
  auto args = std::make_shared<Args>();
  return {group, name, help,
          [args, rows_fn](CLI::App& cmd) { add_option_rows(cmd, rows_fn(*args)); },
          [args, run_fn] { return run_fn(*args); }};
}

struct Group {
  std::string_view name;
  std::string_view help;
};

constexpr Group kGroups[] = {
    {"export", "Export raw data"},
    {"model", "Check a cost model of a source paper against measurements"},
};

// In --help order. A group appears where its first subcommand does.
std::vector<Subcommand> subcommands() {
  return {
      subcommand<SummaryArgs>(
          "", "summary",
          "Per case: median, 95% CI of the median, mean, sd, min and max of each metric over the "
          "timed iterations",
          summary_rows, run_summary),
      subcommand<CompareArgs>(
          "", "compare",
          "Match the cases of two result sets and compare them: B/A paired by iteration where "
          "both ran under the same planned arrivals, bootstrap 95% CI, Wilcoxon or Mann-Whitney "
          "p, and with 2+ launches a side (A1.h5,A2.h5) a launch-level verdict, Holm-adjusted",
          compare_rows, run_compare),
      subcommand<TuneArgs>(
          "", "tune",
          "Per workload, the algorithm significantly faster than the library default by "
          "compare's launch-level verdict (forced library algorithms and papbench's own), and "
          "Open MPI's coll_tuned rules / MPICH's tuning JSON that make the library run it",
          tune_rows, run_tune),
      subcommand<BeforeAfterArgs>(
          "", "before-after",
          "An application's captures before and after a change (a tuned rules file): per call "
          "site the launch-level verdict of after/before, and of its wall time (docs/TUNING.md)",
          before_after_rows, run_before_after),
      subcommand<ExportArgs>(
          "export", "csv",
          "One row per (case, iteration, rank) with every raw timestamp and counter",
          export_csv_rows, run_export_csv),
      subcommand<TableArgs>("", "table",
                            "Rebuild a table of a source paper from result sets (see --list)",
                            table_rows, run_table),
      subcommand<FileArgs>(
          "", "counters",
          "Per case and PAPI event: counter distribution and its Pearson and Spearman "
          "correlation with normalized arrival time (Parsons Figs. 3.7-3.13)",
          file_view_rows, run_counters),
      subcommand<PapArgs>(
          "", "pap",
          "Per case: PAP statistics of Parsons §3.3 (delta-bar, omega-bar, imbalance factors, "
          "First/Last per node); on a capture also per call site: time lost to imbalance",
          pap_rows, run_pap),
      subcommand<ModelArgs>(
          "model", "scatter-gather",
          "Proficz 2020 Eqs. 3-24: Hockney alpha, beta from the file's ping-pong cases, then "
          "every scatter/gather case measured vs predicted (docs/MODEL.md)",
          model_scatter_gather_rows, run_model_scatter_gather),
      subcommand<BcastModelArgs>(
          "model", "bcast",
          "Nuriyev 2022: gamma, Q and the tau-Lop parameters of each broadcast algorithm from "
          "the files' bcast cases, then the model's pick against the measured best and Open MPI "
          "3.1's decision (Tables 1-3; docs/MODEL.md)",
          model_bcast_rows, run_model_bcast),
      subcommand<IntergroupModelArgs>(
          "model", "intergroup",
          "Kang 2019: Eqs. (1)-(4) and the Eq. (5) expected improvement of intergroup "
          "Allgather(v) for a shape (--p --q --ka --kb) or for every intergroup case of FILES, "
          "t_s and t_w given or fitted to the files' ping-pong cases (docs/MODEL.md)",
          model_intergroup_rows, run_model_intergroup),
      subcommand<PlotArgs>("", "plot",
                           "Draw a figure with gnuplot: a generic view of any result set or a "
                           "paper's figure (see --list)",
                           plot_rows, run_plot),
  };
}

// The parser a subcommand of `group` is added to: the application, or the group's own
// subcommand, made (requiring one subcommand) the first time it is asked for.
CLI::App* parent_of(CLI::App& app, std::string_view group) {
  if (group.empty()) return &app;
  const auto made_before =
      app.get_subcommands([group](CLI::App* cmd) { return cmd->get_name() == group; });
  if (!made_before.empty()) return made_before.front();
  for (const Group& g : kGroups) {
    if (g.name != group) continue;
    CLI::App* made = app.add_subcommand(std::string(g.name), std::string(g.help));
    made->require_subcommand(1);
    return made;
  }
  throw std::logic_error(fmt::format("subcommand group '{}' is not in kGroups", group));
}

// A subcommand's exit code once everything it wrote to stdout has reached the file: a full disk
// or /dev/full otherwise lost the output silently with exit 0 (issue 31). The reason is known
// only when the last flush fails; an earlier failed write left just the stream's error flag.
int checked_stdout(int code) noexcept {
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int err = errno;
  if (flushed && !std::ferror(stdout) && !std::cout.fail()) return code;
  print_error(
      fmt::format("papbench-report: cannot write the output to stdout ({}); what was "
                  "written is incomplete\n",
                  err != 0 ? std::strerror(err) : "a write failed"));
  return kExitInternalError;
}

// --help-man's page (cmake/papbench_docs.cmake installs it as papbench-report(1)).
ManPageInfo man_info() {
  return {.name = "papbench-report",
          .version = "papbench " + this_version_text(),
          .date = man_page_date(),
          .see_also = {"papbench(1)", "gnuplot(1)"}};
}

// --help-completion's value lists beyond the CLI::IsMember sets (--format, --metric, ...) that it
// reads from the parser itself: the names `table --list` and `plot --list` print.
CompletionInfo completion_info() {
  // Files complete from the rows' FILE type.
  CompletionInfo info{.name = "papbench-report"};
  for (const PaperTable& t : paper_tables()) info.values["table name"].emplace_back(t.name);
  for (const plot::PlotView& v : plot::plot_views()) {
    info.values["plot view"].emplace_back(v.name);
  }
  return info;
}

int run(int argc, char** argv) {
  CLI::App app{"Summaries, comparisons and exports of papbench HDF5 result sets."};
  app.name("papbench-report");
  app.set_version_flag("--version", "papbench-report " + this_version_text());
  app.require_subcommand(1);

  const std::vector<Subcommand> table = subcommands();
  std::vector<CLI::App*> parsers;
  for (const Subcommand& s : table) {
    CLI::App* cmd =
        parent_of(app, s.group)->add_subcommand(std::string(s.name), std::string(s.help));
    s.add_options(*cmd);
    parsers.push_back(cmd);
  }
  add_doc_flags(app, {man_info, completion_info});  // hidden; print and exit 0 from parse()

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and --version exit 0 through the same path; every real parse error exits 2.
    return app.exit(e) == 0 ? 0 : kUsageExit;
  }

  try {
    for (std::size_t i = 0; i < table.size(); ++i) {
      if (parsers[i]->parsed()) return checked_stdout(table[i].run());
    }
  } catch (const UsageError& e) {
    std::cout.flush();
    print_error(fmt::format("papbench-report: {}\n", e.what()));
    return kUsageExit;
  } catch (const std::exception& e) {
    std::cout.flush();
    print_error(fmt::format("papbench-report: internal error: {}\n", e.what()));
    return kExitInternalError;
  }
  return kExitInternalError;  // require_subcommand makes this unreachable
}

}  // namespace
}  // namespace papbench::report

int main(int argc, char** argv) {
  return papbench::report::run(argc, argv);
}
