// CounterSet against a stand-in libpapi (tests/unit/fake_papi.*): what it does with each of
// PAPI's answers, where the real PAPI of this VM answers nothing.
#include <gtest/gtest.h>
#include <papi.h>

#include <string>
#include <vector>

#include "counters/counter_set.hpp"
#include "tests/unit/fake_papi.hpp"

namespace papbench {
namespace {

const std::vector<std::string> kTwoEvents{"FAKE::CYCLES", "FAKE::INSTR"};

TEST(CounterSetFakePapi, RecordsTheDomainPapiGranted) {
  fake_papi::Knobs& k = fake_papi::reset();
  k.granted_domain = PAPI_DOM_USER;  // as perf_event_paranoid does to kernel counts
  CounterSet set(kTwoEvents, CounterDomain::kAll);
  EXPECT_EQ(k.domain_set, PAPI_DOM_ALL);
  EXPECT_EQ(set.available(), kTwoEvents);
  EXPECT_EQ(set.domain_granted(), "user");
  EXPECT_FALSE(set.domain_as_requested());
}

TEST(CounterSetFakePapi, DomainAsRequested) {
  fake_papi::reset();
  CounterSet all(kTwoEvents, CounterDomain::kAll);
  EXPECT_EQ(all.domain_granted(), "all");
  EXPECT_TRUE(all.domain_as_requested());
  CounterSet kernel(kTwoEvents, CounterDomain::kKernel);
  EXPECT_EQ(kernel.domain_granted(), "kernel");
  EXPECT_TRUE(kernel.domain_as_requested());
}

TEST(CounterSetFakePapi, ARefusedDomainIsSaidAndTheDefaultRecorded) {
  fake_papi::Knobs& k = fake_papi::reset();
  k.set_domain_rc = PAPI_EPERM;
  CounterSet set(kTwoEvents, CounterDomain::kKernel);
  EXPECT_EQ(set.domain_granted(), "user");  // the fake's default, as the component's would be
  EXPECT_FALSE(set.domain_as_requested());
  EXPECT_NE(set.domain_refusal().find("PAPI_set_opt(PAPI_DOMAIN)"), std::string::npos);
  EXPECT_NE(set.domain_refusal().find("fake PAPI error"), std::string::npos);
}

TEST(CounterSetFakePapi, TheOddBitsOfADomainAreNamed) {
  fake_papi::Knobs& k = fake_papi::reset();
  k.granted_domain = PAPI_DOM_USER | PAPI_DOM_KERNEL;
  CounterSet set(kTwoEvents, CounterDomain::kUser);
  EXPECT_EQ(set.domain_granted(), "user|kernel");
}

TEST(CounterSetFakePapi, AStartThatFailsStopsCountingAndTheRunGoesOn) {
  fake_papi::Knobs& k = fake_papi::reset();
  k.fail_start_call = 3;
  k.stop_values = {11, 12, 13, 14};
  CounterSet set(kTwoEvents, CounterDomain::kUser);
  std::vector<std::int64_t> values(2, -1);
  for (int i = 0; i < 2; ++i) {
    set.start();
    set.stop(values);
  }
  EXPECT_EQ(values, (std::vector<std::int64_t>{12, 12}));
  EXPECT_TRUE(set.failure().empty());
  EXPECT_NO_THROW(set.start());  // the third start fails
  EXPECT_EQ(set.failure(), "PAPI_start failed: fake PAPI error -3");
  EXPECT_FALSE(set.counting());
  values.assign(2, -1);
  EXPECT_NO_THROW(set.stop(values));
  EXPECT_NO_THROW(set.start());
  EXPECT_EQ(values, (std::vector<std::int64_t>{-1, -1}));  // nothing read after the failure
  EXPECT_EQ(k.start_calls, 3);                             // and PAPI not asked again
  EXPECT_EQ(k.stop_calls, 2);
}

TEST(CounterSetFakePapi, AStopThatFailsIsSaidToo) {
  fake_papi::Knobs& k = fake_papi::reset();
  k.fail_stop_call = 1;
  CounterSet set(kTwoEvents, CounterDomain::kUser);
  std::vector<std::int64_t> values(2, -1);
  set.start();
  EXPECT_NO_THROW(set.stop(values));
  EXPECT_EQ(set.failure(), "PAPI_stop failed: fake PAPI error -3");
  EXPECT_EQ(values, (std::vector<std::int64_t>{-1, -1}));
}

TEST(CounterSetFakePapi, CalibrationKeepsTheMediansOfEmptyRegions) {
  fake_papi::Knobs& k = fake_papi::reset();
  k.stop_values = {9, 5, 7, 100, 6};  // one outlier; the median is 7
  CounterSet set(kTwoEvents, CounterDomain::kUser);
  const CounterCosts& costs = set.calibrate(5);
  EXPECT_EQ(k.start_calls, 5);
  EXPECT_EQ(costs.empty_counts, (std::vector<std::int64_t>{7, 7}));
  EXPECT_GE(costs.start_ns, 0);
  EXPECT_GE(costs.stop_ns, 0);
  EXPECT_EQ(&set.costs(), &costs);
}

TEST(CounterSetFakePapi, CalibrationStopsAtAFailure) {
  fake_papi::Knobs& k = fake_papi::reset();
  k.fail_start_call = 2;
  k.stop_values = {4, 8, 8, 8};
  CounterSet set(kTwoEvents, CounterDomain::kUser);
  const CounterCosts& costs = set.calibrate(10);
  EXPECT_EQ(k.start_calls, 2);
  EXPECT_EQ(costs.empty_counts, (std::vector<std::int64_t>{4, 4}));  // the one good pair
  EXPECT_FALSE(set.failure().empty());
}

TEST(CounterSetFakePapi, UnknownEventsAreUnavailableBesideKnownOnes) {
  fake_papi::reset();
  const std::vector<std::string> events{"FAKE::CYCLES", "NO_SUCH"};
  CounterSet set(events, CounterDomain::kUser);
  EXPECT_EQ(set.available(), std::vector<std::string>{"FAKE::CYCLES"});
  ASSERT_EQ(set.unavailable().size(), 1u);
  EXPECT_EQ(set.unavailable()[0], "NO_SUCH: fake PAPI error -7");
}

TEST(CounterSetFakePapi, NothingCountedNothingCalibrated) {
  fake_papi::Knobs& k = fake_papi::reset();
  const std::vector<std::string> events{"NO_SUCH"};
  CounterSet set(events, CounterDomain::kUser);
  const CounterCosts& costs = set.calibrate(5);
  EXPECT_EQ(k.start_calls, 0);
  EXPECT_TRUE(costs.empty_counts.empty());
  EXPECT_EQ(set.domain_granted(), "");
  EXPECT_TRUE(set.domain_as_requested());
}

}  // namespace
}  // namespace papbench
