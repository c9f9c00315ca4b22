#include "imbalance/xtime_loop.hpp"

#include <gtest/gtest.h>

#include "common/units.hpp"
#include "imbalance/arrival_pattern.hpp"
#include "imbalance/pattern_compute.hpp"

namespace papbench {
namespace {

TEST(XtimeLoop, SameXtimeSameChecksumOnEveryLoop) {
  // Every rank runs the same work: the checksum is a pure function of XTIME.
  XtimeLoop a, b;
  EXPECT_EQ(a.run(1000), b.run(1000));
  EXPECT_EQ(a.run(1000), a.run(1000));
}

TEST(XtimeLoop, ChecksumDependsOnEveryRepetition) {
  // Were the compiler to drop repetitions, neighbouring XTIMEs would collide.
  XtimeLoop loop;
  EXPECT_EQ(loop.run(0), 0u);
  const auto c1 = loop.run(1);
  const auto c10 = loop.run(10);
  const auto c11 = loop.run(11);
  EXPECT_NE(c1, 0u);
  EXPECT_NE(c10, c11);
  EXPECT_NE(c1, c10);
}

TEST(ComputePattern, ParsesLevelsAndPlansNoDelay) {
  EXPECT_EQ(parse_compute_xtime("compute:40000"), 40000);
  EXPECT_EQ(parse_compute_xtime("compute:160k"), 160000);
  EXPECT_EQ(parse_compute_xtime("compute:0"), 0);
  auto p = make_pattern("compute:10k", PatternContext{4, 0, 0, 1});
  EXPECT_EQ(p->xtime(), 10000);
  EXPECT_EQ(p->delay_ns(3, 2), 0);
  EXPECT_EQ(make_pattern("uniform", PatternContext{4, 0, 1000, 1})->xtime(), 0);
}

TEST(ComputePattern, RejectsBadCountsNamingTheOption) {
  for (const char* bad : {"compute:", "compute:-1", "compute:1.5", "compute:x", "compute:10kk"}) {
    try {
      validate_pattern_syntax(bad);
      ADD_FAILURE() << bad << " accepted";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("--pattern"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace papbench
