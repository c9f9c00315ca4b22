#pragma once
// The arrival-time predictors of the PAT runtime, as pure functions of the times a rank has
// measured, so they can be tested without threads or MPI.

#include <cstdint>
#include <deque>
#include <optional>

namespace papbench {

// Edge extrapolation ([Proficz2018], used by [Proficz2020] §3; docs/ALGORITHMS.md, Deviation: PAT
// estimation): the computation runs at a constant rate, so it ends where the part done by the edge,
// scaled up by 1/fraction, ends. fraction in (0, 1].
std::int64_t edge_extrapolation(std::int64_t start_ns, std::int64_t edge_ns, double fraction);

// Simple moving average of the last `window` compute intervals (the original Clairvoyant paper's
// SMA, [Marendic2016] as [ProficzOcetkiewicz2021] §2 describes it): it assumes that each rank's
// arrival pattern repeats, so this iteration lasts as long as the recent ones did on average.
class SmaPredictor {
 public:
  explicit SmaPredictor(int window);  // std::invalid_argument unless window >= 1

  // A finished iteration's measured interval: actual arrival - processing start.
  void record(std::int64_t interval_ns);
  // start_ns + the mean of the recorded intervals (at most `window`, newest), rounded to the
  // nearest ns; nullopt before any interval was recorded.
  std::optional<std::int64_t> predict(std::int64_t start_ns) const;
  int window() const { return window_; }

 private:
  int window_;
  std::deque<std::int64_t> history_;  // newest at the back
  std::int64_t sum_ = 0;              // of history_
};

}  // namespace papbench
