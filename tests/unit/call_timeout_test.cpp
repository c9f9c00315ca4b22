// --call-timeout: how it parses (command line and experiment file) and the timeout each case
// gets. The watchdog itself is tested end to end (tests/e2e/call_timeout.sh).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bench/run/call_watchdog.hpp"
#include "bench/run/experiment_file.hpp"
#include "bench/run/run_options.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "tests/unit/usage_error_message.hpp"

namespace papbench {
namespace {

using Timeout = Setting<std::int64_t>;

Timeout parsed(const std::string& text) {
  RawRunOptions raw;
  raw.call_timeout = text;
  return parse_run_options(raw).call_timeout;
}

TEST(CallTimeout, ParsesAutoZeroAndDurations) {
  EXPECT_EQ(parse_run_options(RawRunOptions{}).call_timeout, Timeout::automatic());
  EXPECT_EQ(parsed("auto"), Timeout::automatic());
  EXPECT_EQ(parsed("0"), Timeout::off());
  EXPECT_EQ(parsed("0s"), Timeout::off());  // a zero duration is no watchdog, as 0 is
  EXPECT_EQ(parsed("2s"), Timeout::of(2'000'000'000));
  EXPECT_EQ(parsed("1500ms"), Timeout::of(1'500'000'000));
}

TEST(CallTimeout, BadValuesNameTheOptionAndTheAcceptedValues) {
  for (const char* bad : {"abc", "5", "-1s", "1h", ""}) {
    const std::string what = usage_error([&] { parsed(bad); });
    EXPECT_TRUE(what.starts_with(fmt::format("--call-timeout: '{}' is not accepted", bad))) << what;
    EXPECT_NE(what.find("auto"), std::string::npos) << what;
    EXPECT_NE(what.find("0 (no watchdog)"), std::string::npos) << what;
  }
}

TEST(CallTimeout, ExperimentFileKey) {
  const Experiment e = parse_experiment("name = t\ncall-timeout = 90s\n", "t.exp", false);
  EXPECT_EQ(e.raw.call_timeout, "90s");
  const std::string what =
      usage_error([] { parse_experiment("name = t\ncall-timeout = soon\n", "t.exp", false); });
  EXPECT_TRUE(what.starts_with("t.exp:2: --call-timeout: 'soon'")) << what;
}

TEST(CallTimeout, AutoIsTenTimesTheLongestLegitimateWaitPlusAMinute) {
  constexpr std::int64_t kMinute = 60'000'000'000;
  EXPECT_EQ(case_call_timeout_ns(Timeout::automatic(), 0, 0), kMinute);
  EXPECT_EQ(case_call_timeout_ns(Timeout::automatic(), 50'000'000, 1'000'000),
            10 * 51'000'000 + kMinute);
  EXPECT_EQ(case_call_timeout_ns(Timeout::of(2'000'000'000), 50'000'000, 1'000'000), 2'000'000'000);
  EXPECT_EQ(case_call_timeout_ns(Timeout::off(), 50'000'000, 1'000'000), 0);  // no watchdog
  // The longest durations the parser takes saturate instead of overflowing.
  EXPECT_EQ(case_call_timeout_ns(Timeout::automatic(), 1'000'000'000'000'000'000,
                                 1'000'000'000'000'000'000),
            100'000'000'000'000'000);
}

// The refill of the buffers between two calls is not the call's: the start agreement, where the
// others wait for a rank still refilling, allows 20 s per GiB the node fills beside the call's
// limit (issue 43: with the call's limit alone, a gather root's refill of 16 GiB ended as a CALL
// TIMEOUT). A small case keeps the call's limit, give or take a millisecond.
TEST(CallTimeout, StartAgreementAllowsTheRefillBesideTheCall) {
  const std::int64_t call = 5'000'000'000;  // --call-timeout 5s
  EXPECT_EQ(start_agreement_timeout_ns(call, 0), call);
  EXPECT_LT(start_agreement_timeout_ns(call, 3 * 4096), call + 1'000'000);
  EXPECT_EQ(start_agreement_timeout_ns(call, 1ULL << 30), call + 2 * kSetupNsPerGiB);
  EXPECT_EQ(start_agreement_timeout_ns(call, 16ULL << 30), call + 32 * kSetupNsPerGiB);
  // Saturates rather than overflows, and never below what --call-timeout says.
  EXPECT_GT(start_agreement_timeout_ns(call, UINT64_MAX), 1'000'000'000'000'000'000 / 100);
  const std::int64_t huge = 900'000'000'000'000'000;
  EXPECT_GE(start_agreement_timeout_ns(huge, UINT64_MAX), huge);
}

TEST(CallTimeout, PatternsKnowTheirLargestDelay) {
  const PatternContext ctx{.size = 4, .root = 0, .maxdelay_ns = 50'000'000, .seed = 1};
  // A late rank's own delay, not --maxdelay, bounds the wait.
  EXPECT_EQ(make_pattern("late:2:3s", ctx)->max_delay_ns(), 3'000'000'000);
  EXPECT_EQ(make_pattern("late:2", ctx)->max_delay_ns(), 50'000'000);
  EXPECT_EQ(make_pattern("none", ctx)->max_delay_ns(), 0);
  EXPECT_EQ(make_pattern("compute:10", ctx)->max_delay_ns(), 0);
  for (const char* spec : {"uniform", "normal", "exponential", "ramp"}) {
    const auto p = make_pattern(spec, ctx);
    std::int64_t largest = 0;
    for (int it = -3; it < 200; ++it)
      for (int r = 0; r < ctx.size; ++r) largest = std::max(largest, p->delay_ns(it, r));
    EXPECT_LE(largest, p->max_delay_ns()) << spec;
    EXPECT_EQ(p->max_delay_ns(), ctx.maxdelay_ns) << spec;
  }
}

TEST(CallTimeout, ReplayPatternKnowsItsLargestDelay) {
  const auto path = std::filesystem::temp_directory_path() / "papbench_call_timeout_replay.csv";
  std::ofstream(path) << "0,5000\n7000,1000\n";
  const PatternContext ctx{.size = 2, .root = 0, .maxdelay_ns = 0, .seed = 1};
  EXPECT_EQ(make_pattern("replay:" + path.string(), ctx)->max_delay_ns(), 7000);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace papbench
