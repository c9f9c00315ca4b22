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

// A clock that advances a fixed step per reading and never otherwise: a wait that slept would
// find the deadline as far away as before, so only a wait that spins throughout ends quickly.
struct SteppingClock {
  mutable std::int64_t t = 0;
  mutable int reads = 0;
  std::int64_t now() const {
    ++reads;
    return t += 1'000;
  }
};

TEST(DeadlineWait, SpinsTheWholeWaitWhenAskedTo) {
  const SteppingClock clock;
  const WaitResult r = wait_until(clock, 10'000'000, kSpinWholeWait);
  EXPECT_EQ(r.late_at_entry_ns, 0);
  EXPECT_EQ(r.overshoot_ns, 0);
  EXPECT_EQ(clock.reads, 10'000);  // every reading a spin: never a sleep in between
}

TEST(StartSpin, SpinsThroughTheWaitOnlyWithACpuPerThread) {
  EXPECT_EQ(start_spin_ns(2, 2), kSpinWholeWait);
  EXPECT_EQ(start_spin_ns(1, 16), kSpinWholeWait);
  EXPECT_EQ(start_spin_ns(8, 2), kDefaultSpinNs);  // oversubscribed: sleep, spin the end
  EXPECT_EQ(start_spin_ns(4, 2), kDefaultSpinNs);  // 2 ranks with a PAT thread each on 2 CPUs
  EXPECT_EQ(start_spin_ns(1, 0), kDefaultSpinNs);  // CPUs unknown: assume shared
}

TEST(StartSpin, APreemptedWholeWaitSpinGivesWayToSleeping) {
  EXPECT_EQ(spin_after_wait(kSpinWholeWait, 80), kSpinWholeWait);  // a clean spin's overshoot
  EXPECT_EQ(spin_after_wait(kSpinWholeWait, 3'000'000), kDefaultSpinNs);
  EXPECT_EQ(spin_after_wait(kDefaultSpinNs, 3'000'000), kDefaultSpinNs);  // already sleeping
}

}  // namespace
}  // namespace papbench
