// `app = fft` experiment files (bench/run/experiment_file + bench/fft/fft_experiment): the app.*
// keys reach `papbench app fft`, quick.app.* replaces them, and mistakes name the file and line.
#include "bench/fft/fft_experiment.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench/run/experiment_file.hpp"
#include "bench/run/run_options.hpp"
#include "common/units.hpp"
#include "tests/unit/usage_error_message.hpp"

namespace papbench {
namespace {

constexpr std::string_view kFile =
    "name = fft-test\n"
    "app = fft\n"
    "app.n = 1Ki\n"
    "quick.app.iters = 2\n"
    "app.iters = 50\n"
    "app.validate = true\n";

TEST(FftExperiment, AppKeysAndQuickOverrides) {
  const Experiment full = parse_experiment(kFile, "t.exp", false);
  EXPECT_EQ(full.app, "fft");
  ASSERT_EQ(full.app_options.size(), 3u);
  EXPECT_EQ(full.app_options.at("iters").value, "50");
  EXPECT_EQ(full.app_options.at("iters").line, 5);
  const Experiment quick = parse_experiment(kFile, "t.exp", true);
  EXPECT_EQ(quick.app_options.at("iters").value, "2");
  EXPECT_EQ(quick.app_options.at("n").value, "1Ki");
}

TEST(FftExperiment, MistakesNameTheLine) {
  EXPECT_EQ(usage_error([] { parse_experiment("name = x\napp = ffx\n", "t.exp", false); }),
            "t.exp:2: app: 'ffx' is not accepted; accepted: fft");
  EXPECT_EQ(usage_error([] { parse_experiment("name = x\napp.n = 4\n", "t.exp", false); }),
            "t.exp:2: app.n: needs 'app = fft'");
  EXPECT_EQ(
      usage_error([] { parse_experiment("name = x\napp = fft\niters = 4\n", "t.exp", false); }),
      "t.exp:3: iters: run keys do not apply to app = fft; set its app.<option> keys");
}

class FftExperimentFile : public ::testing::Test {
 protected:
  void SetUp() override {
    // One file per test process: ctest runs these tests in parallel processes, which can start
    // within the same millisecond (gtest's time-based random seed then repeats).
    path_ = std::filesystem::temp_directory_path() /
            fmt::format("papbench-fft-exp-{}-{}.exp", ::getpid(),
                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  void TearDown() override { std::filesystem::remove(path_); }
  void write(std::string_view text) {
    std::FILE* f = std::fopen(path_.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(std::string(text).c_str(), f);
    std::fclose(f);
  }
  // Parses a papbench command line and asks for the FFT options it implies.
  std::optional<RawFftOptions> from(std::vector<std::string> args) {
    CLI::App app;
    add_run_options(app, raw_);
    add_experiment_options(app, choice_);
    std::reverse(args.begin(), args.end());
    app.parse(args);
    return fft_from_experiment(app, choice_, raw_);
  }
  std::filesystem::path path_;
  RawRunOptions raw_;
  ExperimentChoice choice_;
};

TEST_F(FftExperimentFile, KeysBecomeOptionsAndTheCommandLineKeepsOut) {
  write(kFile);
  const auto fft = from({"--experiment", path_.string(), "--out", "r.h5", "--progress", "never"});
  ASSERT_TRUE(fft.has_value());
  EXPECT_EQ(fft->n, "1Ki");
  EXPECT_EQ(fft->iters, 50);
  EXPECT_TRUE(fft->validate);
  EXPECT_EQ(fft->out, "r.h5");
  EXPECT_TRUE(fft->quiet);
  EXPECT_EQ(fft->reps, RawFftOptions{}.reps);  // not in the file: the command's default
}

TEST_F(FftExperimentFile, OtherRunOptionsAreRefused) {
  write(kFile);
  EXPECT_EQ(usage_error([&] {
              from({"--experiment", path_.string(), "--iters", "3"});
            }).rfind("--iters: does not apply to the app = fft experiment", 0),
            0u);
}

TEST_F(FftExperimentFile, BadValuesAndKeysNameTheLine) {
  write("name = x\napp = fft\napp.iters = many\n");
  EXPECT_EQ(usage_error([&] {
              from({"--experiment", path_.string()});
            }),
            path_.string() + ":3: app.iters: 'many' is not accepted; accepted: an integer");
  write("name = x\napp = fft\napp.bogus = 1\n");
  EXPECT_NE(usage_error([&] {
              from({"--experiment", path_.string()});
            }).find(":3: unknown key 'app.bogus'; accepted for app = fft: app.gather-alg"),
            std::string::npos);
}

TEST_F(FftExperimentFile, PlainExperimentsAreNotTheApplications) {
  write("name = x\ncollective = gather\n");
  EXPECT_FALSE(from({"--experiment", path_.string()}).has_value());
  EXPECT_FALSE(from({}).has_value());
}

}  // namespace
}  // namespace papbench
