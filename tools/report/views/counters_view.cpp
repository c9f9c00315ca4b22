#include "tools/report/views/counters_view.hpp"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "results/correlation.hpp"
#include "results/kept_iterations.hpp"
#include "results/statistics.hpp"
#include "tools/report/core/case_text.hpp"

namespace papbench::report {

Cell count_cell(double v) {
  if (std::isnan(v)) return Cell::none();
  return {fmt::format("{:.4g}", v), v};
}

namespace {

Cell coefficient(double r) {
  if (std::isnan(r)) return {"n/a", nullptr};
  return Cell::fixed(r, 3);
}

std::vector<Column> counters_columns() {
  const auto M = Audience::kMachine;
  const auto B = Audience::kBoth;
  return {
      {"case", "case", M},
      {"label", "label", M, true},
      {"event", "event", B, true},
      {"n", "n", B},
      {"median", "median", B},
      {"mean", "mean", B},
      {"min", "min", B},
      {"max", "max", B},
      {"pearson", "Pearson r", B},
      {"spearman", "Spearman rho", B},
      {"empty", "empty region", B},
  };
}

// The median over ranks of what EVENT counts between an empty start and stop (format 1.5), NaN
// when not recorded; EVENT@compute was counted by the same set.
double empty_region(const results::CaseRecord& rec, std::string event) {
  if (const auto at = event.rfind('@'); at != std::string::npos) event.resize(at);
  const auto it = rec.counters_empty.find(event);
  if (it == rec.counters_empty.end()) return std::nan("");
  const std::vector<double> v(it->second.data.begin(), it->second.data.end());
  return stats::summarize(v).median;
}

// The case's counting domain and the median PAPI_start and PAPI_stop times (format 1.5).
std::string counting_note(std::size_t i, const results::CaseRecord& rec) {
  auto median_of = [&](const char* name) {
    const auto it = rec.counter_costs.find(name);
    if (it == rec.counter_costs.end()) return std::nan("");
    return stats::summarize(std::vector<double>(it->second.data.begin(), it->second.data.end()))
        .median;
  };
  return fmt::format(
      "case {}: counted in domain '{}'; PAPI_start {}, PAPI_stop {} (medians over ranks of "
      "empty start/stop pairs; the start delays a counted arrival by about that)",
      i, rec.counters_domain, Cell::duration(median_of("start_ns")).text,
      Cell::duration(median_of("stop_ns")).text);
}

}  // namespace

Report build_counters(const ResultFile& file) {
  Report r;
  r.kind = "counters";
  r.section_key = "file";
  Section s;
  s.title = file.path;
  s.meta = run_meta(file);
  s.table.columns = counters_columns();
  const auto& cases = file.reader.cases();
  bool any = false;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    // The iterations every view keeps (summary's), so the correlations are over the same ones.
    const results::CaseRecord rec = results::only_kept(cases[i], kept_iterations(file, cases[i]));
    const std::string heading = fmt::format("{}  ({})", case_title(i, rec), case_facts(rec));
    const std::vector<double> arrival = stats::normalized_arrivals(rec.arrival_ns);
    for (const auto& [event, m] : rec.counters) {
      any = true;
      std::vector<double> values(m.data.begin(), m.data.end());
      const stats::Summary sum = stats::summarize(values);
      // Both matrices are [invocation][rank]; a mismatch (a damaged file) gets no coefficient.
      const bool aligned = m.rows == rec.arrival_ns.rows && m.cols == rec.arrival_ns.cols;
      const double nan = std::nan("");
      Row row;
      row.group = heading;
      row.cells = {Cell::integer(static_cast<long long>(i)),
                   Cell::str(rec.label()),
                   Cell::str(event),
                   Cell::integer(static_cast<long long>(sum.n)),
                   count_cell(sum.median),
                   count_cell(sum.mean),
                   count_cell(sum.min),
                   count_cell(sum.max),
                   coefficient(aligned ? stats::pearson(arrival, values) : nan),
                   coefficient(aligned ? stats::spearman(arrival, values) : nan),
                   count_cell(empty_region(rec, event))};
      s.table.rows.push_back(std::move(row));
    }
    if (!rec.counters_domain.empty()) s.notes.push_back(counting_note(i, rec));
    for (const std::string& u : rec.counters_unavailable) {
      s.notes.push_back(fmt::format("case {}: unavailable: {}", i, u));
    }
  }
  if (!any) s.notes.push_back("no counters recorded (run papbench with --counters EV1,EV2,...)");
  s.notes.push_back(
      "normalized arrival per invocation = (a_i - min a) / (max a - min a), 0 when all arrive "
      "together; coefficients pool every (invocation, rank); n/a: a constant series; EVENT@compute "
      "= counted around the compute phase (--counters-scope)");
  r.sections.push_back(std::move(s));
  return r;
}

}  // namespace papbench::report
