#include "bench/run/resume.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <fstream>

#include "bench/run/case_matrix.hpp"
#include "bench/run/case_runner.hpp"
#include "results/result_set.hpp"
#include "tests/unit/results_temp_dir.hpp"
#include "tests/unit/usage_error_message.hpp"

namespace papbench {
namespace {

RunFingerprint fingerprint(const RawRunOptions& raw) {
  return run_fingerprint(raw, 4, 1, "Open MPI v4.1.4", "0.1.0 (abc)");
}

TEST(ResumeFingerprint, EqualRunsDifferInNothing) {
  EXPECT_TRUE(fingerprint_differences(fingerprint({}), fingerprint({}), "f.h5").empty());
}

// Every option that changes what a case measures is compared, and the message names it with the
// value recorded in the file and this run's.
TEST(ResumeFingerprint, EachMeasuringOptionIsNamedWithBothValues) {
  struct Change {
    void (*set)(RawRunOptions&);
    std::string expected;
  };
  const std::vector<Change> changes = {
      {[](RawRunOptions& r) { r.collective = "gather"; },
       "--collective: 'f.h5' has 'reduce', this run 'gather'"},
      {[](RawRunOptions& r) { r.alg = "binomial"; },
       "--alg: 'f.h5' has 'native', this run 'binomial'"},
      {[](RawRunOptions& r) { r.count = "2Ki"; }, "--count: 'f.h5' has '1Ki', this run '2Ki'"},
      {[](RawRunOptions& r) { r.pattern = "late:1:5ms"; },
       "--pattern: 'f.h5' has 'uniform', this run 'late:1:5ms'"},
      {[](RawRunOptions& r) { r.iters = 31; }, "--iters: 'f.h5' has '30', this run '31'"},
      {[](RawRunOptions& r) { r.warmup = 0; }, "--warmup: 'f.h5' has '3', this run '0'"},
      {[](RawRunOptions& r) { r.reps_until_ci = "0.05"; },
       "--reps-until-ci: 'f.h5' has 'off', this run '0.05'"},
      {[](RawRunOptions& r) { r.min_iters = 40; }, "--min-iters: 'f.h5' has '30', this run '40'"},
      {[](RawRunOptions& r) { r.ci_metric = "run-time"; },
       "--ci-metric: 'f.h5' has 'after-last-arrival', this run 'run-time'"},
      {[](RawRunOptions& r) { r.sync = "barrier"; },
       "--sync: 'f.h5' has 'window', this run 'barrier'"},
      {[](RawRunOptions& r) { r.resync = "0"; }, "--resync: 'f.h5' has '1s', this run '0'"},
      {[](RawRunOptions& r) { r.no_drift = true; }, "--no-drift: 'f.h5' has 'off', this run 'on'"},
      {[](RawRunOptions& r) { r.seed = "7"; }, "--seed: 'f.h5' has '1', this run '7'"},
      {[](RawRunOptions& r) { r.maxdelay = "50ms"; },
       "--maxdelay: 'f.h5' has '0', this run '50ms'"},
      {[](RawRunOptions& r) { r.validate_every = "3"; },
       "--validate-every: 'f.h5' has '1', this run '3'"},
      {[](RawRunOptions& r) { r.placement = "interleaved"; },
       "--placement: 'f.h5' has 'block', this run 'interleaved'"},
      {[](RawRunOptions& r) { r.dist = "equal"; },
       "--dist: 'f.h5' has 'arith-code', this run 'equal'"},
      {[](RawRunOptions& r) { r.alg_options["--radix"] = "4"; },
       "--radix: 'f.h5' has (not given), this run '4'"},
  };
  for (const Change& c : changes) {
    RawRunOptions now;
    c.set(now);
    const auto diff = fingerprint_differences(fingerprint({}), fingerprint(now), "f.h5");
    ASSERT_EQ(diff.size(), 1u) << c.expected;
    EXPECT_EQ(diff[0], c.expected);
  }
}

// A file written before the fingerprint was derived from run_option_specs() holds exactly these
// keys and values for a run at the defaults; it must still resume.
TEST(ResumeFingerprint, TheDefaultsFingerprintAsFilesRecordThem) {
  const RunFingerprint expected = {
      {"--collective", "reduce"},
      {"--alg", "native"},
      {"--count", "1Ki"},
      {"--dtype", "int"},
      {"--op", "sum"},
      {"--root", "0"},
      {"--iters", "30"},
      {"--warmup", "3"},
      {"--reps-until-ci", "off"},
      {"--ci-metric", "after-last-arrival"},
      {"--min-iters", "30"},
      {"--compute", "0"},
      {"--maxdelay", "0"},
      {"--pattern", "uniform"},
      {"--groups", ""},
      {"--placement", "block"},
      {"--ka-factor", "1"},
      {"--kb-factor", "1"},
      {"--dist", "arith-code"},
      {"--virtual-ppn", "0"},
      {"--seed", "1"},
      {"--sync", "window"},
      {"--sync-estimator", "min-rtt"},
      {"--no-drift", "off"},
      {"--flat-sync", "off"},
      {"--resync", "1s"},
      {"--margin", "1ms"},
      {"--counters", ""},
      {"--counters-domain", "user"},
      {"--counters-scope", "call"},
      {"--pat-source", "bgthread"},
      {"--bg-thread", "auto"},
      {"--shuffle", "off"},
      {"--thread-level", "auto"},
      {"--validate-every", "1"},
      {"--inject-clock-offset", "0"},
      {"--inject-clock-drift", "0"},
      {"MPI processes", "4"},
      {"nodes", "1"},
      {"MPI library", "Open MPI v4.1.4"},
      {"papbench build", "0.1.0 (abc)"},
  };
  EXPECT_EQ(fingerprint({}), expected);
}

// Every run option is compared unless its spec says why a resume may change it: set to its sample
// (through the command line), a compared one is the one difference, named with both values.
TEST(ResumeFingerprint, EveryRunOptionIsComparedUnlessItsSpecSaysWhyNot) {
  const RawRunOptions defaults;
  const RunFingerprint file = fingerprint(defaults);
  for (const RunOptionSpec& spec : run_option_specs()) {
    SCOPED_TRACE(spec.name);
    const bool flag = std::holds_alternative<bool RawRunOptions::*>(spec.member);
    RawRunOptions now;
    CLI::App app;
    add_run_options(app, now);
    app.parse(flag ? std::string(spec.name) : fmt::format("{} {}", spec.name, spec.sample), false);
    const std::vector<std::string> diff = fingerprint_differences(file, fingerprint(now), "f.h5");
    if (!spec.resume_may_differ.empty()) {
      EXPECT_EQ(diff, std::vector<std::string>{});
      EXPECT_FALSE(file.contains(std::string(spec.name)));
      continue;
    }
    // An option newer than the fingerprint is recorded only when given.
    EXPECT_EQ(file.contains(std::string(spec.name)), !spec.compared_unless_default);
    const std::string recorded = spec.compared_unless_default
                                     ? "(not given)"
                                     : fmt::format("'{}'", run_option_text(spec, defaults));
    EXPECT_EQ(diff,
              std::vector<std::string>{fmt::format("{}: 'f.h5' has {}, this run '{}'", spec.name,
                                                   recorded, run_option_text(spec, now))});
  }
}

TEST(ResumeFingerprint, TheJobsShapeAndBuildAreCompared) {
  const RawRunOptions raw;
  const RunFingerprint file = run_fingerprint(raw, 4, 1, "Open MPI v4.1.4", "0.1.0 (abc)");
  EXPECT_EQ(fingerprint_differences(
                file, run_fingerprint(raw, 8, 1, "Open MPI v4.1.4", "0.1.0 (abc)"), "f.h5"),
            std::vector<std::string>{"MPI processes: 'f.h5' has '4', this run '8'"});
  EXPECT_EQ(fingerprint_differences(
                file, run_fingerprint(raw, 4, 2, "Open MPI v4.1.4", "0.1.0 (abc)"), "f.h5"),
            std::vector<std::string>{"nodes: 'f.h5' has '1', this run '2'"});
  EXPECT_EQ(fingerprint_differences(file, run_fingerprint(raw, 4, 1, "MPICH 4.0.2", "0.1.0 (abc)"),
                                    "f.h5"),
            std::vector<std::string>{
                "MPI library: 'f.h5' has 'Open MPI v4.1.4', this run 'MPICH 4.0.2'"});
  EXPECT_EQ(fingerprint_differences(
                file, run_fingerprint(raw, 4, 1, "Open MPI v4.1.4", "0.2.0 (def)"), "f.h5")
                .size(),
            1u);
}

// Where the results go and how progress is shown do not change a measurement.
TEST(ResumeFingerprint, OutputAndDisplayOptionsMayDiffer) {
  RawRunOptions now;
  now.out = "elsewhere.h5";
  now.resume = "f.h5";
  now.progress = "never";
  now.counters_strict = true;
  now.call_timeout = "0";
  EXPECT_TRUE(fingerprint_differences(fingerprint({}), fingerprint(now), "f.h5").empty());
}

TEST(ResumeFingerprint, JsonRoundTripsAndDamageIsAUsageError) {
  RawRunOptions raw;
  raw.alg_options["--radix"] = "8";
  raw.count = "1:4096:x2";
  const RunFingerprint f = fingerprint(raw);
  EXPECT_EQ(fingerprint_from_json(fingerprint_to_json(f), "f.h5"), f);
  EXPECT_NE(usage_error([] {
              fingerprint_from_json("{\"--count\": ", "f.h5");
            }).find("--resume: 'f.h5' holds a damaged run_options attribute"),
            std::string::npos);
  EXPECT_NE(usage_error([] { fingerprint_from_json("[1, 2]", "f.h5"); }).find("--resume"),
            std::string::npos);
}

TEST(ResumeOption, SetsTheOutputAndRefusesAnotherOutOrForce) {
  RawRunOptions raw;
  raw.resume = "run.h5";
  RunOptions o = parse_run_options(raw);
  EXPECT_TRUE(o.resume);
  EXPECT_EQ(o.out, "run.h5");
  raw.out = "./run.h5";
  EXPECT_EQ(parse_run_options(raw).out, "run.h5");
  raw.out = "other.h5";
  EXPECT_EQ(usage_error([&] { parse_run_options(raw); }),
            "--resume: writes into 'run.h5', but --out names 'other.h5'; drop --out or give the "
            "same file");
  raw.out.clear();
  raw.force = true;
  EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("--force cannot go with it"),
            std::string::npos);
  EXPECT_FALSE(parse_run_options(RawRunOptions{}).resume);
}

class ResumePlanTest : public results::ResultsTempDir {
 protected:
  results::RunInfo info(const RunFingerprint& f) const {
    results::RunInfo i;
    i.mpi_size = 2;
    i.hostnames = {"a", "a"};
    i.node_index = {0, 0};
    i.core = {0, 1};
    i.extra["run_options"] = fingerprint_to_json(f);
    return i;
  }
};

// The file holds counts 1 and 4 of 1,2,4,8 (and 4 twice, as a run listing it twice would): those
// are done, the rest is not, and the resumed cases are session 1.
TEST_F(ResumePlanTest, MarksTheCasesTheFileHoldsComplete) {
  RawRunOptions raw;
  raw.count = "1,2,4,4,8";
  raw.resume = path("run.h5");
  const RunOptions opts = parse_run_options(raw);
  const std::vector<Case> cases = expand_cases(opts);
  ASSERT_EQ(cases.size(), 5u);
  const RunFingerprint f = fingerprint(raw);
  {
    results::ResultWriter w(opts.out, false, info(f));
    w.write_case(describe_case(cases[0], opts, 2));
    w.write_case(describe_case(cases[2], opts, 2));
  }
  ResumePlan plan = plan_resume(opts, cases, 2, f);
  EXPECT_EQ(plan.done, (std::vector<char>{1, 0, 1, 0, 0}));
  EXPECT_EQ(plan.session, 1);

  // Appending continues the file: the next free index, the session recorded.
  {
    results::ResultWriter w(opts.out, results::AppendToExisting{});
    results::CaseRecord rec = describe_case(cases[1], opts, 2);
    rec.session = plan.session;
    rec.session_utc = "2026-01-01T00:00:00Z";
    rec.session_hosts = {"b", "c"};
    w.write_case(rec);
  }
  const results::ResultReader r(opts.out);
  ASSERT_EQ(r.cases().size(), 3u);
  EXPECT_EQ(r.cases()[2].count, 2u);
  EXPECT_EQ(r.cases()[2].session, 1);
  EXPECT_EQ(r.cases()[2].session_hosts, (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(r.cases()[0].session, 0);
  plan = plan_resume(opts, cases, 2, f);
  EXPECT_EQ(plan.done, (std::vector<char>{1, 1, 1, 0, 0}));
  EXPECT_EQ(plan.session, 2);

  RawRunOptions other = raw;
  other.iters = 5;
  EXPECT_NE(usage_error([&] {
              plan_resume(opts, cases, 2, fingerprint(other));
            }).find("--iters: '" + opts.out + "' has '30', this run '5'"),
            std::string::npos);
}

// The refusal says which options may differ: those whose spec says why, but --resume itself and
// --force, which cannot come with it.
TEST_F(ResumePlanTest, TheRefusalNamesTheOptionsThatMayDiffer) {
  RawRunOptions raw;
  raw.resume = path("run.h5");
  const RunOptions opts = parse_run_options(raw);
  const std::vector<Case> cases = expand_cases(opts);
  { results::ResultWriter w(opts.out, false, info(fingerprint(raw))); }
  RawRunOptions other = raw;
  other.iters = 5;
  const std::string what = usage_error([&] { plan_resume(opts, cases, 2, fingerprint(other)); });
  const auto from = what.find("(only ");
  const auto to = what.find(" may differ;", from);
  ASSERT_NE(to, std::string::npos) << what;
  const std::string listed = what.substr(from, to - from);
  for (const RunOptionSpec& spec : run_option_specs()) {
    if (spec.resume_may_differ.empty() || spec.name == "--resume" || spec.name == "--force") {
      continue;
    }
    EXPECT_NE(listed.find(spec.name), std::string::npos) << spec.name << " in " << listed;
  }
}

TEST_F(ResumePlanTest, RefusesWhatIsNotAResumableResultSet) {
  RawRunOptions raw;
  raw.resume = path("missing.h5");
  RunOptions opts = parse_run_options(raw);
  const std::vector<Case> cases = expand_cases(opts);
  EXPECT_NE(usage_error([&] {
              plan_resume(opts, cases, 2, fingerprint(raw));
            }).find("is not an existing file"),
            std::string::npos);

  opts.out = path("text.h5");
  { std::ofstream(opts.out) << "not a result set\n"; }
  EXPECT_EQ(
      usage_error([&] { plan_resume(opts, cases, 2, fingerprint(raw)); }).rfind("--resume: ", 0),
      0u);

  // A result set from before format 1.6 records no options to compare with.
  opts.out = path("old.h5");
  results::RunInfo old = info(fingerprint(raw));
  old.extra.clear();
  { results::ResultWriter w(opts.out, false, old); }
  EXPECT_NE(usage_error([&] {
              plan_resume(opts, cases, 2, fingerprint(raw));
            }).find("does not record its run options"),
            std::string::npos);
}

}  // namespace
}  // namespace papbench
