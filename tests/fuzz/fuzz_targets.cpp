#include "tests/fuzz/fuzz_targets.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "bench/run/experiment_file.hpp"
#include "bench/run/run_options.hpp"
#include "collectives/core/workload.hpp"
#include "common/units.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "imbalance/pattern_replay.hpp"
#include "results/case_metrics.hpp"
#include "results/result_set.hpp"

namespace papbench::fuzz {
namespace {

namespace fs = std::filesystem;

// Runs `parse`, swallowing the documented error; every other exception is the finding.
template <typename Error = UsageError, typename F>
void expect_only(F&& parse) {
  try {
    parse();
  } catch (const Error&) {
  }
}

void write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// --count, --compute, --maxdelay and every other list option go through these.
void run_units(std::string_view in) {
  expect_only([&] { parse_count(in); });
  expect_only([&] { parse_duration_ns(in); });
  expect_only([&] { parse_count_list(in); });
  expect_only([&] { parse_duration_list(in); });
  expect_only([&] { split_list(in); });
}

void run_alg_list(std::string_view in) {
  std::vector<std::string> collectives;
  for (const CollectiveInfo& c : collective_table()) collectives.emplace_back(c.name);
  expect_only([&] { parse_alg_list(in, collectives); });
  expect_only([&] { parse_alg_list(in, {"reduce"}); });
}

void run_pattern(std::string_view in) {
  // replay: reads a file; the replay_csv and result_set targets cover its contents.
  if (in.starts_with("replay:")) {
    expect_only([&] { validate_pattern_syntax(in); });
    return;
  }
  expect_only([&] {
    const auto p = make_pattern(in, PatternContext{4, 1, 1'000'000, 7});
    for (int it = -1; it < 3; ++it)
      for (int r = 0; r < 4; ++r) p->delay_ns(it, r);
  });
}

void run_experiment(std::string_view in) {
  for (const bool quick : {false, true}) {
    expect_only([&] {
      const Experiment e = parse_experiment(in, "fuzz.exp", quick);
      if (!e.count_totals.empty()) per_rank_counts(e.count_totals, 3);
    });
  }
}

// A whole papbench command line (one argument per input line), bound by CLI11 as main() binds
// it and then checked; CLI11's ParseError is main()'s other exit-2 path.
void run_command_line(std::string_view in) {
  std::vector<std::string> args;
  for (std::size_t start = 0; start <= in.size();) {
    const std::size_t end = std::min(in.find('\n', start), in.size());
    args.emplace_back(in.substr(start, end - start));
    start = end + 1;
  }
  CLI::App app("papbench");
  RawRunOptions raw;
  add_run_options(app, raw);
  std::reverse(args.begin(), args.end());  // CLI11 takes a vector in reverse order
  try {
    app.parse(args);
  } catch (const CLI::ParseError&) {
    return;
  }
  expect_only([&] { parse_run_options(raw); });
}

void run_replay_csv(std::string_view in) {
  const std::string path = scratch_path("replay.csv");
  write_file(path, in);
  expect_only([&] {
    const auto p = make_pattern("replay:" + path, PatternContext{4, 0, 0, 1});
    for (int it = -3; it < 5; ++it)
      for (int r = 0; r < 4; ++r) p->delay_ns(it, r);
  });
}

// What papbench-report and replay:FILE.h5 do with a result set: read it, then derive every
// metric of every case.
void run_result_set(std::string_view in) {
  const std::string path = scratch_path("result.h5");
  write_file(path, in);
  expect_only<results::FormatError>([&] {
    const results::ResultReader reader(path);
    for (const results::CaseRecord& c : reader.cases()) {
      const auto kept = results::select_iterations(c, {});
      for (const results::Metric m : results::kAllMetrics) results::metric_series(c, m, kept);
    }
  });
  expect_only([&] { make_pattern("replay:" + path, PatternContext{2, 0, 0, 1}); });
}

std::vector<std::string> unit_words() {
  return {"ns", "us", "ms", "s",  "K",  "Ki", "M",  "Mi",         "G",
          "Gi", ":",  ",",  ":x", ":+", "x2", "+1", "x1.0000001", "."};
}

std::vector<std::string> experiment_words() {
  std::vector<std::string> words = {"name = ",
                                    "\ncount = ",
                                    "\nalg = ",
                                    "\npattern = ",
                                    "quick.",
                                    "app",
                                    "app.",
                                    "/P",
                                    " # ",
                                    "=",
                                    "\n",
                                    "nodes = ",
                                    "ppn = ",
                                    "\niters = ",
                                    "true",
                                    "replay:x.h5#2",
                                    "late:root:1ms",
                                    "compute:40k",
                                    "radixk:radix=",
                                    "maxdelay = "};
  for (const auto& w : unit_words()) words.push_back(w);
  return words;
}

const std::vector<Target>& target_table() {
  static const std::vector<Target> table = {
      {"units", run_units, unit_words(), 4000},
      {"alg_list",
       run_alg_list,
       {"native", "radixk", "radix=", ":", ",", "=", "auto", "clairvoyant",
        "segments=", "force=", "binomial", "k=v", "ring"},
       3000},
      {"pattern",
       run_pattern,
       {"late:", "root", ":", "compute:", "k", "M", "ms", "us", "uniform", "none", "ramp",
        "replay:"},
       3000},
      {"experiment", run_experiment, experiment_words(), 2500},
      {"command_line",
       run_command_line,
       {"\n--count\n", "\n--alg\n", "\n--pattern\n", "\n--maxdelay\n", "\n--inject-clock-drift\n",
        "\n--iters\n", "\n--seed\n", "nan", "-1", "\n--dtype\n", "\n--groups\n", "1:1",
        "\n--validate-every\n", "\n--virtual-ppn\n", "\n--margin\n", "\n--resync\n"},
       2500},
      {"replay_csv",
       run_replay_csv,
       {",", "\n", "#", "-", "9223372036854775807", "\r\n", " "},
       1500},
      {"result_set", run_result_set, {}, 600},
  };
  return table;
}

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("papbench-fuzz-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

}  // namespace

std::span<const Target> targets() {
  return target_table();
}

const Target* find_target(std::string_view name) {
  const auto& t = target_table();
  const auto it = std::find_if(t.begin(), t.end(), [&](const Target& x) { return x.name == name; });
  return it == t.end() ? nullptr : &*it;
}

std::string scratch_path(std::string_view file_name) {
  static const Scratch scratch;
  return (scratch.dir / file_name).string();
}

}  // namespace papbench::fuzz
