#pragma once
// A results::Matrix written out row by row, for tests whose every value is worked by hand.

#include <cstdint>
#include <initializer_list>

#include "results/result_set.hpp"

namespace papbench::results {

inline Matrix rows(std::initializer_list<std::initializer_list<std::int64_t>> values) {
  Matrix m(static_cast<int>(values.size()), static_cast<int>(values.begin()->size()));
  int r = 0;
  for (const auto& row : values) {
    int c = 0;
    for (std::int64_t v : row) m.at(r, c++) = v;
    ++r;
  }
  return m;
}

}  // namespace papbench::results
