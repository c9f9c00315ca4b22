#pragma once
// One helper for options that take one word of a fixed set (--sync window|barrier, ...), so every
// such option refuses a bad word with the same message: the option, the word, the accepted words.

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string_view>
#include <utility>
#include <vector>

#include "common/units.hpp"

namespace papbench {

template <typename T>
using Choices = std::vector<std::pair<std::string_view, T>>;

template <typename T>
T parse_choice(std::string_view option, std::string_view text, const Choices<T>& choices) {
  for (const auto& [word, value] : choices) {
    if (word == text) return value;
  }
  std::vector<std::string_view> words;
  for (const auto& choice : choices) words.push_back(choice.first);
  throw UsageError(
      fmt::format("{}: '{}' is not accepted; accepted: {}", option, text, fmt::join(words, ", ")));
}

}  // namespace papbench
