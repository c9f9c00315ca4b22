#include "common/units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "common/datatype_size.hpp"

namespace papbench {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Splits "12.5ms" into 12.5 and "ms"; throws when there is no leading number (`what`: what is
// accepted, with its article: "an element count, ...").
std::pair<double, std::string_view> split_number(std::string_view s, std::string_view what) {
  s = trim(s);
  std::size_t i = 0;
  while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
  if (i == 0) throw UsageError(fmt::format("'{}' is not {}", s, what));
  double value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + i, value);
  if (ec != std::errc() || ptr != s.data() + i) {
    throw UsageError(fmt::format("'{}' is not {}", s, what));
  }
  return {value, s.substr(i)};
}

}  // namespace

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    std::string_view item =
        trim(text.substr(start, comma == std::string_view::npos ? text.npos : comma - start));
    if (item.empty()) throw UsageError(fmt::format("empty item in list '{}'", text));
    out.emplace_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

std::int64_t parse_duration_ns(std::string_view text) {
  constexpr std::string_view kAccepted = "a duration with a unit: ns, us, ms or s (e.g. 50ms)";
  auto [value, unit] = split_number(text, kAccepted);
  double scale = 0;
  if (unit == "ns") {
    scale = 1;
  } else if (unit == "us") {
    scale = 1e3;
  } else if (unit == "ms") {
    scale = 1e6;
  } else if (unit == "s") {
    scale = 1e9;
  } else if (unit.empty() && value == 0) {
    scale = 1;
  } else {
    throw UsageError(fmt::format("'{}' is not {}", trim(text), kAccepted));
  }
  double ns = value * scale;
  if (ns > 1e18) throw UsageError(fmt::format("'{}' is too long a duration", trim(text)));
  return std::llround(ns);
}

std::uint64_t parse_count(std::string_view text) {
  constexpr std::string_view kAccepted =
      "an element count, optionally with a suffix K, M, G (x1000) or Ki, Mi, Gi (x1024)";
  auto [value, unit] = split_number(text, kAccepted);
  double scale = 0;
  if (unit.empty()) {
    scale = 1;
  } else if (unit == "K" || unit == "k") {
    scale = 1e3;
  } else if (unit == "M") {
    scale = 1e6;
  } else if (unit == "G") {
    scale = 1e9;
  } else if (unit == "Ki") {
    scale = 1024.0;
  } else if (unit == "Mi") {
    scale = 1024.0 * 1024.0;
  } else if (unit == "Gi") {
    scale = 1024.0 * 1024.0 * 1024.0;
  } else {
    throw UsageError(fmt::format("'{}' is not {}", trim(text), kAccepted));
  }
  double n = value * scale;
  if (n != std::floor(n) || n > 1e15) {
    throw UsageError(fmt::format("'{}' is not a whole element count", trim(text)));
  }
  return static_cast<std::uint64_t>(n);
}

namespace {

// A list longer than this is a typo (a missing unit, a step of 1 over a range of gigabytes); the
// check sits inside the expansion so that such a range is refused before it fills memory.
constexpr std::size_t kMaxListValues = 100000;

template <typename T, typename ParseOne>
std::vector<T> parse_list(std::string_view text, ParseOne parse_one) {
  std::vector<T> out;
  const auto push = [&](T v, std::string_view item) {
    if (out.size() >= kMaxListValues) {
      throw UsageError(
          fmt::format("'{}' makes the list longer than {} values", item, kMaxListValues));
    }
    out.push_back(v);
  };
  for (const std::string& item : split_list(text)) {
    std::size_t c1 = item.find(':');
    if (c1 == std::string::npos) {
      push(parse_one(item), item);
      continue;
    }
    std::size_t c2 = item.find(':', c1 + 1);
    if (c2 == std::string::npos) {
      throw UsageError(
          fmt::format("range '{}' must be FIRST:LAST:xFACTOR or FIRST:LAST:+STEP", item));
    }
    T first = parse_one(std::string_view(item).substr(0, c1));
    T last = parse_one(std::string_view(item).substr(c1 + 1, c2 - c1 - 1));
    std::string_view step = std::string_view(item).substr(c2 + 1);
    if (last < first) throw UsageError(fmt::format("range '{}' ends before it starts", item));
    if (step.size() >= 2 && step[0] == 'x') {
      double factor = 0;
      auto [p, ec] = std::from_chars(step.data() + 1, step.data() + step.size(), factor);
      if (ec != std::errc() || p != step.data() + step.size() || !(factor > 1.0)) {
        throw UsageError(fmt::format("range '{}': factor must be a number > 1 (e.g. x2)", item));
      }
      if (!(first > 0))
        throw UsageError(fmt::format("range '{}': a geometric range cannot start at 0", item));
      for (double v = static_cast<double>(first); v <= static_cast<double>(last) * (1 + 1e-12);
           v *= factor) {
        push(static_cast<T>(std::llround(v)), item);
      }
    } else if (step.size() >= 2 && step[0] == '+') {
      T inc = parse_one(step.substr(1));
      if (!(inc > 0)) throw UsageError(fmt::format("range '{}': step must be positive", item));
      for (T v = first; v <= last; v += inc) push(v, item);
    } else {
      throw UsageError(fmt::format("range '{}': step must be xFACTOR or +STEP", item));
    }
  }
  return out;
}

}  // namespace

std::vector<std::uint64_t> parse_count_list(std::string_view text) {
  return parse_list<std::uint64_t>(text, [](std::string_view s) { return parse_count(s); });
}

std::vector<std::int64_t> parse_duration_list(std::string_view text) {
  return parse_list<std::int64_t>(text, [](std::string_view s) { return parse_duration_ns(s); });
}

std::string format_duration_compact(std::int64_t ns) {
  if (ns == 0) return "0";
  std::string s = format_duration(static_cast<double>(ns));
  std::erase(s, ' ');
  return s;
}

std::string format_duration(double ns) {
  double a = std::fabs(ns);
  if (a < 1e3) return fmt::format("{:.0f} ns", ns);
  if (a < 1e6) return fmt::format("{:.3g} us", ns / 1e3);
  if (a < 1e9) return fmt::format("{:.4g} ms", ns / 1e6);
  return fmt::format("{:.4g} s", ns / 1e9);
}

std::string format_count(std::uint64_t n) {
  if (n == 0) return "0";
  constexpr std::pair<std::uint64_t, const char*> kSuffixes[] = {
      {1ULL << 30, "Gi"}, {1ULL << 20, "Mi"}, {1ULL << 10, "Ki"}};
  for (auto [scale, suffix] : kSuffixes) {
    if (n % scale == 0) return fmt::format("{}{}", n / scale, suffix);
  }
  return fmt::format("{}", n);
}

std::string format_quantity(std::uint64_t n) {
  std::string best = fmt::format("{}", n);
  if (n == 0) return best;
  // Binary first, so that a tie keeps the binary form.
  constexpr std::pair<std::uint64_t, const char*> kSuffixes[] = {
      {1ULL << 30, "Gi"},   {1ULL << 20, "Mi"}, {1ULL << 10, "Ki"},
      {1'000'000'000, "G"}, {1'000'000, "M"},   {1'000, "K"}};
  for (auto [scale, suffix] : kSuffixes) {
    if (n % scale != 0) continue;
    std::string form = fmt::format("{}{}", n / scale, suffix);
    if (form.size() < best.size()) best = std::move(form);
  }
  return best;
}

std::string format_bytes(std::uint64_t n) {
  return format_quantity(n) + "B";
}

std::string format_count_bytes(std::uint64_t count, std::string_view dtype) {
  const std::optional<std::size_t> size = datatype_size(dtype);
  // count < 2^64 / 8 for every count a run can have (parse_count stops at 1e15).
  if (!size || count > UINT64_MAX / *size)
    return fmt::format("{} {}", format_quantity(count), dtype);
  return fmt::format("{} {} ({})", format_quantity(count), dtype, format_bytes(count * *size));
}

}  // namespace papbench
