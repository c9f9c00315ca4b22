// The seeded mutation fuzz test: for every target, each corpus file as it is (seeds and the
// regression cases of earlier findings), then a fixed number of mutations of them. The inputs
// are the same on every run; PAPBENCH_FUZZ_SEED and PAPBENCH_FUZZ_RUNS (a multiplier) explore
// further by hand. A finding is written to fuzz-findings/<target>-<n> in the working directory,
// ready to be copied into tests/fuzz/corpus/<target>/ as its regression case. An input on which
// HDF5 itself crashes ends the process with the reader's crash message (ReaderCrashGuard); it is
// then the result.h5 left in the scratch directory /tmp/papbench-fuzz-PID.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "tests/fuzz/fuzz_targets.hpp"
#include "tests/fuzz/mutator.hpp"
#include "tests/fuzz/result_set_seeds.hpp"

namespace papbench::fuzz {
namespace {

namespace fs = std::filesystem;
using Input = std::pair<std::string, std::string>;  // name, bytes

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::strtoull(v, nullptr, 10) : fallback;
}

std::vector<Input> corpus(std::string_view target) {
  std::vector<Input> inputs;
  const fs::path dir = fs::path(PAPBENCH_FUZZ_CORPUS) / target;
  if (!fs::is_directory(dir)) return inputs;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());  // directory order differs between file systems
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    inputs.emplace_back(f.filename().string(), std::string(std::istreambuf_iterator<char>(in),
                                                           std::istreambuf_iterator<char>()));
  }
  return inputs;
}

class Fuzz : public ::testing::TestWithParam<std::string_view> {
 protected:
  // Runs one input; an escaping exception is a finding, kept for the corpus.
  void run_one(const Target& t, const std::string& label, const std::string& input) {
    std::string what;
    try {
      t.run(input);
      return;
    } catch (const std::exception& e) {
      what = fmt::format("{} ({})", e.what(), typeid(e).name());
    } catch (...) {
      what = "a non-standard exception";
    }
    const fs::path keep = fs::path("fuzz-findings") / fmt::format("{}-{}", t.name, ++findings_);
    fs::create_directories(keep.parent_path());
    std::ofstream(keep, std::ios::binary) << input;
    ADD_FAILURE() << t.name << " " << label << ": undocumented exception: " << what
                  << "\n  input: \"" << escaped(input) << "\"\n  kept as " << keep;
  }
  int findings_ = 0;
};

TEST_P(Fuzz, OnlyDocumentedErrors) {
  const Target* t = find_target(GetParam());
  ASSERT_NE(t, nullptr);
  std::vector<Input> seeds = corpus(t->name);
  if (t->name == "result_set") {
    const std::string dir = fs::path(scratch_path("seeds")).string();
    fs::create_directories(dir);
    for (auto& s : result_set_seeds(dir)) seeds.push_back(std::move(s));
  }
  ASSERT_FALSE(seeds.empty()) << "no corpus under " << PAPBENCH_FUZZ_CORPUS << "/" << t->name;

  for (const auto& [name, bytes] : seeds) run_one(*t, name, bytes);

  const std::uint64_t seed = env_number("PAPBENCH_FUZZ_SEED", 20261125);
  const std::uint64_t runs = static_cast<std::uint64_t>(t->mutations) *
                             std::max<std::uint64_t>(env_number("PAPBENCH_FUZZ_RUNS", 1), 1);
  Mutator mutator(seed ^ std::hash<std::string_view>{}(t->name), t->dictionary);
  const std::size_t max_size = t->name == "result_set" ? 1 << 20 : 4096;
  for (std::uint64_t i = 0; i < runs && findings_ < 10; ++i) {
    const auto& [name, bytes] = seeds[i % seeds.size()];
    run_one(*t, fmt::format("mutation {} of {}", i, name), mutator.mutate(bytes, max_size));
  }
}

std::vector<std::string_view> target_names() {
  std::vector<std::string_view> names;
  for (const Target& t : targets()) names.push_back(t.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Targets, Fuzz, ::testing::ValuesIn(target_names()),
                         [](const auto& param_info) { return std::string(param_info.param); });

}  // namespace
}  // namespace papbench::fuzz
