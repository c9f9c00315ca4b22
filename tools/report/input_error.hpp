#pragma once
// The one error the report tool blames on its input (a file it cannot read, a bad value): it
// exits 2 with the message, as CLI11 does for a bad option. Anything else is a bug and exits 1.

#include <stdexcept>

namespace papbench::report {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int kExitInputError = 2;
inline constexpr int kExitInternalError = 1;

}  // namespace papbench::report
