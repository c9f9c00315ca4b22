#include "tools/report/core/case_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <map>

#include "tools/report/core/table_format.hpp"

namespace papbench::report {

int late_iterations(const results::CaseRecord& record) {
  return static_cast<int>(
      std::count_if(record.late.begin(), record.late.end(), [](std::uint8_t l) { return l != 0; }));
}

namespace {

int count_checks(const results::CaseRecord& record,
                 std::initializer_list<results::IterationCheck> of) {
  if (record.validation.empty()) return -1;
  return static_cast<int>(
      std::count_if(record.validation.begin(), record.validation.end(), [&](std::uint8_t v) {
        return std::find(of.begin(), of.end(), results::IterationCheck{v}) != of.end();
      }));
}

}  // namespace

int validated_iterations(const results::CaseRecord& record) {
  return count_checks(record, {results::IterationCheck::kPassed, results::IterationCheck::kFailed});
}

int failed_iterations(const results::CaseRecord& record) {
  return count_checks(record, {results::IterationCheck::kFailed});
}

std::string case_title(std::size_t index, const results::CaseRecord& record) {
  return fmt::format("[{}] {}", index, record.label());
}

std::string arrival_text(const results::ArrivalErrorSummary& s) {
  if (!s.recorded) {
    return fmt::format("{} late (missed start, arrival error not recorded)", s.flagged);
  }
  const std::string errors = fmt::format("median {}, p99 {}", Cell::duration(s.median_abs_ns).text,
                                         Cell::duration(s.p99_abs_ns).text);
  const std::optional<std::int64_t> tolerance_ns = s.tolerance.value();
  if (!tolerance_ns) {
    return fmt::format("{} off plan (arrival error {}, tolerance off)", s.flagged, errors);
  }
  return fmt::format("{} off plan (arrival error > {}: {})", s.flagged,
                     Cell::duration(static_cast<double>(*tolerance_ns)).text, errors);
}

std::string case_facts(const results::CaseRecord& record) {
  const int checked = validated_iterations(record);
  return fmt::format("{} iterations, {}, validation {}{}", record.arrival_ns.rows,
                     arrival_text(results::summarize_arrival_errors(record)),
                     record.validated.empty() ? "unknown" : record.validated,
                     checked < 0 ? "" : fmt::format(" ({} checked)", checked));
}

std::optional<double> dtype_bytes(const std::string& name) {
  static const std::map<std::string, double> sizes = {
      {"int8", 1},   {"uint8", 1},    {"int16", 2},  {"uint16", 2},          {"int", 4},
      {"int32", 4},  {"unsigned", 4}, {"uint32", 4}, {"long", sizeof(long)}, {"int64", 8},
      {"uint64", 8}, {"float", 4},    {"double", 8}};
  const auto it = sizes.find(name);
  if (it == sizes.end()) return std::nullopt;
  return it->second;
}

}  // namespace papbench::report
