#include "imbalance/deadline_wait.hpp"

#include <gtest/gtest.h>

#include "clocksync/global_clock.hpp"

namespace papbench {
namespace {

TEST(DeadlineWait, NeverReturnsBeforeTheDeadline) {
  const clocksync::LocalClock clock;
  for (std::int64_t lead : {50'000LL, 300'000LL, 2'000'000LL}) {
    const std::int64_t deadline = clock.now() + lead;
    const WaitResult r = wait_until(clock, deadline);
    EXPECT_GE(clock.now(), deadline);
    EXPECT_GE(r.overshoot_ns, 0);
    EXPECT_EQ(r.late_at_entry_ns, 0) << lead;
  }
}

TEST(DeadlineWait, ReportsAPassedDeadline) {
  const clocksync::LocalClock clock;
  const std::int64_t deadline = clock.now() - 1'000'000;
  const WaitResult r = wait_until(clock, deadline);
  EXPECT_GE(r.late_at_entry_ns, 1'000'000);
}

}  // namespace
}  // namespace papbench
