#pragma once
// Rank 0's progress display: a live "case i/n, iteration j/k, ETA" line on a terminal, and one
// line per finished case everywhere (also when stdout is a pipe under mpiexec or a batch job).

#include <chrono>
#include <cstdint>
#include <string>

#include "bench/run/run_options.hpp"

namespace papbench {

class Progress {
 public:
  Progress(ProgressMode mode, int cases, std::int64_t iterations_total);
  void begin_case(int index, const std::string& label);
  void tick(int iteration, int total);
  void end_case(const std::string& line);

 private:
  std::string eta() const;
  bool live_;
  bool quiet_;
  int cases_;
  int index_ = 0;
  std::string label_;
  std::int64_t iterations_total_;
  std::int64_t iterations_done_ = 0;
  std::int64_t case_done_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace papbench
