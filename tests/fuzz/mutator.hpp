#pragma once
// A seeded, deterministic input mutator in the manner of libFuzzer's default mutations (bit
// flips, interesting bytes, dictionary splices, erased, duplicated and truncated ranges), so that
// the fuzz entries run the same inputs on every machine and a failure reproduces from its seed.

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace papbench::fuzz {

class Mutator {
 public:
  // `dictionary`: tokens the grammar knows (units, separators, keys), spliced into inputs so
  // that mutations reach past the first check of a parser.
  Mutator(std::uint64_t seed, std::vector<std::string> dictionary);

  // One to four stacked mutations of `input`, at most `max_size` bytes long.
  std::string mutate(std::string_view input, std::size_t max_size = 4096);

 private:
  std::size_t below(std::size_t n);  // uniform in [0, n); 0 when n == 0
  void mutate_once(std::string& s);

  std::mt19937_64 rng_;
  std::vector<std::string> dictionary_;
};

// Binary-safe printable form of an input for failure messages ("\x89HDF\r\n...").
std::string escaped(std::string_view input, std::size_t max_shown = 300);

}  // namespace papbench::fuzz
