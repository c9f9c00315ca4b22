#pragma once
// Where the start's last spin aims. The spin ends at its deadline, but the arrival reading a_i
// comes a nearly constant path later: the return from the wait and the compute phase, the
// counters' check, the clock read (issue 30: 75-85 ns at p1, 115-185 ns at p50 for a 2-rank
// reduce on the issue-30 VM, p25-p75 only ~30 ns apart). A spin aimed that much before the
// planned arrival centres the arrival error on 0 instead of leaving it all on the late side.
//
// The lead is the median of the last kWindow exits measured against the deadline the spin was
// aimed at (a_i - aimed deadline), so it does not feed on itself, and a preempted exit or two
// cannot move it; it is clipped to kMaxLeadNs. Recorded after the call, outside the timed region.

#include <array>
#include <cstdint>

namespace papbench {

class ArrivalAim {
 public:
  static constexpr int kWindow = 31;
  // Far above any exit path (a few hundred ns), far below a planned delay's scale.
  static constexpr std::int64_t kMaxLeadNs = 2'000;

  // How far before the planned arrival the spin ends (0 until an exit was recorded).
  std::int64_t lead_ns() const { return lead_ns_; }
  // One spin that began before its aimed deadline: a_i - that deadline, in ns.
  void record(std::int64_t exit_latency_ns);

 private:
  std::array<std::int64_t, kWindow> ring_{};
  int size_ = 0;
  int next_ = 0;
  std::int64_t lead_ns_ = 0;
};

}  // namespace papbench
