#pragma once
// How papbench and papbench-report print an error: never by a call that can throw. With stderr
// closed (2>&-) or full (2>/dev/full) fmt::print(stderr, ...) throws, and from inside an error
// handler that ended in std::terminate (exit 134) instead of the error's exit code (issue 31).

#include <cstdio>
#include <string_view>

namespace papbench {

// A message that cannot be written is lost; the exit code still says what happened.
inline void print_error(std::string_view text) noexcept {
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
}

}  // namespace papbench
