// Asserts properties of a papbench result set for the end-to-end tests:
//   check_result FILE [--min-cases N] [--cases N] [--validated pass]
//                [--metric NAME --median DURATION --tolerance DURATION]
//                [--run-order ORDER] [--same-plan OTHER]
// --same-plan: OTHER holds the same cases (by match key) with the same planned delays, seed,
// warm-up and iteration count each: a run of the same configuration in another --order.
// Exits 0 when every assertion holds, 1 otherwise (printing why).

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <exception>
#include <map>

#include "common/units.hpp"
#include "results/case_metrics.hpp"
#include "results/result_set.hpp"
#include "results/statistics.hpp"

int main(int argc, char** argv) {
  CLI::App app{"check a papbench result set"};
  std::string file, metric, median_text, tolerance_text = "0", validated, run_order, same_plan;
  int min_cases = -1, cases = -1;
  app.add_option("file", file)->required();
  app.add_option("--min-cases", min_cases);
  app.add_option("--cases", cases);
  app.add_option("--validated", validated);
  app.add_option("--metric", metric);
  app.add_option("--median", median_text);
  app.add_option("--tolerance", tolerance_text);
  app.add_option("--run-order", run_order);
  app.add_option("--same-plan", same_plan);
  CLI11_PARSE(app, argc, argv);

  try {
    const papbench::results::ResultReader reader(file);
    const auto& recs = reader.cases();
    bool ok = true;
    auto fail = [&](const std::string& why) {
      fmt::print(stderr, "check_result: {}: {}\n", file, why);
      ok = false;
    };
    if (min_cases >= 0 && static_cast<int>(recs.size()) < min_cases) {
      fail(fmt::format("{} complete cases, expected at least {}", recs.size(), min_cases));
    }
    if (cases >= 0 && static_cast<int>(recs.size()) != cases) {
      fail(fmt::format("{} complete cases, expected {}", recs.size(), cases));
    }
    if (!same_plan.empty()) {
      const papbench::results::ResultReader other(same_plan);
      std::multimap<std::string, const papbench::results::CaseRecord*> theirs;
      for (const auto& rec : other.cases()) theirs.emplace(rec.match_key(), &rec);
      if (other.cases().size() != recs.size()) {
        fail(fmt::format("{} cases, '{}' {}", recs.size(), same_plan, other.cases().size()));
      }
      for (const auto& rec : recs) {
        const auto it = theirs.find(rec.match_key());
        if (it == theirs.end()) {
          fail(fmt::format("{} is not in '{}'", rec.label(), same_plan));
          continue;
        }
        const papbench::results::CaseRecord& o = *it->second;
        theirs.erase(it);
        if (rec.planned_delay_ns.data != o.planned_delay_ns.data ||
            rec.planned_delay_ns.cols != o.planned_delay_ns.cols || rec.seed != o.seed ||
            rec.warmup != o.warmup || rec.iterations != o.iterations) {
          fail(fmt::format("{}: planned delays, seed, warm-up or iterations differ from '{}'",
                           rec.label(), same_plan));
        }
      }
    }
    if (!run_order.empty()) {
      const auto& extra = reader.run_info().extra;
      const auto it = extra.find("run_order");
      const std::string recorded = it == extra.end() ? "(none)" : it->second;
      if (recorded != run_order)
        fail(fmt::format("run_order '{}', expected '{}'", recorded, run_order));
    }
    for (const auto& rec : recs) {
      if (!validated.empty() && rec.validated != validated) {
        fail(fmt::format("{} validated={}", rec.label(), rec.validated));
      }
      if (metric.empty()) continue;
      papbench::results::Metric m{};
      bool found = false;
      for (auto candidate : papbench::results::kAllMetrics) {
        if (papbench::results::metric_name(candidate) == metric) {
          m = candidate;
          found = true;
        }
      }
      if (!found) {
        fail(fmt::format("unknown metric '{}'", metric));
        break;
      }
      const auto series = papbench::results::metric_series(rec, m);
      const double median = papbench::stats::summarize(series).median;
      const double want = static_cast<double>(papbench::parse_duration_ns(median_text));
      const double tol = static_cast<double>(papbench::parse_duration_ns(tolerance_text));
      fmt::print("{}: median {} = {} (want {} +- {})\n", rec.label(), metric,
                 papbench::format_duration(median), papbench::format_duration(want),
                 papbench::format_duration(tol));
      if (std::fabs(median - want) > tol)
        fail(fmt::format("{} median {} out of range", rec.label(), metric));
    }
    return ok ? 0 : 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "check_result: {}\n", e.what());
    return 1;
  }
}
