#include "common/datatype_size.hpp"

#include <utility>

namespace papbench {

std::optional<std::size_t> datatype_size(std::string_view name) {
  // int and unsigned are 4 bytes (workload.cpp asserts it); long is the platform's.
  static constexpr std::pair<std::string_view, std::size_t> kSizes[] = {
      {"int8", 1},   {"uint8", 1},    {"int16", 2},  {"uint16", 2},          {"int", 4},
      {"int32", 4},  {"unsigned", 4}, {"uint32", 4}, {"long", sizeof(long)}, {"int64", 8},
      {"uint64", 8}, {"float", 4},    {"double", 8}};
  for (const auto& [n, size] : kSizes) {
    if (n == name) return size;
  }
  return std::nullopt;
}

}  // namespace papbench
