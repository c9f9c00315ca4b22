#include "tools/report/tune/before_after_view.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "common/errors.hpp"
#include "results/case_comparison.hpp"
#include "tools/report/core/metric_choice.hpp"
#include "tools/report/views/capture_sites.hpp"

namespace papbench::report {
namespace {

struct PendingSiteRow {
  std::string site, comm, collective;
  long long calls_before = 0, calls_after = 0;
  std::string metric, metric_key;
  bool wall = false;  // the application's wall time (seconds) rather than a site's metric
  stats::CaseComparison c;
};

std::string ci_of(const stats::CaseComparison& c) {
  if (std::isnan(c.ratio_ci_low)) return "-";
  return fmt::format("[{:.2f}, {:.2f}]", c.ratio_ci_low, c.ratio_ci_high);
}

std::string verdict_of(const stats::CaseComparison& c) {
  if (!c.significant) return "no significant change";
  return c.ratio < 1 ? "faster after" : "slower after";
}

void require_captures(std::span<const ResultFile> files, const char* side) {
  for (const ResultFile& f : files) {
    if (!is_capture(f)) {
      throw UsageError(fmt::format(
          "before-after {}: '{}' is not a capture (result_kind capture; papbench capture)", side,
          f.path));
    }
  }
}

}  // namespace

Report build_before_after(std::span<const ResultFile> before, std::span<const ResultFile> after,
                          const BeforeAfterOptions& options) {
  require_captures(before, "BEFORE");
  require_captures(after, "AFTER");
  if (options.wall_before.empty() != options.wall_after.empty()) {
    throw UsageError("before-after: --wall-before and --wall-after go together");
  }
  const auto& cases_b = before.front().reader.cases();
  const auto& cases_a = after.front().reader.cases();
  std::vector<PendingSiteRow> rows;
  for (const std::string& site : options.sites) {
    bool found = false;
    for (std::size_t i = 0; i < cases_b.size(); ++i) {
      const results::CaseRecord& r = cases_b[i];
      if (capture_param(r.params, "site") != site) continue;
      found = true;
      const std::string key = r.match_key();
      const auto j = std::ranges::find_if(
          cases_a, [&](const results::CaseRecord& x) { return x.match_key() == key; });
      if (j == cases_a.end()) {
        throw UsageError(fmt::format(
            "before-after AFTER: '{}' has no case of site {} on {} ({}): the application took "
            "another path after the change",
            after.front().path, site, capture_param(r.params, "comm"), r.collective));
      }
      const auto jj = static_cast<std::size_t>(j - cases_a.begin());
      for (const results::Metric m : options.metrics) {
        PendingSiteRow row;
        row.site = site;
        row.comm = capture_param(r.params, "comm");
        row.collective = r.collective;
        row.calls_before = static_cast<long long>(r.iterations);
        row.calls_after = static_cast<long long>(j->iterations);
        row.metric = std::string(metric_title(m));
        row.metric_key = std::string(results::metric_name(m));
        row.c = compare_pair(before, i, after, jj, m, options.compare);
        rows.push_back(std::move(row));
      }
    }
    if (!found) {
      throw UsageError(fmt::format("before-after --site: '{}' is no call site of '{}'", site,
                                   before.front().path));
    }
  }
  if (!options.wall_before.empty()) {
    // One value a launch: the launch-level test on them is a Welch t test on the log times.
    std::vector<std::vector<double>> wb, wa;
    for (double s : options.wall_before) wb.push_back({s * 1e9});
    for (double s : options.wall_after) wa.push_back({s * 1e9});
    PendingSiteRow row;
    row.site = "(application)";
    row.metric = "wall time";
    row.metric_key = "wall_time";
    row.wall = true;
    row.calls_before = static_cast<long long>(wb.size());
    row.calls_after = static_cast<long long>(wa.size());
    row.c = stats::compare_case(wb, wa, stats::Pairing::kNone, options.compare.seed,
                                options.compare.resamples, options.compare.alpha);
    rows.push_back(std::move(row));
  }
  std::vector<stats::CaseComparison> family;
  for (const PendingSiteRow& r : rows) family.push_back(r.c);
  stats::mark_significant(family, options.compare.alpha);
  for (std::size_t k = 0; k < rows.size(); ++k) rows[k].c = family[k];

  Section s;
  s.title = fmt::format("{} ({} launch{}) vs {} ({} launch{})", before.front().path, before.size(),
                        before.size() == 1 ? "" : "es", after.front().path, after.size(),
                        after.size() == 1 ? "" : "es");
  const auto M = Audience::kMachine;
  const auto B = Audience::kBoth;
  const auto H = Audience::kHuman;
  s.table.columns = {{"site", "site", B, true},
                     {"comm", "comm", B, true},
                     {"collective", "collective", B, true},
                     {"calls_before", "calls before", B},
                     {"calls_after", "calls after", B},
                     {"metric", "metric", B, true},
                     {"median_before", "before", B},
                     {"median_after", "after", B},
                     {"ratio", "after/before", B},
                     {"ratio_ci", "95% CI", H},
                     {"ratio_ci_low", "ci low", M},
                     {"ratio_ci_high", "ci high", M},
                     {"verdict_level", "level", B},
                     {"launch_df", "df", B},
                     {"p_holm", "p (Holm)", B},
                     {"significant", "significant", M},
                     {"verdict", "verdict", B, true}};
  for (const PendingSiteRow& r : rows) {
    Row row;
    row.cells = {Cell::str(r.site),
                 r.wall ? Cell::none() : Cell::str(r.comm),
                 r.wall ? Cell::none() : Cell::str(r.collective),
                 Cell::integer(r.calls_before),
                 Cell::integer(r.calls_after),
                 {r.metric, r.metric_key},
                 Cell::duration(r.c.median_a),
                 Cell::duration(r.c.median_b),
                 Cell::fixed(r.c.ratio, 2),
                 {ci_of(r.c), nullptr},
                 Cell::fixed(r.c.ratio_ci_low, 2),
                 Cell::fixed(r.c.ratio_ci_high, 2),
                 Cell::str(std::string(stats::verdict_level_name(r.c.level))),
                 Cell::fixed(r.c.launch_df, 1),
                 Cell::p_value(r.c.verdict_p_holm),
                 Cell::boolean(r.c.significant),
                 Cell::str(verdict_of(r.c))};
    s.table.rows.push_back(std::move(row));
  }
  s.meta.push_back({"alpha", "alpha", Cell::fixed(options.compare.alpha, 3)});
  s.notes.push_back(
      "per site: the captured calls of BEFORE's launches against AFTER's, by compare's verdict "
      "(the launch-level t test and its interval with 2+ launches a side, else within one "
      "launch); the application's wall time: one value a launch (calls = launches), a Welch t "
      "test on the log times; Holm-adjusted over this table");
  s.notes.push_back(
      "elapsed: the ranks' mean time inside the call, what the application pays there; run "
      "time: first arrival to last exit, mostly the application's own imbalance");
  Report report;
  report.kind = "before-after";
  report.section_key = "before_after";
  report.sections.push_back(std::move(s));
  return report;
}

}  // namespace papbench::report
