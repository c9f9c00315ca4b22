#pragma once
// The balanced compute loop of [Parsons2015] Listing 3.2 (after [Faraj2008]): every rank runs the
// same XTIME x 998 dependent steps, so any spread in arrival after it is the machine's own
// (OS noise, cache and TLB misses, interrupts, time slicing), never injected.

#include <array>
#include <cstdint>

namespace papbench {

class XtimeLoop {
 public:
  XtimeLoop();
  // Runs the loop `xtime` times and returns a checksum of every repetition's last element, so
  // the compiler cannot drop the work and a test can see that more repetitions ran.
  std::uint64_t run(std::int64_t xtime);

 private:
  // Unsigned: the recurrence overflows by design, and unsigned wrap-around is defined.
  std::array<std::uint64_t, 1000> a_{};
  std::array<std::uint64_t, 1000> b_{};
};

// The thesis' levels of imbalance, in loop repetitions (Table 3.5, appendix columns).
inline constexpr std::int64_t kThesisXtimeLevels[] = {0, 10'000, 20'000, 40'000, 80'000, 160'000};

}  // namespace papbench
