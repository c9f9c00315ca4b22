#include "capture/capture_rows.hpp"

#include <cstring>
#include <stdexcept>

namespace papbench::capture {

std::vector<char> pack_strings(std::span<const std::string> strings) {
  std::vector<char> out;
  for (const std::string& s : strings) {
    out.insert(out.end(), s.begin(), s.end());
    out.push_back('\0');
  }
  return out;
}

std::vector<std::string> unpack_strings(std::span<const char> packed) {
  std::vector<std::string> out;
  std::string current;
  for (const char c : packed) {
    if (c == '\0') {
      out.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  return out;
}

std::vector<std::int64_t> pack_rows(std::span<const CallRow> rows) {
  std::vector<std::int64_t> out(rows.size() * kCallRowFields);
  if (!rows.empty()) std::memcpy(out.data(), rows.data(), out.size() * sizeof(std::int64_t));
  return out;
}

std::vector<CallRow> unpack_rows(std::span<const std::int64_t> packed) {
  if (packed.size() % kCallRowFields != 0) {
    throw std::runtime_error("capture: a rank sent a partial call row");
  }
  std::vector<CallRow> out(packed.size() / kCallRowFields);
  if (!out.empty())
    std::memcpy(static_cast<void*>(out.data()), packed.data(),
                packed.size() * sizeof(std::int64_t));
  return out;
}

}  // namespace papbench::capture
