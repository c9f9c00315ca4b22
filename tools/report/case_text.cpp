#include "tools/report/case_text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace papbench::report {

int late_iterations(const results::CaseRecord& record) {
  return static_cast<int>(
      std::count_if(record.late.begin(), record.late.end(), [](std::uint8_t l) { return l != 0; }));
}

std::string case_title(std::size_t index, const results::CaseRecord& record) {
  return fmt::format("[{}] {}", index, record.label());
}

std::string case_facts(const results::CaseRecord& record) {
  return fmt::format("{} iterations, {} late, validation {}", record.arrival_ns.rows,
                     late_iterations(record),
                     record.validated.empty() ? "unknown" : record.validated);
}

}  // namespace papbench::report
