// The clock sync's CPU pin (clocksync/exchange_pin.hpp): one CPU for the round, off the one to
// avoid where another is allowed, and the affinity given back afterwards.
#include "clocksync/exchange_pin.hpp"

#include <gtest/gtest.h>

namespace papbench::clocksync {
namespace {

cpu_set_t affinity() {
  cpu_set_t set;
  CPU_ZERO(&set);
  EXPECT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  return set;
}

TEST(ExchangePin, PinsToOneCpuAndGivesTheAffinityBack) {
  const cpu_set_t before = affinity();
  if (CPU_COUNT(&before) < 2) GTEST_SKIP() << "this thread may run on one CPU only";
  {
    const ExchangePin pin;
    ASSERT_GE(pin.cpu(), 0);
    const cpu_set_t now = affinity();
    EXPECT_EQ(CPU_COUNT(&now), 1);
    EXPECT_TRUE(CPU_ISSET(pin.cpu(), &now));
    EXPECT_TRUE(CPU_ISSET(pin.cpu(), &before));
    EXPECT_EQ(current_cpu(), pin.cpu());
  }
  const cpu_set_t after = affinity();
  EXPECT_TRUE(CPU_EQUAL(&before, &after));
}

TEST(ExchangePin, KeepsOffTheCpuToAvoid) {
  const cpu_set_t before = affinity();
  if (CPU_COUNT(&before) < 2) GTEST_SKIP() << "this thread may run on one CPU only";
  // Avoid the CPU the thread is on: it must move to another one it may use.
  const int here = current_cpu();
  ASSERT_GE(here, 0);
  const ExchangePin pin(here);
  ASSERT_GE(pin.cpu(), 0);
  EXPECT_NE(pin.cpu(), here);
  EXPECT_TRUE(CPU_ISSET(pin.cpu(), &before));
  EXPECT_EQ(current_cpu(), pin.cpu());
}

TEST(ExchangePin, LeavesAThreadAloneThatMayUseOnlyTheCpuToAvoid) {
  const cpu_set_t before = affinity();
  const int here = current_cpu();
  ASSERT_GE(here, 0);
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(here, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  {
    const ExchangePin pin(here);
    EXPECT_EQ(pin.cpu(), -1);
  }
  const cpu_set_t still = affinity();
  EXPECT_TRUE(CPU_EQUAL(&still, &one));
  ASSERT_EQ(sched_setaffinity(0, sizeof before, &before), 0);
}

}  // namespace
}  // namespace papbench::clocksync
