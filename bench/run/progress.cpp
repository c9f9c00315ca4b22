#include "bench/run/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "common/units.hpp"

namespace papbench {

Progress::Progress(ProgressMode mode, int cases, std::int64_t iterations_total)
    : live_(mode == ProgressMode::kAlways ||
            (mode == ProgressMode::kAuto && isatty(fileno(stderr)) != 0)),
      quiet_(mode == ProgressMode::kNever),
      cases_(cases),
      iterations_total_(iterations_total) {}

std::string Progress::eta() const {
  if (iterations_done_ == 0) return "?";
  const double elapsed_ns =
      static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::steady_clock::now() - start_)
                              .count());
  const double per_iteration = elapsed_ns / static_cast<double>(iterations_done_);
  return format_duration(per_iteration * static_cast<double>(iterations_total_ - iterations_done_));
}

void Progress::begin_case(int index, const std::string& label) {
  index_ = index;
  label_ = label;
  case_done_ = 0;
}

void Progress::tick(int iteration, int total) {
  iterations_done_ += iteration - case_done_;
  case_done_ = iteration;
  if (!live_) return;
  const auto now = std::chrono::steady_clock::now();
  if (iteration != total && now - last_draw_ < std::chrono::milliseconds(200)) return;
  last_draw_ = now;
  fmt::print(stderr, "\r\033[K[case {}/{}] {}  iteration {}/{}  ETA {}", index_ + 1, cases_, label_,
             iteration, total, eta());
  std::fflush(stderr);
}

void Progress::end_case(const std::string& line) {
  if (quiet_) return;
  if (live_) fmt::print(stderr, "\r\033[K");
  if (iterations_done_ < iterations_total_) {
    fmt::print("[{}/{}] {}  (ETA {})\n", index_ + 1, cases_, line, eta());
  } else {
    fmt::print("[{}/{}] {}\n", index_ + 1, cases_, line);
  }
  std::fflush(stdout);
}

}  // namespace papbench
