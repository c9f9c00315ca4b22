// libFuzzer entry for one target of fuzz_targets.hpp, chosen at compile time
// (PAPBENCH_FUZZ_TARGET), for coverage-guided runs beyond the fixed inputs of the ctest entry.
// An undocumented exception escapes to libFuzzer, which reports it as a crash with its input.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "tests/fuzz/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const papbench::fuzz::Target* target = [] {
    const papbench::fuzz::Target* t = papbench::fuzz::find_target(PAPBENCH_FUZZ_TARGET);
    if (t == nullptr) std::abort();
    return t;
  }();
  target->run(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
