#include "bench/run_options.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bench/case_matrix.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

// The message of the UsageError `f` throws, or "" when it throws none.
template <typename F>
std::string usage_error(F&& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(RunOptions, DefaultsParse) {
  RunOptions o = parse_run_options(RawRunOptions{});
  EXPECT_EQ(o.collectives, std::vector<std::string>{"reduce"});
  EXPECT_EQ(o.counts, std::vector<std::uint64_t>{1024});
  EXPECT_EQ(o.iters, 30);
  EXPECT_EQ(o.sync, StartSync::kWindow);
  EXPECT_EQ(o.clock.resync_ns, 1'000'000'000);
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
  EXPECT_EQ(parse_run_options(raw).radix, 0);  // the algorithm's default
  raw.radix = 3;
  EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("--radix"), std::string::npos);
  raw.alg = "native,radixk";
  EXPECT_EQ(parse_run_options(raw).radix, 3);
  raw.radix = 1;
  EXPECT_NE(usage_error([&] { parse_run_options(raw); }).find("at least 2"), std::string::npos);
}

TEST(RunOptions, SizeDependentChecks) {
  RawRunOptions raw;
  raw.root = "0,3";
  RunOptions o = parse_run_options(raw);
  EXPECT_EQ(usage_error([&] { check_against_size(o, 4); }), "");
  EXPECT_NE(usage_error([&] { check_against_size(o, 3); }).find("0..2"), std::string::npos);
  raw = RawRunOptions{};
  raw.groups = "2:3";
  o = parse_run_options(raw);
  EXPECT_NE(usage_error([&] { check_against_size(o, 4); }).find("--groups"), std::string::npos);
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

}  // namespace
}  // namespace papbench
