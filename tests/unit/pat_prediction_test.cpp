// The PAT runtime's arrival predictors (pure functions) and the --pat-source names, and the
// options of reduce/clairvoyant as its factory parses them.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "collectives/core/registry.hpp"
#include "collectives/pat/arrival_prediction.hpp"
#include "collectives/pat/pat_source.hpp"
#include "collectives/reduce/clairvoyant_options.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

TEST(EdgeExtrapolation, ScalesTheElapsedPartUp) {
  EXPECT_EQ(edge_extrapolation(1000, 1500, 0.5), 2000);
  EXPECT_EQ(edge_extrapolation(-100, 0, 0.25), 300);
  EXPECT_EQ(edge_extrapolation(7, 7, 1.0), 7);
  EXPECT_THROW(edge_extrapolation(0, 1, 0.0), std::invalid_argument);
  EXPECT_THROW(edge_extrapolation(0, 1, 1.5), std::invalid_argument);
}

TEST(SmaPredictor, NoHistoryNoPrediction) {
  SmaPredictor sma(3);
  EXPECT_EQ(sma.predict(100), std::nullopt);
  EXPECT_THROW(SmaPredictor(0), std::invalid_argument);
}

TEST(SmaPredictor, MeanOfTheLastWindowIntervals) {
  SmaPredictor sma(3);
  sma.record(10);
  EXPECT_EQ(sma.predict(1000), 1010);
  sma.record(20);
  EXPECT_EQ(sma.predict(1000), 1015);
  sma.record(60);
  EXPECT_EQ(sma.predict(1000), 1030);  // (10 + 20 + 60) / 3
  sma.record(100);                     // 10 leaves the window
  EXPECT_EQ(sma.predict(1000), 1060);  // (20 + 60 + 100) / 3
  sma.record(1);
  EXPECT_EQ(sma.predict(0), 54);  // (60 + 100 + 1) / 3 = 53.67, rounded to nearest
}

TEST(SmaPredictor, WindowOfOneRepeatsTheLastInterval) {
  SmaPredictor sma(1);
  for (std::int64_t v : {5, 900, 42}) {
    sma.record(v);
    EXPECT_EQ(sma.predict(10), 10 + v);
  }
}

TEST(SmaPredictor, RoundsHalvesAwayFromZeroAlsoBelowZero) {
  SmaPredictor sma(2);
  sma.record(1);
  sma.record(2);
  EXPECT_EQ(sma.predict(0), 2);  // 1.5
  SmaPredictor neg(2);
  neg.record(-1);
  neg.record(-2);
  EXPECT_EQ(neg.predict(0), -2);  // -1.5
}

TEST(PatSourceNames, AllFormsAndTheirCanonicalNames) {
  EXPECT_EQ(parse_pat_source("bgthread"), PatSource::kBgThread);
  EXPECT_EQ(parse_pat_source("predicted"), PatSource::kBgThread);
  EXPECT_EQ(parse_pat_source("oracle"), PatSource::kOracle);
  const PatSource sma = parse_pat_source("sma:8");
  EXPECT_EQ(sma.kind, PatSource::kSma);
  EXPECT_EQ(sma.window, 8);
  EXPECT_EQ(pat_source_name(sma), "sma:8");
  EXPECT_EQ(pat_source_name(parse_pat_source("bgthread")), "bgthread");
  EXPECT_EQ(pat_source_name(PatSource::kOracle), "oracle");
  for (const char* bad : {"sma", "sma:", "sma:0", "sma:-2", "sma:x", "sma:3x", "guess", ""}) {
    try {
      parse_pat_source(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const UsageError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("--pat-source"), std::string::npos) << what;
      EXPECT_NE(what.find("bgthread"), std::string::npos) << what;
      EXPECT_NE(what.find("sma:W"), std::string::npos) << what;
    }
  }
}

TEST(ClvOptions, SegmentCount) {
  const ClvOptions none;
  EXPECT_EQ(clv_segment_count(none, 1000, 4, 8), 8u);  // min(count, P)
  EXPECT_EQ(clv_segment_count(none, 3, 4, 8), 3u);
  EXPECT_EQ(clv_segment_count(none, 0, 4, 8), 0u);
  EXPECT_EQ(clv_segment_count(ClvOptions{.segments = 7, .segsize_bytes = {}, .round_time_ns = {}},
                              1000, 4, 2),
            7u);
  EXPECT_EQ(clv_segment_count(ClvOptions{.segments = 50, .segsize_bytes = {}, .round_time_ns = {}},
                              10, 4, 2),
            10u);  // at most count
  // 1000 ints = 4000 bytes in 1024-byte segments: ceil(3.9) = 4.
  EXPECT_EQ(clv_segment_count(
                ClvOptions{.segments = {}, .segsize_bytes = 1024, .round_time_ns = {}}, 1000, 4, 2),
            4u);
  EXPECT_EQ(clv_segment_count(
                ClvOptions{.segments = {}, .segsize_bytes = 4000, .round_time_ns = {}}, 1000, 4, 2),
            1u);
  EXPECT_EQ(clv_segment_count(ClvOptions{.segments = {}, .segsize_bytes = 1, .round_time_ns = {}},
                              1000, 4, 2),
            1000u);  // at most count
}

TEST(ClvOptions, RegistryChecksTheKeysAndTheFactoryReadsThem) {
  const ClvOptions o = parse_clv_options({{"segments", "12"}, {"round-time", "50us"}});
  EXPECT_EQ(o.segments, 12u);
  EXPECT_EQ(o.round_time_ns, 50'000);
  EXPECT_FALSE(parse_clv_options({{"round-time", "auto"}}).round_time_ns.has_value());
  EXPECT_EQ(parse_clv_options({{"segsize", "4096"}}).segsize_bytes, 4096u);
  for (const AlgOptions& bad :
       std::initializer_list<AlgOptions>{{{"radix", "4"}},
                                         {{"segments", "0"}},
                                         {{"segments", "many"}},
                                         {{"segsize", "0"}},
                                         {{"round-time", "50"}},
                                         {{"round-time", "0"}},
                                         {{"segments", "2"}, {"segsize", "8"}}}) {
    EXPECT_THROW(make_algorithm(*find_algorithm("reduce", "clairvoyant"), bad), UsageError)
        << bad.begin()->first;
  }
  EXPECT_NE(make_algorithm(*find_algorithm("reduce", "clairvoyant")), nullptr);
}

}  // namespace
}  // namespace papbench
