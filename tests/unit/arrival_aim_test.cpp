// Where the start's last spin aims (imbalance/arrival_aim.hpp): the median exit latency of the
// recent spins, unmoved by a preempted exit, clipped.
#include "imbalance/arrival_aim.hpp"

#include <gtest/gtest.h>

namespace papbench {
namespace {

TEST(ArrivalAim, NoLeadUntilAnExitIsRecorded) {
  const ArrivalAim aim;
  EXPECT_EQ(aim.lead_ns(), 0);
}

TEST(ArrivalAim, LeadIsTheMedianOfTheRecentExits) {
  ArrivalAim aim;
  aim.record(90);
  EXPECT_EQ(aim.lead_ns(), 90);
  aim.record(120);
  aim.record(100);
  EXPECT_EQ(aim.lead_ns(), 100);
  // Only the last kWindow count: after a window of 60 ns exits the lead is 60.
  for (int i = 0; i < ArrivalAim::kWindow; ++i) aim.record(60);
  EXPECT_EQ(aim.lead_ns(), 60);
}

TEST(ArrivalAim, APreemptedExitDoesNotMoveTheLead) {
  ArrivalAim aim;
  for (int i = 0; i < 10; ++i) aim.record(110);
  aim.record(5'000'000);  // a spin that lost its CPU for 5 ms
  aim.record(3'000'000);
  EXPECT_EQ(aim.lead_ns(), 110);
}

TEST(ArrivalAim, LeadIsClipped) {
  ArrivalAim aim;
  for (int i = 0; i < ArrivalAim::kWindow; ++i) aim.record(1'000'000);
  EXPECT_EQ(aim.lead_ns(), ArrivalAim::kMaxLeadNs);
  for (int i = 0; i < ArrivalAim::kWindow; ++i) aim.record(-40);  // a slewing clock's reading
  EXPECT_EQ(aim.lead_ns(), 0);
}

}  // namespace
}  // namespace papbench
