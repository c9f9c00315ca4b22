#include "collectives/core/alg_option.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <stdexcept>

#include "common/units.hpp"

namespace papbench {
namespace {

bool is_word(const AlgOptionSpec& spec, std::string_view text) {
  return std::find(spec.words.begin(), spec.words.end(), text) != spec.words.end();
}

std::string range_text(const AlgOptionSpec& spec, std::string_view unit) {
  // A bound that only keeps the value inside an int is not worth a reader's attention.
  if (spec.max < std::numeric_limits<int>::max()) {
    return fmt::format("{} from {} to {}", unit, spec.min, spec.max);
  }
  return fmt::format("{} >= {}", unit, spec.min);
}

std::int64_t parse_integer(std::string_view text) {
  std::int64_t v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) throw UsageError("not an integer");
  return v;
}

// The number `text` stands for under the option's type (UsageError when it is none).
std::int64_t parse_number(const AlgOptionSpec& spec, std::string_view text) {
  switch (spec.type) {
    case OptionType::kInteger:
      return parse_integer(text);
    case OptionType::kBytes: {
      const std::uint64_t n = parse_count(text);
      if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        throw UsageError("too large");
      }
      return static_cast<std::int64_t>(n);
    }
    case OptionType::kDuration:
      return parse_duration_ns(text);
    case OptionType::kChoice:
      break;
  }
  throw UsageError("not one of the words");
}

// "50us" rather than "50000ns" where that reads back exactly, so params stay readable.
std::string compact_duration(std::int64_t ns) {
  std::string compact = format_duration(static_cast<double>(ns));
  std::erase(compact, ' ');
  try {
    if (parse_duration_ns(compact) == ns) return compact;
  } catch (const UsageError&) {
    // not exact: the nanoseconds below are
  }
  return fmt::format("{}ns", ns);
}

}  // namespace

std::string accepted_values(const AlgOptionSpec& spec) {
  std::string number;
  switch (spec.type) {
    case OptionType::kChoice:
      return fmt::format("one of: {}", fmt::join(spec.words, ", "));
    case OptionType::kInteger:
      number = range_text(spec, "an integer");
      break;
    case OptionType::kBytes:
      number = range_text(spec, "a byte count") + " (e.g. 4Ki)";
      break;
    case OptionType::kDuration:
      number = fmt::format("a duration >= {} with a unit (e.g. 50us)", compact_duration(spec.min));
      break;
  }
  if (spec.words.empty()) return number;
  return fmt::format("{} or {}", fmt::join(spec.words, ", "), number);
}

std::string canonical_value(const AlgOptionSpec& spec, std::string_view text) {
  if (is_word(spec, text)) return std::string(text);
  const auto refuse = [&] {
    return UsageError(
        fmt::format("'{}' is not accepted; accepted: {}", text, accepted_values(spec)));
  };
  std::int64_t v = 0;
  try {
    v = parse_number(spec, text);
  } catch (const UsageError&) {
    throw refuse();
  }
  if (v < spec.min || v > spec.max) throw refuse();
  return spec.type == OptionType::kDuration ? compact_duration(v) : std::to_string(v);
}

std::string_view option_text(const AlgOptions& resolved, std::string_view key) {
  const auto it = resolved.find(std::string(key));
  if (it == resolved.end()) {
    throw std::logic_error(fmt::format("option '{}' was not resolved by the registry", key));
  }
  return it->second;
}

std::int64_t option_integer(const AlgOptions& resolved, std::string_view key) {
  const std::optional<std::int64_t> v = option_number(resolved, key);
  if (!v) throw std::logic_error(fmt::format("option '{}' holds no number", key));
  return *v;
}

std::optional<std::int64_t> option_number(const AlgOptions& resolved, std::string_view key) {
  const auto it = resolved.find(std::string(key));
  if (it == resolved.end()) return std::nullopt;
  const std::string_view text = it->second;
  // Canonical forms: durations keep their unit, the other numbers are plain decimals.
  for (const auto parse : {parse_integer, parse_duration_ns}) {
    try {
      return parse(text);
    } catch (const UsageError&) {
      // the other form, or a word such as "auto"
    }
  }
  return std::nullopt;
}

}  // namespace papbench
