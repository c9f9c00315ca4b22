#pragma once
// Result sets the result_set fuzz target starts from, made with the writer of this build so
// that they follow the current format: a valid file with every optional part, and files that a
// user may point papbench-report at by mistake (foreign HDF5, a newer or older major version,
// datasets of the wrong shape or type).

#include <string>
#include <utility>
#include <vector>

namespace papbench::fuzz {

// (name, bytes) pairs; `dir` is where they are built.
std::vector<std::pair<std::string, std::string>> result_set_seeds(const std::string& dir);

}  // namespace papbench::fuzz
