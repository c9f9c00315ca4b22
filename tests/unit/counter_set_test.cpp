#include "counters/counter_set.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace papbench {
namespace {

TEST(CounterSet, UnknownEventIsUnavailableNotFatal) {
  const std::vector<std::string> events{"NO_SUCH_EVENT_X"};
  CounterSet set(events, CounterDomain::kUser);
  EXPECT_TRUE(set.available().empty());
  ASSERT_EQ(set.unavailable().size(), 1u);
  EXPECT_NE(set.unavailable()[0].find("NO_SUCH_EVENT_X"), std::string::npos);
  std::vector<std::int64_t> values;
  set.start();
  set.stop(values);  // a set with nothing to count still starts and stops
}

TEST(CounterSet, SoftwareEventCountsBusyWork) {
  const std::vector<std::string> events{"perf::TASK-CLOCK", "NO_SUCH_EVENT_Y"};
  CounterSet set(events, CounterDomain::kUser);
  if (set.available().empty()) {
    GTEST_SKIP() << "perf::TASK-CLOCK not countable here: " << set.unavailable().front();
  }
  ASSERT_EQ(set.available(), std::vector<std::string>{"perf::TASK-CLOCK"});
  std::vector<std::int64_t> values(1);
  set.start();
  volatile double x = 0;
  for (int i = 0; i < 2'000'000; ++i) x = x + 1.0 / (i + 1);
  set.stop(values);
  EXPECT_GT(values[0], 0);
}

}  // namespace
}  // namespace papbench
