// capture/substitution_spec.hpp: what --substitute and PAPBENCH_SUBSTITUTE accept and how they
// refuse the rest (the e2e test capture_substitute.sh runs the accepted ones in an application).
#include "capture/substitution_spec.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/errors.hpp"

namespace papbench::capture {
namespace {

std::string refusal(const std::vector<std::string>& items) {
  try {
    parse_substitutions(items, "--substitute");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(SubstitutionSpec, ParsesCollectiveSiteAndOptions) {
  const std::vector<std::string> items = {"reduce=radixk:radix=4",
                                          "site=ns::f(int)+0x1a:bcast=binomial", "gather=bnom"};
  const auto rules = parse_substitutions(items, "--substitute");
  ASSERT_EQ(rules.size(), 3U);
  EXPECT_EQ(rules[0].site, "");
  EXPECT_EQ(rules[0].collective, "reduce");
  EXPECT_EQ(rules[0].algorithm->name, "radixk");
  EXPECT_EQ(rules[0].options.at("radix"), "4");
  // A demangled site holds "::": the site ends at ":COLLECTIVE=".
  EXPECT_EQ(rules[1].site, "ns::f(int)+0x1a");
  EXPECT_EQ(rules[1].collective, "bcast");
  EXPECT_EQ(rules[1].algorithm->name, "binomial");
  EXPECT_EQ(rules[2].text, "gather=bnom");
}

TEST(SubstitutionSpec, RefusesWhatCannotServeAnApplication) {
  EXPECT_NE(refusal({"reduce=clairvoyant"}).find("'clairvoyant' needs the PAT runtime"),
            std::string::npos);
  EXPECT_NE(refusal({"scatter=native"}).find("is the library's own call"), std::string::npos);
  const std::string unknown = refusal({"bcast=nosuch"});
  EXPECT_NE(unknown.find("--substitute: 'bcast=nosuch': 'nosuch' is not an algorithm of bcast; "
                         "accepted for bcast: "),
            std::string::npos);
  EXPECT_EQ(unknown.find("native"), std::string::npos);  // not offered
  EXPECT_NE(refusal({"alltoall=ring"}).find("does not start with a collective; accepted: "),
            std::string::npos);
  EXPECT_NE(refusal({"site=main+0x10"}).find("names a site but no collective"), std::string::npos);
  EXPECT_NE(refusal({"reduce=radixk:radix"}).find("option 'radix' is not key=value"),
            std::string::npos);
  EXPECT_NE(refusal({"reduce=radixk:nosuch=1"}).find("--substitute: 'reduce=radixk:nosuch=1': "),
            std::string::npos);
  EXPECT_NE(refusal({"reduce=binomial", "reduce=ring"}).find("both substitute reduce"),
            std::string::npos);
  // A site rule beside a collective's rule is no duplicate.
  EXPECT_EQ(refusal({"reduce=binomial", "site=main+0x10:reduce=ring"}), "");
}

// The nonblocking collectives papbench has schedules for; the benchmark's overlap options are not
// the application's; gatherv and scatterv have no algorithm a rule could name.
TEST(SubstitutionSpec, NonblockingRowsAndTheirRefusals) {
  const std::vector<std::string> items = {"iallreduce=ring", "site=main+0x2a:ibcast=binomial",
                                          "allreduce=ring"};
  const auto rules = parse_substitutions(items, "--substitute");
  ASSERT_EQ(rules.size(), 3U);
  EXPECT_EQ(rules[0].collective, "iallreduce");
  EXPECT_EQ(rules[0].algorithm->full_name(), "iallreduce/ring");
  // "main+0x2a:ibcast=" ends the site: no ":bcast=" inside "ibcast" cuts it short.
  EXPECT_EQ(rules[1].site, "main+0x2a");
  EXPECT_EQ(rules[1].collective, "ibcast");
  EXPECT_EQ(rules[2].collective, "allreduce");
  EXPECT_NE(refusal({"ibcast=native"}).find("is the library's own call"), std::string::npos);
  EXPECT_NE(refusal({"iallreduce=ring:overlap-compute=20us"})
                .find("option 'overlap-compute' is the benchmark's"),
            std::string::npos);
  EXPECT_NE(refusal({"ibcast=binomial:test-interval=5us"}).find("option 'test-interval'"),
            std::string::npos);
  for (const std::string v : {"gatherv", "scatterv"}) {
    const std::string why = refusal({v + "=lin"});
    EXPECT_NE(why.find("papbench has no " + v + " algorithm"), std::string::npos) << why;
    EXPECT_NE(why.find("only the root knows the counts"), std::string::npos) << why;
  }
}

TEST(SubstitutionSpec, EnvironmentValueRoundTrips) {
  const std::vector<std::string> items = {"reduce=binomial", "site=a::b+0x1:bcast=flat"};
  EXPECT_EQ(split_substitutions(join_substitutions(items)), items);
  EXPECT_TRUE(split_substitutions("").empty());
}

}  // namespace
}  // namespace papbench::capture
