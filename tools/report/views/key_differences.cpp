#include "tools/report/views/key_differences.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <utility>

namespace papbench::report {
namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

// Splits a key at its unescaped '|' and each part at its first unescaped '=' (match_key escapes
// '\\', '|' and '=' inside values), unescaping the values.
Fields parse_key(const std::string& key) {
  Fields out;
  std::string name, value;
  bool in_value = false, escape = false;
  const auto flush = [&] {
    if (!name.empty() || !value.empty()) out.emplace_back(name, value);
    name.clear();
    value.clear();
    in_value = false;
  };
  for (const char c : key) {
    if (escape) {
      (in_value ? value : name) += c;
      escape = false;
    } else if (c == '\\') {
      escape = true;
    } else if (c == '|') {
      flush();
    } else if (c == '=' && !in_value) {
      in_value = true;
    } else {
      (in_value ? value : name) += c;
    }
  }
  flush();
  return out;
}

// Field name -> its values over `keys`, both in first-seen order.
using Values = std::vector<std::pair<std::string, std::vector<std::string>>>;

Values values_of(const std::vector<std::string>& keys) {
  Values out;
  for (const std::string& key : keys) {
    for (auto& [name, value] : parse_key(key)) {
      auto it =
          std::find_if(out.begin(), out.end(), [&](const auto& f) { return f.first == name; });
      if (it == out.end()) it = out.insert(out.end(), {name, {}});
      if (std::find(it->second.begin(), it->second.end(), value) == it->second.end()) {
        it->second.push_back(value);
      }
    }
  }
  return out;
}

std::string shown(const std::vector<std::string>& values) {
  constexpr std::size_t kMax = 4;  // a sweep of 30 counts must not fill the screen
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < values.size() && i < kMax; ++i) {
    parts.push_back(values[i].empty() ? "(none)" : values[i]);
  }
  return fmt::format("{}{}", fmt::join(parts, ","), values.size() > kMax ? ",..." : "");
}

}  // namespace

std::vector<std::string> key_differences(const std::vector<std::string>& keys_a,
                                         const std::vector<std::string>& keys_b) {
  const Values a = values_of(keys_a), b = values_of(keys_b);
  std::vector<std::string> disjoint, different;
  for (const auto& [name, va] : a) {
    const auto it =
        std::find_if(b.begin(), b.end(), [&](const auto& f) { return f.first == name; });
    if (it == b.end()) continue;
    const std::vector<std::string>& vb = it->second;
    const bool shares = std::any_of(va.begin(), va.end(), [&](const std::string& v) {
      return std::find(vb.begin(), vb.end(), v) != vb.end();
    });
    const auto sorted = [](std::vector<std::string> v) {
      std::sort(v.begin(), v.end());
      return v;
    };
    const std::string text = fmt::format("{}: {} vs {}", name, shown(va), shown(vb));
    if (!shares) {
      disjoint.push_back(text);
    } else if (sorted(va) != sorted(vb)) {
      different.push_back(text);
    }
  }
  return disjoint.empty() ? different : disjoint;
}

}  // namespace papbench::report
