#pragma once
// The errors papbench and papbench-report report as such, not as bugs. Both programs print a
// UsageError's message and exit kUsageExit, as CLI11 does for a bad option; any other exception
// is a failure (papbench aborts the MPI job, papbench-report exits 1).

#include <stdexcept>

namespace papbench {

// Base of every error that names its cause in what(): bad input, an unreadable file, a failed
// library call.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Something the user typed or pointed at is wrong (an option value, a count that does not fit an
// MPI int, an input file the tool cannot use); the message says what is accepted.
class UsageError : public Error {
 public:
  using Error::Error;
};

inline constexpr int kUsageExit = 2;

}  // namespace papbench
