#include "tests/fuzz/mutator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace papbench::fuzz {
namespace {

// Values that sit on the edges parsers get wrong: sign, zero, int and int64 limits, floats that
// are not finite, exponents.
constexpr std::array<std::string_view, 18> kNumbers = {"0",
                                                       "-1",
                                                       "1",
                                                       "2147483647",
                                                       "2147483648",
                                                       "4294967296",
                                                       "1e308",
                                                       "nan",
                                                       "inf",
                                                       "9223372036854775807",
                                                       "9223372036854775808",
                                                       "18446744073709551616",
                                                       "0.5",
                                                       "1.0000001",
                                                       "999999999999999999999999",
                                                       ".",
                                                       "00000000000000000001",
                                                       "-0"};
constexpr std::array<char, 16> kBytes = {'\0', '\xff', ',', ':', '=',  '\n', '#', '-',
                                         'x',  '+',    ' ', '.', '\r', '\t', '9', '\x7f'};

}  // namespace

Mutator::Mutator(std::uint64_t seed, std::vector<std::string> dictionary)
    : rng_(seed), dictionary_(std::move(dictionary)) {}

std::size_t Mutator::below(std::size_t n) {
  if (n == 0) return 0;
  return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
}

void Mutator::mutate_once(std::string& s) {
  const auto insert_at = [&](std::string_view token) { s.insert(below(s.size() + 1), token); };
  switch (below(9)) {
    case 0:  // flip one bit
      if (!s.empty()) s[below(s.size())] ^= static_cast<char>(1u << below(8));
      break;
    case 1:  // overwrite a byte with an interesting one
      if (!s.empty()) s[below(s.size())] = kBytes[below(kBytes.size())];
      break;
    case 2:  // insert an interesting byte
      insert_at(std::string_view(&kBytes[below(kBytes.size())], 1));
      break;
    case 3:  // splice a dictionary token
      if (!dictionary_.empty()) insert_at(dictionary_[below(dictionary_.size())]);
      break;
    case 4:  // replace a run of digits with an edge number
    {
      const std::size_t at = below(s.size() + 1);
      std::size_t end = at;
      while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]))) ++end;
      s.replace(at, end - at, kNumbers[below(kNumbers.size())]);
      break;
    }
    case 5:  // erase a range
      if (!s.empty()) {
        const std::size_t at = below(s.size());
        s.erase(at, 1 + below(std::min<std::size_t>(s.size() - at, 16)));
      }
      break;
    case 6:  // duplicate a range in place
      if (!s.empty()) {
        const std::size_t at = below(s.size());
        const std::string part = s.substr(at, 1 + below(std::min<std::size_t>(s.size() - at, 16)));
        insert_at(part);
      }
      break;
    case 7:  // truncate
      s.resize(below(s.size() + 1));
      break;
    default:  // replace a byte by a dictionary token
      if (!s.empty() && !dictionary_.empty()) {
        s.replace(below(s.size()), 1, dictionary_[below(dictionary_.size())]);
      }
      break;
  }
}

std::string Mutator::mutate(std::string_view input, std::size_t max_size) {
  std::string s(input);
  const std::size_t rounds = 1 + below(4);
  for (std::size_t i = 0; i < rounds; ++i) mutate_once(s);
  if (s.size() > max_size) s.resize(max_size);
  return s;
}

std::string escaped(std::string_view input, std::size_t max_shown) {
  std::string out;
  for (const char c : input.substr(0, max_shown)) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (u < 0x20 || u >= 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  if (input.size() > max_shown) out += fmt::format("... ({} bytes)", input.size());
  return out;
}

}  // namespace papbench::fuzz
