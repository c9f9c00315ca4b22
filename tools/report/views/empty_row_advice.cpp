#include "tools/report/views/empty_row_advice.hpp"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "results/arrival_error.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {
namespace {

// Whether the run's ranks shared CPUs: papbench then measures no kernel tick and says why in
// start_ticks (bench/run/case_runner.cpp, describe_start_ticks). Files before the attribute:
// unknown.
bool ranks_shared_cpus(const results::RunInfo& info) {
  const auto it = info.extra.find("start_ticks");
  return it != info.extra.end() && it->second.find("ranks share CPUs") != std::string::npos;
}

}  // namespace

std::string suggested_tolerance(double ns) {
  struct Unit {
    double ns;
    const char* name;
  };
  static const Unit kUnits[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "us"}, {1, "ns"}};
  double step = 1;
  while (step * 10 <= ns) step *= 10;
  double value = step;
  for (const double m : {1.0, 2.0, 5.0, 10.0}) {
    value = m * step;
    if (value >= ns) break;
  }
  for (const Unit& u : kUnits) {
    if (value >= u.ns) return fmt::format("{}{}", std::llround(value / u.ns), u.name);
  }
  return fmt::format("{}ns", std::llround(value));
}

EmptyRowAdvice empty_row_advice(const results::CaseRecord& record,
                                const results::IterationSelection& kept,
                                const results::RunInfo& info) {
  const int n = record.arrival_ns.rows;
  EmptyRowAdvice advice;
  if (kept.dropped_late == 0) {
    advice.why = fmt::format("all {} iterations had a wrong result (validation failed)", n);
    advice.what =
        "the timings are of a broken call: fix the algorithm, or read them anyway with "
        "--include-invalid";
    return advice;
  }
  const results::ArrivalErrorSummary arrival = results::summarize_arrival_errors(record);
  if (const std::optional<std::int64_t> tolerance_ns = arrival.tolerance.value();
      arrival.recorded && tolerance_ns) {
    advice.why = fmt::format(
        "{} of {} iterations off plan (some rank's arrival error beyond the tolerance of {}; "
        "errors: median {}, p99 {})",
        kept.dropped_late, n, Cell::duration(static_cast<double>(*tolerance_ns)).text,
        Cell::duration(arrival.median_abs_ns).text, Cell::duration(arrival.p99_abs_ns).text);
  } else {
    advice.why = fmt::format("{} of {} iterations late (a rank missed the agreed start)",
                             kept.dropped_late, n);
  }
  if (kept.dropped_invalid > 0) {
    advice.why += fmt::format(", {} with a wrong result", kept.dropped_invalid);
  }
  const std::string value = arrival.recorded && std::isfinite(arrival.p99_abs_ns)
                                ? suggested_tolerance(arrival.p99_abs_ns)
                                : std::string("DURATION");
  const std::string tolerance =
      fmt::format("--arrival-tolerance {} (the p99, rounded up) or --arrival-tolerance off", value);
  advice.what =
      ranks_shared_cpus(info)
          ? fmt::format(
                "the ranks shared CPUs, so the scheduler, not the plan, set the arrivals: rerun "
                "papbench with {}, or with no more ranks than cores; or read these iterations "
                "now with --include-late",
                tolerance)
          : fmt::format(
                "rerun papbench with {} (or on a machine with less load); or read these "
                "iterations now with --include-late",
                tolerance);
  return advice;
}

}  // namespace papbench::report
