#pragma once
// For tests of option and file parsing: what the user would read on stderr.

#include <string>

#include "common/units.hpp"

namespace papbench {

// The message of the UsageError `f` throws, or "" when it throws none.
template <typename F>
std::string usage_error(F&& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace papbench
