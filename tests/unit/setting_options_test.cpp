// papbench --setting ([Kang2019] §5's parameter settings): parsing, the conflicts with the block
// options, the rank counts that realise a ratio, the cases it expands to (groups, blocks, per-rank
// counts from a per-node --count) and their params, and the resume fingerprint.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bench/run/case_matrix.hpp"
#include "bench/run/case_runner.hpp"
#include "bench/run/resume.hpp"
#include "bench/run/run_options.hpp"
#include "bench/run/size_checks.hpp"
#include "tests/unit/usage_error_message.hpp"

namespace papbench {
namespace {

RawRunOptions kang(const char* collective, const char* setting) {
  RawRunOptions raw;
  raw.collective = collective;
  raw.alg = "native";
  raw.count = "64Ki";
  raw.dtype = "int";
  raw.setting = setting;
  return raw;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(SettingOptions, ListOfSettingsOfTheListedCollectives) {
  RawRunOptions raw = kang("intergroup_allgather,intergroup_allgatherv", "S1,s3,8");
  const RunOptions o = parse_run_options(raw);
  ASSERT_EQ(o.settings.size(), 3u);
  EXPECT_EQ(o.settings[0]->name, "S1");
  EXPECT_EQ(o.settings[1]->name, "S3");
  EXPECT_EQ(o.settings[2]->name, "S8");
}

TEST(SettingOptions, WrongNamesAndCollectivesExit2WithTheAcceptedValues) {
  const std::string accepted =
      "accepted: S1, S2, S3, S4 (intergroup_allgather), S5, S6, S7, S8 (intergroup_allgatherv)";
  std::string e = usage_error([] { parse_run_options(kang("intergroup_allgather", "S9")); });
  EXPECT_TRUE(contains(e, "--setting: 'S9' is not accepted; " + accepted)) << e;
  e = usage_error([] { parse_run_options(kang("intergroup_allgather", "S5")); });
  EXPECT_TRUE(contains(e, "--setting: S5 is a setting of intergroup_allgatherv")) << e;
  EXPECT_TRUE(contains(e, accepted)) << e;
  e = usage_error(
      [] { parse_run_options(kang("intergroup_allgather,intergroup_allgatherv", "S1")); });
  EXPECT_TRUE(contains(e, "no setting of intergroup_allgatherv")) << e;
  EXPECT_TRUE(contains(e, "S5, S6, S7, S8")) << e;
  e = usage_error([] { parse_run_options(kang("intergroup_allgather", "S1,S1")); });
  EXPECT_TRUE(contains(e, "S1 is listed twice")) << e;
}

TEST(SettingOptions, ContradictingBlockOptionsNameBoth) {
  const struct {
    const char* setting;
    void (*set)(RawRunOptions&);
    const char* option;
  } cases[] = {
      {"S2", [](RawRunOptions& r) { r.groups = "16:16"; }, "--groups 16:16"},
      {"S3", [](RawRunOptions& r) { r.kb_factor = "1"; }, "--kb-factor 1"},
      {"S4", [](RawRunOptions& r) { r.ka_factor = "0.5"; }, "--ka-factor 0.5"},
      {"S5", [](RawRunOptions& r) { r.dist = "arith-code"; }, "--dist arith-code"},
      {"S8", [](RawRunOptions& r) { r.dist = "equal"; }, "--dist equal"},
  };
  for (const auto& c : cases) {
    const bool v = c.setting[1] >= '5';
    RawRunOptions raw = kang(v ? "intergroup_allgatherv" : "intergroup_allgather", c.setting);
    c.set(raw);
    const std::string e = usage_error([&] { parse_run_options(raw); });
    EXPECT_TRUE(e.starts_with("--setting: ")) << e;
    EXPECT_TRUE(contains(e, c.option)) << e;
    EXPECT_TRUE(contains(e, std::string(c.setting) + " (groups ")) << e;
  }
  // The setting's own values, and --dist for Allgather (which has no distribution), agree.
  RawRunOptions raw = kang("intergroup_allgather", "S3");
  raw.groups = "50:14";
  raw.kb_factor = "0.25";
  raw.ka_factor = "1";
  raw.dist = "uneven";
  EXPECT_EQ(usage_error([&] { parse_run_options(raw); }), "");
}

TEST(SettingOptions, RankCountsMustRealiseTheRatioAndNodesHoldEqualShares) {
  const RunOptions o = parse_run_options(kang("intergroup_allgather", "S1,S2"));
  std::string e = usage_error([&] { check_against_size(o, 8, 1); });
  EXPECT_TRUE(contains(e,
                       "--setting: S2 has groups in the ratio 25:7, which needs a multiple of "
                       "32 ranks, and this run has 8"))
      << e;
  EXPECT_EQ(usage_error([&] { check_against_size(o, 64, 2); }), "");
  e = usage_error([&] { check_against_size(o, 32, 3); });
  EXPECT_TRUE(contains(e, "--virtual-ppn")) << e;
  RawRunOptions small = kang("intergroup_allgather", "S1");
  small.count = "16";
  e = usage_error([&] { check_against_size(parse_run_options(small), 32, 1); });
  EXPECT_TRUE(contains(e, "--count: with --setting it is per node")) << e;
}

TEST(SettingOptions, CasesCarryTheSettingsShapeAndPerRankCounts) {
  RawRunOptions raw = kang("intergroup_allgather,intergroup_allgatherv", "S1,S3,S4,S8");
  raw.count = "64Ki,1Mi";
  const RunOptions o = parse_run_options(raw);
  // 64 ranks on 2 nodes: 32 per node share the per-node count.
  const std::vector<Case> cases = expand_cases(o, 64, 2);
  std::vector<std::string> params;
  std::vector<std::uint64_t> counts;
  for (const Case& c : cases) {
    params.push_back(describe_case(c, o, 64).params);
    counts.push_back(c.count);
  }
  EXPECT_EQ(params, (std::vector<std::string>{
                        "setting=S1,groups=32:32,placement=block,ka-factor=1,kb-factor=1",
                        "setting=S1,groups=32:32,placement=block,ka-factor=1,kb-factor=1",
                        "setting=S3,groups=50:14,placement=block,ka-factor=1,kb-factor=0.25",
                        "setting=S3,groups=50:14,placement=block,ka-factor=1,kb-factor=0.25",
                        "setting=S4,groups=50:14,placement=block,ka-factor=0.25,kb-factor=1",
                        "setting=S4,groups=50:14,placement=block,ka-factor=0.25,kb-factor=1",
                        "setting=S8,groups=50:14,placement=block,ka-factor=1,kb-factor=1,"
                        "dist=arith-code",
                        "setting=S8,groups=50:14,placement=block,ka-factor=1,kb-factor=1,"
                        "dist=arith-code",
                    }));
  EXPECT_EQ(counts,
            (std::vector<std::uint64_t>{2048, 32768, 2048, 32768, 2048, 32768, 2048, 32768}));
  // One rank per node: the per-node count is the block; the floor rounds a share down.
  EXPECT_EQ(expand_cases(o, 64, 64).front().count, 65536u);
  raw.count = "100";
  EXPECT_EQ(expand_cases(parse_run_options(raw), 64, 2).front().count, 3u);
  // The label shows the setting first.
  const std::string label = describe_case(cases[2], o, 64).label();
  EXPECT_TRUE(label.starts_with("intergroup_allgather/native(setting=S3,groups=50:14")) << label;
}

TEST(SettingOptions, ResumeFingerprintHoldsTheSettingOnlyWhenGiven) {
  RawRunOptions raw = kang("intergroup_allgatherv", "S5");
  const RunFingerprint with = run_fingerprint(raw, 4, 1, "lib", "build");
  raw.setting = "S6";
  const RunFingerprint other = run_fingerprint(raw, 4, 1, "lib", "build");
  const std::vector<std::string> diff = fingerprint_differences(with, other, "f.h5");
  ASSERT_EQ(diff.size(), 1u);
  EXPECT_EQ(diff[0], "--setting: 'f.h5' has 'S5', this run 'S6'");
  raw.setting.clear();
  EXPECT_FALSE(run_fingerprint(raw, 4, 1, "lib", "build").contains("--setting"));
  // The block options record their defaults when not given, as files before --setting did.
  EXPECT_EQ(run_fingerprint(raw, 4, 1, "lib", "build").at("--dist"), "arith-code");
}

}  // namespace
}  // namespace papbench
