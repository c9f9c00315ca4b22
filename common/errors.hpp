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

// The input holds what was asked for, but in a form the tool will not take as it is (a report
// view's point measured in two configurations). `table --verdicts` names such a view instead of
// counting it among those whose cases the files do not hold.
class RefusedInputError : public UsageError {
 public:
  using UsageError::UsageError;
};

inline constexpr int kUsageExit = 2;

}  // namespace papbench
