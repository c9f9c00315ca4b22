#include "bench/run/run_options.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "bench/run/case_matrix.hpp"
#include "bench/run/case_runner.hpp"
#include "bench/run/run_command.hpp"
#include "bench/run/run_order.hpp"
#include "bench/run/size_checks.hpp"
#include "collectives/core/registry.hpp"
#include "common/units.hpp"
#include "results/arrival_error.hpp"
#include "tests/unit/usage_error_message.hpp"

namespace papbench {
namespace {

TEST(RunOptions, DefaultsParse) {
  RunOptions o = parse_run_options(RawRunOptions{});
  EXPECT_EQ(o.collectives, std::vector<std::string>{"reduce"});
  EXPECT_EQ(o.counts, std::vector<std::uint64_t>{1024});
  EXPECT_EQ(o.iters, 30);
  EXPECT_EQ(o.syncs, std::vector<StartSync>{StartSync::kWindow});
  EXPECT_EQ(o.clock.resync_ns, 1'000'000'000);
}

// --- the table of run options (bench/run/run_option_spec.hpp), walked ----------------------------

bool is_flag(const RunOptionSpec& s) {
  return std::holds_alternative<bool RawRunOptions::*>(s.member);
}

// How the option reads in a fresh RawRunOptions: its default, as run_option_text writes it.
std::string default_text(const RunOptionSpec& s) {
  if (is_flag(s)) return "off";
  return std::string(s.default_value.empty() ? s.implied : s.default_value);
}

std::size_t occurrences(std::string_view text, std::string_view part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string_view::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(RunOptionSpecs, EachIsNamedOnceWithHelpGroupParserAndSample) {
  std::set<std::string_view> names;
  for (const RunOptionSpec& s : run_option_specs()) {
    SCOPED_TRACE(s.name);
    EXPECT_TRUE(s.name.starts_with("--"));
    EXPECT_TRUE(names.insert(s.name).second) << "declared twice";
    EXPECT_EQ(find_run_option(s.name), &s);
    EXPECT_FALSE(s.help.empty());
    EXPECT_FALSE(s.group.empty());
    EXPECT_NE(s.parse, nullptr);
    // The tests below set each option to its sample: a value, except for a flag (turned on).
    EXPECT_EQ(s.sample.empty(), is_flag(s));
    if (!is_flag(s)) {
      EXPECT_NE(s.sample, default_text(s));
    }
    // `implied` is for an option that starts empty, and its help names it through {default}.
    if (!s.implied.empty()) {
      EXPECT_TRUE(s.default_value.empty());
    }
    EXPECT_EQ(occurrences(s.help, "{default}"), s.implied.empty() ? 0u : 1u);
  }
  // The algorithms' shorthand flags are options of the same command.
  for (const AlgOptionSpec* a : option_shorthands()) EXPECT_EQ(find_run_option(a->flag), nullptr);
  EXPECT_EQ(find_run_option("--no-such-option"), nullptr);
}

// Each default is written once, in the table: a fresh RawRunOptions holds it, and --help shows it
// once, from the table (CLI11's "=DEFAULT", or the help's {default}).
TEST(RunOptionSpecs, EachDefaultComesFromTheTableAndHelpShowsItOnce) {
  const RawRunOptions fresh;
  RawRunOptions raw;
  CLI::App app;
  add_run_options(app, raw);
  const std::string help = app.help();
  for (const RunOptionSpec& s : run_option_specs()) {
    SCOPED_TRACE(s.name);
    EXPECT_EQ(run_option_text(s, fresh), default_text(s));
    const CLI::Option* option = app.get_option(std::string(s.name));
    EXPECT_EQ(option->get_description(), run_option_help(s));
    EXPECT_EQ(option->get_default_str(), s.hide_default ? "" : s.default_value);
    EXPECT_EQ(option->get_group(), s.group);
    if (!s.implied.empty()) {
      EXPECT_EQ(occurrences(run_option_help(s), s.implied), 1u);
    }
    EXPECT_EQ(occurrences(help, fmt::format("\n  {} ", s.name)), 1u) << help;
  }
  EXPECT_NO_THROW(parse_run_options(fresh));
}

// The command line sets each option's member, and only that one.
TEST(RunOptionSpecs, EachReachesItsMemberFromTheCommandLine) {
  for (const RunOptionSpec& s : run_option_specs()) {
    SCOPED_TRACE(s.name);
    RawRunOptions raw;
    CLI::App app;
    add_run_options(app, raw);
    app.parse(is_flag(s) ? std::string(s.name) : fmt::format("{} {}", s.name, s.sample), false);
    for (const RunOptionSpec& other : run_option_specs()) {
      const std::string expected = &other != &s ? default_text(other)
                                   : is_flag(s) ? std::string("on")
                                                : std::string(s.sample);
      EXPECT_EQ(run_option_text(other, raw), expected) << other.name;
    }
  }
}

TEST(RunOptions, BadValuesNameTheOptionAndTheAcceptedValues) {
  struct Bad {
    void (*set)(RawRunOptions&);
    const char* option;
    const char* accepted;
  };
  const Bad cases[] = {
      {[](RawRunOptions& r) { r.collective = "redcue"; }, "--collective", "allreduce"},
      {[](RawRunOptions& r) { r.alg = "magic"; }, "--alg", "native"},
      {[](RawRunOptions& r) { r.count = "12Q"; }, "--count", "Ki"},
      {[](RawRunOptions& r) { r.dtype = "complex"; }, "--dtype", "double"},
      {[](RawRunOptions& r) { r.op = "avg"; }, "--op", "sum"},
      {[](RawRunOptions& r) { r.maxdelay = "50"; }, "--maxdelay", "ms"},
      {[](RawRunOptions& r) { r.compute = "1h"; }, "--compute", "ms"},
      {[](RawRunOptions& r) { r.pattern = "zipf"; }, "--pattern", "uniform"},
      {[](RawRunOptions& r) { r.sync = "clock"; }, "--sync", "window, barrier"},
      {[](RawRunOptions& r) { r.resync = "soon"; }, "--resync", "ms"},
      {[](RawRunOptions& r) { r.root = "-1"; }, "--root", "integer"},
      {[](RawRunOptions& r) { r.groups = "3"; }, "--groups", "p:q"},
      {[](RawRunOptions& r) { r.progress = "loud"; }, "--progress", "auto, always, never"},
      {[](RawRunOptions& r) { r.counters_domain = "os"; }, "--counters-domain", "kernel"},
      {[](RawRunOptions& r) { r.iters = 0; }, "--iters", "at least 1"},
      {[](RawRunOptions& r) {
         r.op = "band";
         r.dtype = "float";
       },
       "--op", "integer"},
  };
  for (const Bad& b : cases) {
    RawRunOptions raw;
    b.set(raw);
    const std::string what = usage_error([&] { parse_run_options(raw); });
    EXPECT_NE(what.find(b.option), std::string::npos) << b.option << ": " << what;
    EXPECT_NE(what.find(b.accepted), std::string::npos) << b.option << ": " << what;
  }
}

TEST(RunOptions, RadixOnlyForRadixk) {
  RawRunOptions raw;
  EXPECT_TRUE(parse_run_options(raw).alg_options.empty());  // the algorithm's default
  raw.alg_options["--radix"] = "3";
  const std::string what = usage_error([&] { parse_run_options(raw); });
  EXPECT_NE(what.find("--radix"), std::string::npos) << what;
  EXPECT_NE(what.find("only reduce/radixk takes it; add it to --alg"), std::string::npos) << what;
  raw.alg = "native,radixk";
  EXPECT_EQ(parse_run_options(raw).alg_options.at("--radix"), "3");
  raw.alg_options["--radix"] = "1";
  EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("an integer >= 2"),
            std::string::npos);
}

// Each algorithm option: a value it accepts (and its canonical form), values it refuses with a
// message naming the option and the accepted values, and the algorithm it needs in --alg.
TEST(RunOptions, AlgorithmOptionsAreCheckedAgainstTheTable) {
  struct Option {
    const char* option;
    const char* collective;
    const char* alg;
    const char* good;
    const char* canonical;
    std::vector<const char*> bad;
    const char* accepted;
  };
  const Option options[] = {
      {"--radix", "reduce", "radixk", "8", "8", {"1", "x", "-3"}, "integer >= 2"},
      {"--ls-first-segment", "gather", "ls", "4Ki", "4096", {"0", "lots", "-1"}, "auto or a byte"},
      {"--ls-first-segment", "gather", "bsls", "auto", "auto", {"12Q"}, "auto or a byte"},
      {"--clv-segments", "reduce", "clairvoyant", "7", "7", {"0", "two", "1.5"}, "integer >= 1"},
      {"--clv-segsize", "reduce", "clairvoyant", "64Ki", "65536", {"0", "big"}, "byte count"},
      {"--clv-round-time",
       "reduce",
       "clairvoyant",
       "50us",
       "50us",
       {"0", "50", "-1ms", "soon"},
       "auto or a duration"},
      {"--clv-round-time", "reduce", "clairvoyant", "1500ns", "1.5us", {}, ""},
      {"--clv-round-time", "reduce", "clairvoyant", "auto", "auto", {}, ""},
  };
  for (const Option& o : options) {
    SCOPED_TRACE(o.option);
    RawRunOptions raw;
    raw.collective = o.collective;
    raw.alg = o.alg;
    raw.alg_options[o.option] = o.good;
    EXPECT_EQ(parse_run_options(raw).alg_options.at(o.option), o.canonical);
    for (const char* bad : o.bad) {
      raw.alg_options[o.option] = bad;
      const std::string what = usage_error([&] { parse_run_options(raw); });
      EXPECT_NE(what.find(o.option), std::string::npos) << bad << ": " << what;
      EXPECT_NE(what.find(o.accepted), std::string::npos) << bad << ": " << what;
    }
    // Without an algorithm that takes it.
    raw.alg = "native";
    raw.alg_options[o.option] = o.good;
    const std::string what = usage_error([&] { parse_run_options(raw); });
    EXPECT_NE(what.find("add it to --alg"), std::string::npos) << what;
    EXPECT_NE(what.find(std::string(o.collective) + "/"), std::string::npos) << what;
  }
}

TEST(RunOptions, ClvSegmentsAndSegsizeExcludeEachOther) {
  RawRunOptions raw;
  raw.alg = "clairvoyant";
  raw.alg_options["--clv-segments"] = "4";
  raw.alg_options["--clv-segsize"] = "1Ki";
  const std::string what = usage_error([&] { parse_run_options(raw); });
  EXPECT_NE(what.find("--clv-segments"), std::string::npos) << what;
  EXPECT_NE(what.find("--clv-segsize"), std::string::npos) << what;
  EXPECT_NE(what.find("not both"), std::string::npos) << what;
}

// The options a case hands its algorithm (Case::alg_options, before defaults), by algorithm.
std::map<std::string, AlgOptions> case_options(const RunOptions& o) {
  std::map<std::string, AlgOptions> out;
  for (const Case& c : expand_cases(o)) out[c.algorithm->full_name()] = c.alg_options;
  return out;
}

TEST(RunOptions, EachAlgorithmGetsOnlyItsOwnKeys) {
  RawRunOptions raw;
  raw.collective = "reduce,gather";
  raw.alg = "native,radixk,clairvoyant,ls";
  raw.alg_options = {{"--radix", "3"},
                     {"--clv-segsize", "2Ki"},
                     {"--clv-round-time", "20us"},
                     {"--ls-first-segment", "512"}};
  const RunOptions o = parse_run_options(raw);
  const auto got = case_options(o);
  EXPECT_EQ(got.at("reduce/radixk"), (AlgOptions{{"radix", "3"}}));
  EXPECT_EQ(got.at("reduce/clairvoyant"),
            (AlgOptions{{"segsize", "2048"}, {"round-time", "20us"}}));
  EXPECT_EQ(got.at("gather/ls"), (AlgOptions{{"first-segment", "512"}}));
  EXPECT_TRUE(got.at("reduce/native").empty());
  EXPECT_TRUE(got.at("gather/native").empty());
  // Every algorithm's factory accepts what the case hands it.
  for (const Case& c : expand_cases(o)) {
    EXPECT_NO_THROW(make_algorithm(*c.algorithm, c.alg_options)) << c.algorithm->full_name();
  }
}

// --alg NAME:key=value: several variants of one algorithm in one run, each with its own params
// and label; a bare key=value continues the item before it.
TEST(RunOptions, AlgorithmVariants) {
  RawRunOptions raw;
  raw.alg = "radixk:radix=2,radixk:radix=4,clairvoyant:segments=64,round-time=20us,native";
  raw.count = "1000";
  const RunOptions o = parse_run_options(raw);
  ASSERT_EQ(o.algorithms.size(), 4u);
  EXPECT_EQ(o.algorithms[2].options, (AlgOptions{{"segments", "64"}, {"round-time", "20us"}}));
  std::vector<std::string> params, labels;
  for (const Case& c : expand_cases(o)) {
    const results::CaseRecord rec = describe_case(c, o, 4);
    params.push_back(rec.params);
    labels.push_back(rec.label());
  }
  EXPECT_EQ(params, (std::vector<std::string>{"bg-thread=on,radix=2", "bg-thread=on,radix=4",
                                              "pat-source=bgthread,segments=64,round-time=20us",
                                              "bg-thread=on"}));
  EXPECT_NE(labels[0], labels[1]);
  EXPECT_NE(labels[0].find("reduce/radixk(bg-thread=on,radix=2)"), std::string::npos) << labels[0];

  // A variant's own value wins over the shorthand flag, which reaches the other variants.
  raw.alg = "radixk:radix=2,radixk";
  raw.alg_options = {{"--radix", "8"}};
  const auto cases = expand_cases(parse_run_options(raw));
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].alg_options, (AlgOptions{{"radix", "2"}}));
  EXPECT_EQ(cases[1].alg_options, (AlgOptions{{"radix", "8"}}));
}

// --sync window,barrier: each case under both starts, labelled apart, in one interleaved group
// (so that the two starts meet the same launch; docs/SCALING.md), the run's start_sync listing
// both.
TEST(RunOptions, SyncListMakesEachCaseOncePerStartInOneGroup) {
  RawRunOptions raw;
  raw.alg = "native,radixk";
  raw.count = "8,64";
  raw.sync = "window,barrier";
  const RunOptions o = parse_run_options(raw);
  ASSERT_EQ(o.syncs, (std::vector<StartSync>{StartSync::kWindow, StartSync::kBarrier}));
  const std::vector<Case> cases = expand_cases(o);
  ASSERT_EQ(cases.size(), 8u);
  std::vector<std::string> modes, keys;
  for (const Case& c : cases) {
    const results::CaseRecord rec = describe_case(c, o, 4);
    modes.push_back(rec.sync_mode);
    keys.push_back(interleave_key(c));
    EXPECT_EQ(rec.label().find(" sync=barrier") != std::string::npos, rec.sync_mode == "barrier")
        << rec.label();
  }
  EXPECT_EQ(modes, (std::vector<std::string>{"window", "barrier", "window", "barrier", "window",
                                             "barrier", "window", "barrier"}));
  // Algorithm outermost, then count: both algorithms and both starts of a count, one group.
  EXPECT_EQ(run_groups(keys, RunOrder::kInterleaved),
            (std::vector<std::vector<std::size_t>>{{0, 1, 4, 5}, {2, 3, 6, 7}}));
  EXPECT_NE(describe_case(cases[0], o, 4).match_key(), describe_case(cases[1], o, 4).match_key());
}

// A variant's options go to the listed collectives whose row of that name declares them: the
// nonblocking collective gets both variants, its blocking counterpart the plain one once.
TEST(RunOptions, VariantOptionsGoToTheRowsThatTakeThem) {
  RawRunOptions raw;
  raw.collective = "iallreduce,allreduce";
  raw.alg = "native,native:overlap-compute=2ms,test-interval=20us";
  std::vector<std::string> params;
  const RunOptions o = parse_run_options(raw);
  for (const Case& c : expand_cases(o)) {
    params.push_back(fmt::format("{}:{}", c.algorithm->full_name(), describe_case(c, o, 4).params));
  }
  EXPECT_EQ(params, (std::vector<std::string>{
                        "iallreduce/native:overlap-compute=none,test-interval=off",
                        "iallreduce/native:overlap-compute=2ms,test-interval=20us",
                        "allreduce/native:",
                    }));
  // No listed row takes it: refused as before, by the first row, naming what it accepts.
  raw.collective = "allreduce,reduce";
  raw.alg = "native:overlap-compute=2ms";
  const std::string what = usage_error([&] { parse_run_options(raw); });
  EXPECT_NE(what.find("--alg: allreduce/native has no option 'overlap-compute'; accepted: force"),
            std::string::npos)
      << what;
  // A row that takes the option still checks its value.
  raw.collective = "iallreduce,allreduce";
  raw.alg = "native:overlap-compute=5";
  EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("'5' is not accepted"),
            std::string::npos);
}

TEST(RunOptions, AlgorithmVariantErrorsNameTheOptionAndWhatIsAccepted) {
  const struct {
    const char* alg;
    const char* expected;
  } bad[] = {
      {"radixk:radiks=2", "--alg: reduce/radixk has no option 'radiks'; accepted: radix"},
      {"radixk:radix=1",
       "--alg: reduce/radixk option radix: '1' is not accepted; accepted: an "
       "integer >= 2"},
      {"native:radix=2", "--alg: reduce/native has no option 'radix'; accepted: force"},
      {"radix=2", "--alg: 'radix=2' names no algorithm"},
      {"radixk:radix", "expected NAME:key=value"},
      {"radixk:radix=2,radixk:radix=2", "--alg: 'radixk:radix=2' is listed twice"},
      {"radixk:radix=2,radix=3", "option 'radix' is given twice"},
      {"clairvoyant:segments=2,segsize=8", "not both"},
      {"nope:x=1", "--alg: 'nope' is not an algorithm of reduce"},
  };
  for (const auto& b : bad) {
    RawRunOptions raw;
    raw.alg = b.alg;
    const std::string what = usage_error([&] { parse_run_options(raw); });
    EXPECT_NE(what.find(b.expected), std::string::npos) << b.alg << ": " << what;
  }
}

TEST(RunOptions, ParamsShowEffectiveValuesIncludingDefaults) {
  RawRunOptions raw;
  raw.collective = "reduce,gather";
  raw.alg = "native,radixk,clairvoyant,ls,sls";
  raw.count = "1000";
  RunOptions o = parse_run_options(raw);
  auto params = [&](const std::string& coll, const std::string& alg) {
    for (const Case& c : expand_cases(o)) {
      if (c.collective->name == coll && c.algorithm->name == alg) {
        return describe_case(c, o, 8).params;
      }
    }
    return std::string("(no case)");
  };
  EXPECT_EQ(params("reduce", "native"), "bg-thread=on");
  EXPECT_EQ(params("reduce", "radixk"), "bg-thread=on,radix=4");
  EXPECT_EQ(params("reduce", "clairvoyant"), "pat-source=bgthread,segments=8,round-time=auto");
  EXPECT_EQ(params("gather", "ls"), "bg-thread=on,first-segment=auto");
  EXPECT_EQ(params("gather", "sls"), "pat-source=bgthread,first-segment=auto");

  raw.alg_options = {{"--clv-segsize", "1Ki"}, {"--clv-round-time", "0.1ms"}, {"--radix", "2"}};
  raw.pat_source = "sma:4";
  raw.bg_thread = "off";
  o = parse_run_options(raw);
  EXPECT_EQ(params("reduce", "native"), "");
  EXPECT_EQ(params("reduce", "radixk"), "radix=2");
  // 1000 ints = 4000 bytes in 1 KiB segments: 4 segments.
  EXPECT_EQ(params("reduce", "clairvoyant"),
            "pat-source=sma:4,segments=4,segsize=1024,round-time=100us");

  // auto: a baseline gets the monitoring thread only beside a PAT algorithm of its collective.
  raw.bg_thread = "auto";
  raw.alg = "native,radixk,sls";
  raw.alg_options.clear();
  o = parse_run_options(raw);
  EXPECT_EQ(params("reduce", "native"), "");
  EXPECT_EQ(params("gather", "native"), "bg-thread=on");
}

TEST(RunOptions, PatSourceAndBgThread) {
  RawRunOptions raw;
  EXPECT_EQ(parse_run_options(raw).pat_source, PatSource::kBgThread);
  EXPECT_EQ(parse_run_options(raw).bg_thread, BgThread::kAuto);
  raw.pat_source = "predicted";
  EXPECT_EQ(parse_run_options(raw).pat_source, PatSource::kBgThread);
  raw.pat_source = "sma:3";
  EXPECT_EQ(parse_run_options(raw).pat_source, (PatSource{PatSource::kSma, 3}));
  raw.pat_source = "sma:0";
  std::string what = usage_error([&] { parse_run_options(raw); });
  EXPECT_NE(what.find("--pat-source"), std::string::npos) << what;
  EXPECT_NE(what.find("oracle"), std::string::npos) << what;
  raw.pat_source = "oracle";
  raw.bg_thread = "off";
  EXPECT_EQ(parse_run_options(raw).bg_thread, BgThread::kOff);
  raw.bg_thread = "on";
  EXPECT_EQ(parse_run_options(raw).bg_thread, BgThread::kOn);
  raw.bg_thread = "maybe";
  what = usage_error([&] { parse_run_options(raw); });
  EXPECT_NE(what.find("--bg-thread"), std::string::npos) << what;
  EXPECT_NE(what.find("auto, on, off"), std::string::npos) << what;
}

TEST(RunOptions, CommandLineReachesTheTable) {
  RawRunOptions raw;
  CLI::App app;
  add_run_options(app, raw);
  std::vector<std::string> args = {"--clv-round-time", "3us", "--ls-first-segment", "auto", "--alg",
                                   "clairvoyant"};
  std::reverse(args.begin(), args.end());  // CLI11 parses a reversed vector
  app.parse(args);
  EXPECT_EQ(raw.alg_options.size(), 2u);
  EXPECT_EQ(raw.alg_options.at("--clv-round-time"), "3us");
  EXPECT_EQ(raw.alg_options.at("--ls-first-segment"), "auto");
  const std::string what = usage_error([&] { parse_run_options(raw); });
  EXPECT_NE(what.find("--ls-first-segment: only gather/ls, gather/sls, gather/bsls take it"),
            std::string::npos)
      << what;
}

TEST(RunOptions, ValidateEvery) {
  RawRunOptions raw;
  EXPECT_EQ(parse_run_options(raw).validate_every, 1);
  raw.validate_every = "0";
  EXPECT_EQ(parse_run_options(raw).validate_every, 0);
  raw.validate_every = "7";
  EXPECT_EQ(parse_run_options(raw).validate_every, 7);
  // auto (every iteration of arrival-dependent algorithms, the first of the others) is gone:
  // the schedule is the same for every case of a run.
  for (const char* bad : {"-1", "often", "", "3x", "1.5", "auto"}) {
    raw.validate_every = bad;
    const std::string what = usage_error([&] { parse_run_options(raw); });
    EXPECT_NE(what.find("--validate-every: '"), std::string::npos) << bad << ": " << what;
    EXPECT_NE(what.find("accepted: an integer N >= 0"), std::string::npos) << what;
  }
}

TEST(RunOptions, Buffers) {
  RawRunOptions raw;
  EXPECT_EQ(parse_run_options(raw).buffers, BufferMode::kCold);
  raw.buffers = "warm";
  EXPECT_EQ(parse_run_options(raw).buffers, BufferMode::kWarm);
  EXPECT_EQ(buffer_mode_name(BufferMode::kWarm), "warm");
  EXPECT_EQ(buffer_mode_name(BufferMode::kCold), "cold");
  for (const char* bad : {"hot", "", "Warm", "cold,warm"}) {
    raw.buffers = bad;
    const std::string what = usage_error([&] { parse_run_options(raw); });
    EXPECT_NE(what.find("--buffers"), std::string::npos) << bad << ": " << what;
    EXPECT_NE(what.find("cold"), std::string::npos) << what;
    EXPECT_NE(what.find("warm"), std::string::npos) << what;
  }
}

TEST(RunOptions, ArrivalTolerance) {
  RawRunOptions raw;
  using results::ArrivalTolerance;
  EXPECT_EQ(parse_run_options(raw).arrival_tolerance, ArrivalTolerance::automatic());
  raw.arrival_tolerance = "5us";
  EXPECT_EQ(parse_run_options(raw).arrival_tolerance, ArrivalTolerance::of(5'000));
  raw.arrival_tolerance = "0.2ms";
  EXPECT_EQ(parse_run_options(raw).arrival_tolerance, ArrivalTolerance::of(200'000));
  raw.arrival_tolerance = "off";
  EXPECT_EQ(parse_run_options(raw).arrival_tolerance, ArrivalTolerance::off());
  for (const char* bad : {"5", "-5us", "loose", "", "Off"}) {
    raw.arrival_tolerance = bad;
    const std::string what = usage_error([&] { parse_run_options(raw); });
    EXPECT_NE(what.find(fmt::format("--arrival-tolerance: '{}' is not accepted", bad)),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("accepted: auto"), std::string::npos) << what;
    EXPECT_NE(what.find("off (keep every iteration)"), std::string::npos) << what;
    EXPECT_NE(what.find("0.2ms"), std::string::npos) << what;
  }
}

TEST(RunOptions, RepsUntilCiMetricAndMinimum) {
  RawRunOptions raw;
  const RunOptions defaults = parse_run_options(raw);
  EXPECT_EQ(defaults.ci_metric, CiMetric::kAfterLastArrival);
  EXPECT_EQ(defaults.min_iters, 30);
  raw.ci_metric = "run-time";
  EXPECT_EQ(parse_run_options(raw).ci_metric, CiMetric::kRunTime);
  raw.ci_metric = "elapsed";
  EXPECT_NE(usage_error([&] { parse_run_options(raw); })
                .find("--ci-metric: 'elapsed' is not accepted; accepted: after-last-arrival, "
                      "run-time"),
            std::string::npos);
  raw.ci_metric = "after-last-arrival";
  raw.min_iters = 29;  // too few to see autocorrelation
  EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("--min-iters: 29 is not accepted"),
            std::string::npos);
}

TEST(RunOptions, ThreadLevelIsMultipleOnlyForAPatThread) {
  RawRunOptions raw;
  raw.collective = "reduce";
  raw.alg = "native,binomial";
  // FUNNELED by default: the call watchdog is a second thread (it never calls MPI).
  EXPECT_EQ(parse_run_options(raw).thread_level, MPI_THREAD_FUNNELED);
  raw.call_timeout = "0";
  EXPECT_EQ(parse_run_options(raw).thread_level, MPI_THREAD_SINGLE);
  raw.call_timeout = "auto";
  raw.thread_level = "single";
  EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("single allows no second thread"),
            std::string::npos);
  raw.thread_level = "auto";
  raw.bg_thread = "on";
  EXPECT_EQ(parse_run_options(raw).thread_level, MPI_THREAD_MULTIPLE);
  raw.bg_thread = "auto";
  raw.alg = "native,clairvoyant";
  EXPECT_EQ(parse_run_options(raw).thread_level, MPI_THREAD_MULTIPLE);
  raw.thread_level = "funneled";
  EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("too low for this run"),
            std::string::npos);
  raw.alg = "native";
  EXPECT_EQ(parse_run_options(raw).thread_level, MPI_THREAD_FUNNELED);
  raw.thread_level = "multiple";
  EXPECT_EQ(parse_run_options(raw).thread_level, MPI_THREAD_MULTIPLE);
}

TEST(RunOptions, SizeDependentChecks) {
  RawRunOptions raw;
  raw.root = "0,3";
  RunOptions o = parse_run_options(raw);
  EXPECT_EQ(usage_error([&] { check_against_size(o, 4, 1); }), "");
  EXPECT_NE(usage_error([&] { check_against_size(o, 3, 1); }).find("0..2"), std::string::npos);
  raw = RawRunOptions{};
  raw.groups = "2:3";
  o = parse_run_options(raw);
  EXPECT_NE(usage_error([&] { check_against_size(o, 4, 1); }).find("--groups"), std::string::npos);
}

// --groups p:q as the run reads it: two whole numbers >= 1 (that they hold every rank is checked
// once the run knows its size: SizeDependentChecks). Without it a case takes default_groups.
TEST(RunOptions, Groups) {
  RawRunOptions raw;
  raw.groups = "25:7";
  RunOptions o = parse_run_options(raw);
  EXPECT_EQ(o.groups_p, 25);
  EXPECT_EQ(o.groups_q, 7);
  EXPECT_EQ(usage_error([&] { check_against_size(o, 32, 1); }), "");
  for (const auto* bad : {"3", "3:", ":3", "a:b", "2:2x", "0:4", "4:0", "-1:5"}) {
    raw.groups = bad;
    EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("--groups"), std::string::npos)
        << bad;
  }
}

// main() runs the before_mpi_init hooks of the run's algorithms: bcast/native:force's row asks
// for Open MPI's dynamic rules through the environment; without force, or with options that do
// not parse (reported once MPI is up), nothing is asked.
TEST(RunOptions, BeforeMpiInitRunsTheHooksOfTheNamedAlgorithms) {
  constexpr const char* kDynamicRules = "OMPI_MCA_coll_tuned_use_dynamic_rules";
  if (std::getenv(kDynamicRules) != nullptr) GTEST_SKIP() << kDynamicRules << " is set already";
  RawRunOptions raw;
  raw.collective = "bcast";
  raw.alg = "native,binomial";
  run_before_mpi_init(raw);
  EXPECT_EQ(std::getenv(kDynamicRules), nullptr);
  raw.alg = "native:force=binomial,nope";
  run_before_mpi_init(raw);
  EXPECT_EQ(std::getenv(kDynamicRules), nullptr);
  raw.alg = "binomial,native:force=binomial";
  run_before_mpi_init(raw);
  ASSERT_NE(std::getenv(kDynamicRules), nullptr);
  EXPECT_STREQ(std::getenv(kDynamicRules), "1");
  unsetenv(kDynamicRules);
}

// No registered algorithm needs two nodes yet (the hierarchical ones will), so a row made here.
TEST(RunOptions, RestrictionsNameTheAlgorithmAndTheRemedy) {
  AlgorithmInfo two_nodes;
  two_nodes.collective = "reduce";
  two_nodes.name = "twonode";
  two_nodes.restrictions.min_nodes = 2;
  EXPECT_EQ(usage_error([&] { check_restrictions(two_nodes, 4, 2); }), "");
  const std::string what = usage_error([&] { check_restrictions(two_nodes, 4, 1); });
  EXPECT_NE(what.find("--alg: reduce/twonode needs at least 2 nodes, and this run has 1"),
            std::string::npos)
      << what;
  EXPECT_NE(what.find("--virtual-ppn"), std::string::npos) << what;

  AlgorithmInfo small;
  small.collective = "reduce";
  small.name = "small";
  small.restrictions.min_ranks = 2;
  small.restrictions.max_ranks = 8;
  EXPECT_EQ(usage_error([&] { check_restrictions(small, 8, 1); }), "");
  EXPECT_NE(usage_error([&] { check_restrictions(small, 1, 1); }).find("2 to 8 ranks"),
            std::string::npos);
  EXPECT_NE(usage_error([&] { check_restrictions(small, 9, 1); }).find("not on the 9"),
            std::string::npos);
}

TEST(RunOptions, OutputIsNeverOverwrittenWithoutForce) {
  const auto path = std::filesystem::temp_directory_path() / "papbench_existing_result.h5";
  { std::ofstream(path) << "precious"; }
  RawRunOptions raw;
  raw.out = path.string();
  RunOptions o = parse_run_options(raw);
  EXPECT_NE(usage_error([&] { check_output_path(o); }).find("--force"), std::string::npos);
  raw.force = true;
  o = parse_run_options(raw);
  EXPECT_EQ(usage_error([&] { check_output_path(o); }), "");
  std::filesystem::remove(path);
  RunOptions d = parse_run_options(RawRunOptions{});
  check_output_path(d);
  EXPECT_TRUE(d.out.starts_with("papbench-") && d.out.ends_with(".h5")) << d.out;
}

TEST(CaseMatrix, CartesianProductSkipsMeaninglessDimensions) {
  RawRunOptions raw;
  raw.collective = "reduce,bcast,barrier";
  raw.count = "1,1Ki";
  raw.op = "sum,max";
  raw.root = "0,1";
  raw.maxdelay = "0,10ms";
  RunOptions o = parse_run_options(raw);
  auto cases = expand_cases(o);
  // reduce: 2 counts x 2 ops x 2 roots x 2 delays; bcast: no op; barrier: no count, op or root.
  EXPECT_EQ(cases.size(), 16u + 8u + 2u);
  for (const auto& c : cases) {
    if (c.collective->name == "barrier") {
      EXPECT_EQ(c.count, 0u);
      EXPECT_EQ(c.root, 0);
    }
    if (!c.collective->uses_op) {
      EXPECT_EQ(c.op, nullptr);
    }
  }
}

TEST(CaseMatrix, ShuffleIsASeededPermutation) {
  RawRunOptions raw;
  raw.count = "1:64:x2";
  raw.maxdelay = "0,1ms,2ms";
  raw.shuffle = true;
  auto a = expand_cases(parse_run_options(raw));
  auto b = expand_cases(parse_run_options(raw));
  raw.shuffle = false;
  auto plain = expand_cases(parse_run_options(raw));
  ASSERT_EQ(a.size(), plain.size());
  bool same_order = true;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].count, b[i].count);
    EXPECT_EQ(a[i].maxdelay_ns, b[i].maxdelay_ns);
    same_order &= a[i].count == plain[i].count && a[i].maxdelay_ns == plain[i].maxdelay_ns;
  }
  EXPECT_FALSE(same_order);
}

TEST(RunOptions, VirtualPpn) {
  RawRunOptions raw;
  EXPECT_EQ(parse_run_options(raw).virtual_ppn, 0);  // the real nodes
  raw.virtual_ppn = "4";
  EXPECT_EQ(parse_run_options(raw).virtual_ppn, 4);
  for (const char* bad : {"0x", "-1", "", "two", "1.5"}) {
    raw.virtual_ppn = bad;
    const std::string what = usage_error([&] { parse_run_options(raw); });
    EXPECT_NE(what.find("--virtual-ppn"), std::string::npos) << bad << ": " << what;
    EXPECT_NE(what.find("K >= 1"), std::string::npos) << bad << ": " << what;
  }
}

}  // namespace
}  // namespace papbench
