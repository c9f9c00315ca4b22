#pragma once
// The fuzz entry points: each feeds one input to one parser or reader the way papbench or
// papbench-report would, and lets through only an exception that is not one of the documented
// errors (UsageError for what the user typed or pointed at, FormatError for a result set). The
// seeded mutation test (fuzz_test.cpp) and the optional libFuzzer build (libfuzzer_main.cpp)
// share them, so a crash either finds reproduces in the other.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace papbench::fuzz {

struct Target {
  std::string_view name;  // also the corpus folder: tests/fuzz/corpus/<name>/
  void (*run)(std::string_view input);
  std::vector<std::string> dictionary;  // grammar tokens the mutator splices in
  int mutations;                        // inputs the ctest entry tries (deterministic)
};

// Every target, in the order the test runs them.
std::span<const Target> targets();
const Target* find_target(std::string_view name);

// Where the file-reading targets write their input; one directory per process, removed at exit.
std::string scratch_path(std::string_view file_name);

}  // namespace papbench::fuzz
