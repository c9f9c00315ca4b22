#include "imbalance/arrival_pattern.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include "common/units.hpp"

namespace papbench {
namespace {

constexpr std::int64_t kMax = 50'000'000;

std::vector<std::int64_t> sample(const ArrivalPattern& p, int size, int iterations) {
  std::vector<std::int64_t> out;
  for (int it = 0; it < iterations; ++it)
    for (int r = 0; r < size; ++r) out.push_back(p.delay_ns(it, r));
  return out;
}

TEST(ArrivalPattern, NoneIsZero) {
  auto p = make_pattern("none", {8, 0, kMax, 1});
  for (auto d : sample(*p, 8, 10)) EXPECT_EQ(d, 0);
}

TEST(ArrivalPattern, RandomPatternsStayInRangeAndAreDeterministic) {
  for (const char* name : {"uniform", "normal", "exponential"}) {
    auto a = make_pattern(name, {16, 0, kMax, 42});
    auto b = make_pattern(name, {16, 0, kMax, 42});
    auto c = make_pattern(name, {16, 0, kMax, 43});
    auto sa = sample(*a, 16, 200);
    EXPECT_EQ(sa, sample(*b, 16, 200)) << name;
    EXPECT_NE(sa, sample(*c, 16, 200)) << name;
    for (auto d : sa) {
      EXPECT_GE(d, 0) << name;
      EXPECT_LE(d, kMax) << name;
    }
  }
}

TEST(ArrivalPattern, ShapesHaveTheirMoments) {
  const int n = 64;
  const int iters = 500;
  auto mean_of = [&](const char* name) {
    auto s = sample(*make_pattern(name, {n, 0, kMax, 7}), n, iters);
    return std::accumulate(s.begin(), s.end(), 0.0) / static_cast<double>(s.size()) / kMax;
  };
  EXPECT_NEAR(mean_of("uniform"), 0.5, 0.01);
  EXPECT_NEAR(mean_of("normal"), 0.5, 0.01);
  // Truncated exponential with scale 1/4 of the range: mean 0.25 - e^-4/(1-e^-4) = 0.2313.
  EXPECT_NEAR(mean_of("exponential"), 0.2313, 0.01);
}

TEST(ArrivalPattern, RampIsLinearInRank) {
  auto p = make_pattern("ramp", {5, 0, 40'000'000, 1});
  EXPECT_EQ(p->delay_ns(0, 0), 0);
  EXPECT_EQ(p->delay_ns(0, 1), 10'000'000);
  EXPECT_EQ(p->delay_ns(3, 4), 40'000'000);
  auto single = make_pattern("ramp", {1, 0, kMax, 1});
  EXPECT_EQ(single->delay_ns(0, 0), 0);
}

TEST(ArrivalPattern, LateRankAndLateRoot) {
  auto p = make_pattern("late:3:20ms", {4, 0, kMax, 1});
  EXPECT_EQ(p->delay_ns(0, 3), 20'000'000);
  EXPECT_EQ(p->delay_ns(5, 2), 0);
  auto root = make_pattern("late:root", {4, 2, kMax, 1});
  EXPECT_EQ(root->delay_ns(0, 2), kMax);
  EXPECT_EQ(root->delay_ns(0, 0), 0);
  EXPECT_THROW(make_pattern("late:4:1ms", {4, 0, kMax, 1}), UsageError);
  EXPECT_THROW(make_pattern("late:x:1ms", {4, 0, kMax, 1}), UsageError);
  EXPECT_THROW(make_pattern("late:1:1parsec", {4, 0, kMax, 1}), UsageError);
}

TEST(ArrivalPattern, UnknownSpecNamesAcceptedOnes) {
  try {
    validate_pattern_syntax("gaussian");
    FAIL();
  } catch (const UsageError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("--pattern"), std::string::npos);
    EXPECT_NE(what.find("uniform"), std::string::npos);
    EXPECT_NE(what.find("late:RANK"), std::string::npos);
  }
}

TEST(ArrivalPattern, ReplayCsvCyclesIterations) {
  const auto path = std::filesystem::temp_directory_path() / "papbench_replay_test.csv";
  {
    std::ofstream out(path);
    out << "# recorded pattern\nrank0,rank1,rank2\n0,100,200\n5,0,7\n";
  }
  auto p = make_pattern("replay:" + path.string(), {3, 0, 0, 1});
  EXPECT_EQ(p->delay_ns(0, 2), 200);
  EXPECT_EQ(p->delay_ns(1, 0), 5);
  EXPECT_EQ(p->delay_ns(2, 1), 100);  // cycles
  EXPECT_EQ(p->delay_ns(-1, 2), 7);   // warm-up iterations cycle backwards
  EXPECT_THROW(make_pattern("replay:" + path.string(), {4, 0, 0, 1}), UsageError);
  EXPECT_THROW(make_pattern("replay:/nonexistent/file.csv", {3, 0, 0, 1}), UsageError);
  std::filesystem::remove(path);
}

// Found by tests/fuzz: a delay near INT64_MAX made the planned arrival T0 + compute + delay
// overflow; blank and CRLF-blank lines were "empty item in list" without a file or line.
TEST(ArrivalPattern, ReplayCsvRefusesOverlongDelaysAndSkipsBlankLines) {
  const auto path = std::filesystem::temp_directory_path() / "papbench_replay_fuzz_test.csv";
  const auto write = [&](const char* text) { std::ofstream(path, std::ios::trunc) << text; };
  write("0,1\r\n \t\r\n\r\n2,3\r\n");
  auto p = make_pattern("replay:" + path.string(), {2, 0, 0, 1});
  EXPECT_EQ(p->delay_ns(1, 1), 3);

  write("0,9223372036854775807\n");
  try {
    make_pattern("replay:" + path.string(), {2, 0, 0, 1});
    ADD_FAILURE() << "an overlong delay was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find(":1: delay 9223372036854775807 ns is longer than"),
              std::string::npos)
        << e.what();
  }
  write("0,1000000000000000000\n");  // the longest accepted, as for a typed duration
  EXPECT_EQ(make_pattern("replay:" + path.string(), {2, 0, 0, 1})->delay_ns(0, 1),
            1'000'000'000'000'000'000);

  write("0,1\n,\n");
  try {
    make_pattern("replay:" + path.string(), {2, 0, 0, 1});
    ADD_FAILURE() << "an empty cell was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string() + ":2: empty item"), std::string::npos)
        << e.what();
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace papbench
