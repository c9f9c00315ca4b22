#include "bench/run/experiment_file.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/units.hpp"
#include "tests/unit/usage_error_message.hpp"

namespace papbench {
namespace {

constexpr const char* kExample = R"(# Proficz 2020, Fig. 14 baseline
name = example
paper = Proficz 2020   # trailing comment
nodes = 4, 8
ppn = 1
collective = scatter
alg = native
count = 128Ki:2Mi:x2
dtype = float
maxdelay = 0,1ms,50ms
compute = 200ms
sync = barrier
iters = 256
warmup = 0
shuffle = yes
quick.compute = 10ms
quick.processes = 4
)";

// The run options of `--experiment FILE ARGS` with FILE (in the temporary directory, removed
// again) holding `text`.
RawRunOptions run_options_with_file(const std::string& text, const std::string& file,
                                    std::string_view args) {
  const auto path = std::filesystem::temp_directory_path() / file;
  {
    std::ofstream out(path);
    out << text;
  }
  CLI::App app;
  RawRunOptions raw;
  add_run_options(app, raw);
  ExperimentChoice choice;
  add_experiment_options(app, choice);
  app.parse(fmt::format("--experiment {} {}", path.string(), args), false);
  apply_experiment_options(app, choice, raw);
  std::filesystem::remove(path);
  return raw;
}

TEST(ExperimentFile, ParsesMetadataAndRunKeys) {
  const Experiment e = parse_experiment(kExample, "ex.exp", false);
  EXPECT_EQ(e.name, "example");
  EXPECT_EQ(e.paper, "Proficz 2020");
  EXPECT_EQ(e.nodes, (std::vector<int>{4, 8}));
  EXPECT_EQ(e.ppn, 1);
  EXPECT_EQ(e.quick_processes, 4);
  EXPECT_EQ(e.raw.collective, "scatter");
  EXPECT_EQ(e.raw.count, "128Ki:2Mi:x2");
  EXPECT_EQ(e.raw.compute, "200ms");
  EXPECT_EQ(e.raw.iters, 256);
  EXPECT_EQ(e.raw.warmup, 0);
  EXPECT_TRUE(e.raw.shuffle);
  EXPECT_EQ(e.raw.op, RawRunOptions{}.op);  // unset keys keep the CLI defaults
}

TEST(ExperimentFile, QuickScalesIterationsAndAppliesQuickKeys) {
  const Experiment e = parse_experiment(kExample, "ex.exp", true);
  EXPECT_EQ(e.raw.iters, 25);
  EXPECT_EQ(e.raw.warmup, 0);
  EXPECT_EQ(e.raw.compute, "10ms");
  const Experiment small = parse_experiment("name = s\niters = 5\nquick.warmup = 2\n", "s", true);
  EXPECT_EQ(small.raw.iters, 3);  // never below 3
  EXPECT_EQ(small.raw.warmup, 2);
}

TEST(ExperimentFile, ErrorsNameFileLineAndAcceptedValues) {
  struct Bad {
    const char* text;
    const char* expected;
  };
  const Bad cases[] = {
      {"name = x\nbogus = 1\n", "bad.exp:2: unknown key 'bogus'; accepted: name,"},
      {"name = x\n\nquick.bogus = 1\n", "bad.exp:3: unknown key 'quick.bogus'"},
      {"name = x\nmaxdelay 5ms\n", "bad.exp:2: expected 'key = value'"},
      {"name = x\nalg =\n", "bad.exp:2: alg: empty value"},
      {"name = x\niters = 3\niters = 4\n", "bad.exp:3: 'iters' is already set on line 2"},
      {"name = x\niters = many\n", "bad.exp:2: iters: 'many' is not a non-negative integer"},
      {"name = x\nshuffle = maybe\n", "bad.exp:2: shuffle: 'maybe' is not accepted; accepted:"},
      {"name = x\nnodes = 4,0\n", "bad.exp:2: nodes: '0' is not a positive integer"},
      {"name = a b\n", "bad.exp:1: name: 'a b' may only hold"},
      {"paper = p\n", "bad.exp: missing the required key 'name'"},
      {"name = x\n# c\nsync = never\n",
       "bad.exp:3: --sync: 'never' is not accepted; accepted: "
       "window, barrier"},
      {"name = x\ncollective = reduce\ncollective = x\n", "bad.exp:3: 'collective' is already"},
      {"name = x\ncollective = nosuch\n",
       "bad.exp:2: --collective: 'nosuch' is not a collective; accepted: reduce"},
      {"name = x\nmaxdelay = 5\n", "bad.exp:2: --maxdelay:"},
      {"name = x\nquick.maxdelay = 5\n", ""},  // quick keys are checked only by --quick runs
  };
  for (const auto& c : cases) {
    const std::string what = usage_error([&] { parse_experiment(c.text, "bad.exp", false); });
    if (std::string(c.expected).empty()) {
      EXPECT_EQ(what, "") << c.text;
    } else {
      EXPECT_TRUE(what.starts_with(c.expected)) << c.text << "\n got: " << what;
    }
  }
  EXPECT_TRUE(usage_error([] {
                parse_experiment("name = x\nquick.maxdelay = 5\n", "q.exp", true);
              }).starts_with("q.exp:2: --maxdelay:"));
}

// Every run option a file may set (run_option_specs()) is a key that reads like the command line:
// a file `KEY = SAMPLE` and `--KEY SAMPLE` give the same member, or the same error, which the file
// prefixes with its line. A flag's key takes `true`. The others are unknown keys.
TEST(ExperimentFile, EveryRunOptionIsAKeyAsOnTheCommandLine) {
  int keys = 0;
  for (const RunOptionSpec& spec : run_option_specs()) {
    SCOPED_TRACE(spec.name);
    const bool flag = std::holds_alternative<bool RawRunOptions::*>(spec.member);
    const std::string key(spec.name.substr(2));
    const std::string text = fmt::format("name = x\n{} = {}\n", key, flag ? "true" : spec.sample);
    if (experiment_key(spec).empty()) {
      EXPECT_FALSE(spec.not_in_files.empty());
      EXPECT_TRUE(usage_error([&] {
                    parse_experiment(text, "k.exp", false);
                  }).starts_with(fmt::format("k.exp:2: unknown key '{}'", key)));
      continue;
    }
    ++keys;
    EXPECT_EQ(experiment_key(spec), key);
    RawRunOptions cli;
    CLI::App app;
    add_run_options(app, cli);
    app.parse(flag ? std::string(spec.name) : fmt::format("{} {}", spec.name, spec.sample), false);
    const std::string cli_error = usage_error([&] { parse_run_options(cli); });
    Experiment e;
    const std::string file_error = usage_error([&] { e = parse_experiment(text, "k.exp", false); });
    if (cli_error.empty()) {
      EXPECT_EQ(file_error, "");
      EXPECT_EQ(run_option_text(spec, e.raw), run_option_text(spec, cli));
      EXPECT_EQ(e.run_key_lines.at(key), 2);
    } else {
      EXPECT_EQ(file_error, fmt::format("k.exp:2: {}", cli_error));
    }
  }
  EXPECT_GE(keys, 30);
  // The unknown-key message lists each key once.
  const std::string what =
      usage_error([] { parse_experiment("name = x\nbogus = 1\n", "b", false); });
  for (const RunOptionSpec& spec : run_option_specs()) {
    if (experiment_key(spec).empty()) continue;
    const std::string item = fmt::format(" {},", experiment_key(spec));
    const auto first = what.find(item);
    EXPECT_NE(first, std::string::npos) << spec.name;
    EXPECT_EQ(what.find(item, first + 1), std::string::npos) << spec.name;
  }
}

// docs/REPRODUCING.md lists the run keys and the options files may not set; it had drifted from
// the code once (thread-level missing), so every run option must be named there in backticks.
TEST(ExperimentFile, TheFormatDocumentNamesEveryRunOption) {
  std::ifstream in(std::filesystem::path(PAPBENCH_SOURCE_DIR) / "docs/REPRODUCING.md");
  ASSERT_TRUE(in) << "cannot read docs/REPRODUCING.md";
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const auto from = doc.find("- **Run keys**");
  const auto to = doc.find("- **`count = LIST/P`**", from);
  ASSERT_NE(to, std::string::npos) << "the Run keys item of docs/REPRODUCING.md moved";
  const std::string item = doc.substr(from, to - from);
  for (const RunOptionSpec& spec : run_option_specs()) {
    const std::string_view key = spec.name.substr(2);
    const bool named =
        item.find(fmt::format("`{}`", key)) != std::string::npos ||
        (key.starts_with("inject-clock-") && item.find("`inject-clock-*`") != std::string::npos);
    EXPECT_TRUE(named) << key << " is not in the Run keys item of docs/REPRODUCING.md";
  }
}

TEST(ExperimentFile, CommandLineOverridesTheFile) {
  const RawRunOptions raw =
      run_options_with_file("name = t\ncollective = bcast\nmaxdelay = 5ms\niters = 7\n",
                            "papbench-experiment-test.exp", "--iters 9");
  EXPECT_EQ(raw.collective, "bcast");
  EXPECT_EQ(raw.maxdelay, "5ms");
  EXPECT_EQ(raw.iters, 9);
}

TEST(ExperimentFile, AlgorithmOptionsAndPatKeys) {
  const std::string text =
      "name = clv\ncollective = reduce\nalg = clairvoyant,radixk\nradix = 3\n"
      "clv-segments = 8\nquick.clv-segments = 2\npat-source = oracle\nbg-thread = on\n";
  Experiment e = parse_experiment(text, "a.exp", false);
  EXPECT_EQ(e.raw.alg_options.at("--radix"), "3");
  EXPECT_EQ(e.raw.alg_options.at("--clv-segments"), "8");
  EXPECT_EQ(e.raw.pat_source, "oracle");
  EXPECT_EQ(e.raw.bg_thread, "on");
  e = parse_experiment(text, "a.exp", true);
  EXPECT_EQ(e.raw.alg_options.at("--clv-segments"), "2");
  // Checked by the command line's own rules, pointing at the file's line.
  EXPECT_TRUE(usage_error([] {
                parse_experiment("name = x\nalg = clairvoyant\nclv-segments = 0\n", "b.exp", false);
              }).starts_with("b.exp:3: --clv-segments:"));
  EXPECT_TRUE(usage_error([] {
                parse_experiment("name = x\nalg = native\nradix = 4\n", "c.exp", false);
              }).starts_with("c.exp:3: --radix:"));

  // The command line overrides the file's algorithm options, option by option.
  const RawRunOptions raw = run_options_with_file(text, "papbench-experiment-alg.exp", "--radix 5");
  EXPECT_EQ(raw.alg_options.at("--radix"), "5");
  EXPECT_EQ(raw.alg_options.at("--clv-segments"), "8");
  EXPECT_EQ(raw.pat_source, "oracle");
}

TEST(ExperimentFile, QuickNeedsAnExperimentAndMissingFilesAreNamed) {
  RawRunOptions raw;
  CLI::App app;
  EXPECT_EQ(usage_error([&] {
              apply_experiment_options(app, {"", true}, raw);
            }),
            "--quick: needs --experiment FILE");
  EXPECT_EQ(usage_error([] { load_experiment("/nonexistent/x.exp", false); }),
            "--experiment: cannot read '/nonexistent/x.exp'");
}

TEST(ExperimentFile, ShippedExperimentsParse) {
  const std::filesystem::path dir = std::filesystem::path(PAPBENCH_SOURCE_DIR) / "jobs/experiments";
  int n = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    if (f.path().extension() != ".exp") continue;
    ++n;
    for (bool quick : {false, true}) {
      EXPECT_EQ(usage_error([&] { load_experiment(f.path().string(), quick); }), "") << f.path();
    }
  }
  EXPECT_GE(n, 3);
}

}  // namespace
}  // namespace papbench
