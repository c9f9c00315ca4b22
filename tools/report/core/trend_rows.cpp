#include "tools/report/core/trend_rows.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "results/iteration_pairing.hpp"

namespace papbench::report {

std::optional<stats::CaseComparison> compare_sides(std::span<const CaseRef> base,
                                                   std::span<const CaseRef> candidate,
                                                   results::Metric metric) {
  return compare_sides(
      base, candidate,
      [metric](const results::CaseRecord& rec, const results::IterationSelection& selection) {
        return results::metric_series(rec, metric, selection);
      });
}

std::optional<stats::CaseComparison> compare_sides(std::span<const CaseRef> base,
                                                   std::span<const CaseRef> candidate,
                                                   const CaseSeries& series) {
  std::vector<const results::CaseRecord*> a, b;
  // The pairing keeps what every view keeps: the filter the files carry (paired cases share it).
  results::IterationFilter filter;
  for (const CaseRef& x : base) {
    for (const CaseRef& y : candidate) {
      if (y.file != x.file) continue;
      a.push_back(&x.file->reader.cases()[x.index]);
      b.push_back(&y.file->reader.cases()[y.index]);
      filter = x.file->filter;
      break;
    }
  }
  if (a.empty()) {
    // No file holds both (Q's one-host and two-host runs): independent samples, each file one
    // launch of its side.
    std::vector<std::vector<double>> la, lb;
    for (const CaseRef& x : base) {
      const auto& rec = x.file->reader.cases()[x.index];
      la.push_back(series(rec, kept_iterations(*x.file, rec)));
    }
    for (const CaseRef& y : candidate) {
      const auto& rec = y.file->reader.cases()[y.index];
      lb.push_back(series(rec, kept_iterations(*y.file, rec)));
    }
    const auto empty = [](const std::vector<double>& v) { return v.empty(); };
    if (la.empty() || lb.empty() || std::ranges::any_of(la, empty) ||
        std::ranges::any_of(lb, empty)) {
      return std::nullopt;
    }
    return stats::compare_case(la, lb, stats::Pairing::kNone);
  }
  const results::PairingPlan plan = results::plan_pairing(a, b, filter);
  std::vector<std::vector<double>> la, lb;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const auto sel_a = plan.paired ? plan.kept[k] : results::select_iterations(*a[k], filter);
    const auto sel_b = plan.paired ? plan.kept[k] : results::select_iterations(*b[k], filter);
    la.push_back(series(*a[k], sel_a));
    lb.push_back(series(*b[k], sel_b));
    if (la.back().empty() || lb.back().empty()) return std::nullopt;
  }
  return stats::compare_case(la, lb,
                             plan.paired ? stats::Pairing::kIteration : stats::Pairing::kNone);
}

std::vector<Column> trend_columns() {
  return {{"ours_ratio", "ours new/base"},
          {"ours_ratio_ci", "95% CI", Audience::kHuman},
          {"ours_ratio_ci_low", "", Audience::kMachine},
          {"ours_ratio_ci_high", "", Audience::kMachine},
          {"verdict", "verdict", Audience::kBoth, true},
          {"agrees_in_sign", "", Audience::kMachine}};
}

std::vector<Cell> trend_cells(const stats::CaseComparison* ours, Direction paper, double band) {
  if (ours == nullptr) {
    return {Cell::none(), Cell::str(""), Cell::none(), Cell::none(), Cell::str(""), {"", nullptr}};
  }
  const Direction d =
      direction_from_ratio(ours->ratio, ours->ratio_ci_low, ours->ratio_ci_high, band);
  return {Cell::ratio(ours->ratio),
          Cell::str(fmt::format("[{:.2f}, {:.2f}]", ours->ratio_ci_low, ours->ratio_ci_high)),
          Cell::fixed(ours->ratio_ci_low, 4),
          Cell::fixed(ours->ratio_ci_high, 4),
          Cell::str(std::string(verdict_name(trend_verdict(d, paper)))),
          Cell::boolean(agrees_in_sign(d, paper))};
}

std::string trend_note(double band) {
  std::string note =
      "verdict: our direction from compare's 95% CI of the time ratio new/base (paired by "
      "iteration where both ran under the same planned arrivals, each file one launch; a CI "
      "holding 1: no significant difference) against the sign of the paper's value; rows "
      "where both show no effect agree (papbench-report table --verdicts counts them)";
  if (band > kNoBand) {
    note += fmt::format(
        "; a speed-up base/new within {:g}% of 1 is no effect on both sides, the paper's and "
        "ours (significant or not)",
        band * 100);
  }
  return note;
}

namespace {

// "count=512Ki float sum root=0 uniform maxdelay=50ms ... np=4": the label without its
// "collective/algorithm(params) " head, the same for both sides of a workload.
std::string workload_label(const results::CaseRecord& c) {
  const std::string label = c.label();
  const auto space = label.find(' ');
  return space == std::string::npos ? label : label.substr(space + 1);
}

}  // namespace

bool is_claim_section(const Section& s) {
  return s.extra.contains("trend_claims");
}

std::optional<Section> claim_section(const std::string& title, const std::vector<ResultFile>& files,
                                     std::span<const TrendClaim> claims, results::Metric metric) {
  Section s;
  s.title = title;
  s.extra["trend_claims"] = true;
  s.table.columns = {{"claim", "claim", Audience::kBoth, true},
                     {"workload", "workload", Audience::kBoth, true},
                     {"paper", "paper", Audience::kBoth, true},
                     {"paper_direction", "paper: new is", Audience::kBoth, true}};
  for (Column& c : trend_columns()) s.table.columns.push_back(std::move(c));
  for (const TrendClaim& claim : claims) {
    // workload -> (label, base cases, candidate cases), a launch per file
    std::map<std::string, std::pair<std::vector<CaseRef>, std::vector<CaseRef>>> sides;
    std::map<std::string, std::string> labels;
    for (const ResultFile& f : files) {
      const auto& cases = f.reader.cases();
      for (std::size_t i = 0; i < cases.size(); ++i) {
        const bool base = claim.is_base(cases[i]), cand = claim.is_candidate(cases[i]);
        if (!base && !cand) continue;
        const std::string key = cases[i].workload_key();
        labels.emplace(key, workload_label(cases[i]));
        (base ? sides[key].first : sides[key].second).push_back({&f, i});
      }
    }
    for (const auto& [key, both] : sides) {
      const auto ours = compare_sides(both.first, both.second, metric);
      if (!ours) continue;
      Row row;
      row.cells = {Cell::str(claim.label), Cell::str(labels[key]), Cell::str(claim.paper_text),
                   Cell::str(std::string(direction_name(claim.paper)))};
      for (Cell& c : trend_cells(&*ours, claim.paper, claim.band)) {
        row.cells.push_back(std::move(c));
      }
      s.table.rows.push_back(std::move(row));
    }
  }
  if (s.table.rows.empty()) return std::nullopt;
  // A view's claims share their band (the paper's one noise figure); the note names the largest.
  double band = kNoBand;
  for (const TrendClaim& claim : claims) band = std::max(band, claim.band);
  s.notes.push_back(fmt::format("metric: {}; {}", results::metric_name(metric), trend_note(band)));
  return s;
}

}  // namespace papbench::report
