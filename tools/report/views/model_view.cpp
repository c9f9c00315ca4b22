#include "tools/report/views/model_view.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "models/hockney_fit.hpp"
#include "models/proficz_cases.hpp"
#include "results/case_metrics.hpp"
#include "results/kept_iterations.hpp"
#include "results/statistics.hpp"
#include "tools/report/core/case_text.hpp"

namespace papbench::report {
namespace {

using proficz::Scenario;

double mean_of(const std::vector<double>& v) {
  if (v.empty()) return std::nan("");
  return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

// Rank 0's round trip per iteration: it sends, rank 1 echoes, rank 0 receives; rank 0's own
// f - a is exactly one round trip, whatever the other ranks' clocks say. The one-way time of
// Hockney's model is half of it. Over the iterations it takes the minimum (default: the link's
// cost when the scheduler does not intervene, matching the paper's reading of Eqs. 3-8 as lower
// bounds) or the median (typical cost, scheduler included).
double one_way_ns(const results::CaseRecord& rec, PingpongStat stat) {
  std::vector<double> rtt;
  for (int it = 0; it < rec.arrival_ns.rows; ++it) {
    rtt.push_back(static_cast<double>(rec.exit_ns.at(it, 0) - rec.arrival_ns.at(it, 0)));
  }
  if (stat == PingpongStat::kMin) return *std::min_element(rtt.begin(), rtt.end()) / 2;
  return stats::median(rtt) / 2;
}

// How the case's planned arrival pattern reads in the paper's terms.
struct Classified {
  std::optional<Scenario> scenario;
  int late_rank = -1;
  std::string why_not;  // when no scenario applies
};

Classified classify(const results::CaseRecord& rec) {
  Classified c;
  std::set<int> delayed;
  for (int it = 0; it < rec.planned_delay_ns.rows; ++it) {
    for (int r = 0; r < rec.planned_delay_ns.cols; ++r) {
      if (rec.planned_delay_ns.at(it, r) != 0) delayed.insert(r);
    }
  }
  if (rec.ranks < 2) {
    c.why_not = "one rank: nothing is sent";
  } else if (delayed.empty()) {
    c.scenario = Scenario::kFlat;
  } else if (delayed.size() > 1) {
    c.why_not =
        fmt::format("{} ranks delayed; Eqs. 9-24 cover one delayed process", delayed.size());
  } else if (rec.root != 0) {
    c.why_not = fmt::format("root {}; Eqs. 9-24 assume root 0", rec.root);
  } else if (*delayed.begin() > 1) {
    c.why_not =
        fmt::format("rank {} delayed; Eqs. 9-24 cover rank 1 (id:1) or 0 (id:0)", *delayed.begin());
  } else {
    c.late_rank = *delayed.begin();
    c.scenario = c.late_rank == 1 ? Scenario::kLateLeaf : Scenario::kLateRoot;
  }
  return c;
}

// The equations' d: a_1 - a_0 for a late rank 1, a_0 - a_1 for a late rank 0, from the measured
// arrivals (mean over iterations), so that the prediction uses the delay that really happened.
double measured_lead_ns(const results::CaseRecord& rec, int late_rank) {
  const int other = 1 - late_rank;
  std::vector<double> d;
  for (int it = 0; it < rec.arrival_ns.rows; ++it) {
    d.push_back(
        static_cast<double>(rec.arrival_ns.at(it, late_rank) - rec.arrival_ns.at(it, other)));
  }
  return mean_of(d);
}

Cell relative_error_cell(double measured, double predicted) {
  if (std::isnan(measured) || std::isnan(predicted) || predicted == 0) return Cell::none();
  const double e = (measured - predicted) / predicted;
  return {fmt::format("{:+.1f}%", 100 * e), e};
}

Cell beta_cell(double beta) {
  if (beta <= 0) return {fmt::format("{:.4g} ns/B", beta), beta};
  return {fmt::format("{:.4g} ns/B ({:.3g} GB/s)", beta, 1.0 / beta), beta};
}

struct RowText {
  std::size_t index;
  const results::CaseRecord* rec;
  double bytes;
  std::string scenario;
  Cell delay;
  std::string metric;
  std::string equation;
  double measured;  // mean over iterations
  double median;    // resists the scheduler's outliers on an oversubscribed machine
  std::optional<double> predicted;
  std::string note;
};

Row make_row(const RowText& t) {
  Row row;
  const double predicted = t.predicted ? *t.predicted : std::nan("");
  row.cells = {Cell::integer(static_cast<long long>(t.index)),
               Cell::str(t.rec->collective),
               Cell::str(t.rec->algorithm),
               Cell::integer(t.rec->ranks),
               Cell::integer(static_cast<long long>(t.bytes)),
               Cell::str(t.scenario),
               t.delay,
               Cell::str(t.metric),
               Cell::str(t.equation),
               Cell::duration(t.measured),
               Cell::duration(t.median),
               t.predicted ? Cell::duration(predicted) : Cell::none(),
               relative_error_cell(t.measured, predicted),
               Cell::str(t.note),
               Cell::str(t.rec->label())};
  return row;
}

}  // namespace

PingpongSamples pingpong_samples(const ResultFile& file, PingpongStat stat) {
  // A delayed partner would be timed into the round trip, so only cases without planned delays
  // count.
  PingpongSamples out;
  const auto& cases = file.reader.cases();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (cases[i].collective != "pingpong") continue;
    // The iterations every view keeps (summary's): late and wrong ones only when asked for.
    const results::CaseRecord rec = results::only_kept(cases[i], kept_iterations(file, cases[i]));
    const auto elem = dtype_bytes(rec.dtype);
    const auto& delays = rec.planned_delay_ns.data;
    const bool delayed = std::any_of(delays.begin(), delays.end(), [](auto v) { return v != 0; });
    if (rec.ranks < 2 || rec.arrival_ns.rows == 0 || !elem || rec.validated == "fail" || delayed) {
      out.skipped.push_back(fmt::format("[{}] ({})", i,
                                        rec.ranks < 2              ? "one rank"
                                        : rec.arrival_ns.rows == 0 ? "no kept iterations"
                                        : delayed                  ? "delayed arrivals"
                                        : !elem                    ? "unknown datatype"
                                                                   : "validation failed"));
      continue;
    }
    out.points.push_back({static_cast<double>(rec.count) * *elem, one_way_ns(rec, stat)});
    out.cases.push_back(i);
  }
  return out;
}

namespace {

// The ping-pong points' Hockney fit (one line, or two at --split); refused with the reason when
// there is nothing to fit.
HockneyModel fit_pingpong(const ResultFile& pingpong_file, const PingpongSamples& samples,
                          const ModelOptions& options) {
  if (samples.points.empty()) {
    throw UsageError(fmt::format(
        "{}: no usable ping-pong case{} to fit Hockney's alpha and beta; add one to the run, e.g. "
        "'papbench --collective pingpong --alg native --count 1:4Mi:x4' on at least 2 ranks",
        pingpong_file.path,
        samples.skipped.empty() ? ""
                                : fmt::format(" (skipped: {})", fmt::join(samples.skipped, ", "))));
  }
  try {
    return fit_hockney_model(samples.points, options.split_bytes);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("{}: cannot fit Hockney's model{}: {}", pingpong_file.path,
                                 options.split_bytes ? " (--split)" : "", e.what()));
  }
}

// The fit's alpha, beta and R^2 in the section's header: one set, or one per side of the split.
void add_fit_meta(Section& s, const HockneyModel& fit) {
  auto add = [&](const HockneyFit& f, const std::string& key, const std::string& title) {
    s.meta.push_back({key + "alpha_ns", title + "alpha", Cell::duration(f.model.alpha_ns)});
    s.meta.push_back(
        {key + "beta_ns_per_byte", title + "beta", beta_cell(f.model.beta_ns_per_byte)});
    s.meta.push_back({key + "r_squared",
                      title + "R^2",
                      {fmt::format("{:.4f} ({} points, {:.0f} to {:.0f} bytes)", f.r_squared,
                                   f.points, f.min_bytes, f.max_bytes),
                       f.r_squared}});
  };
  if (fit.split_bytes) {
    s.meta.push_back(
        {"split_bytes", "Hockney split", Cell::integer(static_cast<long long>(*fit.split_bytes))});
    add(fit.small, "small_", "small messages: ");
    add(fit.large, "large_", "large messages: ");
  } else {
    add(fit.small, "", "Hockney ");
  }
}

std::vector<Column> model_columns() {
  const auto B = Audience::kBoth;
  return {{"case", "case", B},
          {"collective", "collective", B, true},
          {"algorithm", "alg", B, true},
          {"ranks", "P", B},
          {"block_bytes", "block (B)", B},
          {"scenario", "scenario", B, true},
          {"delay_ns", "d", B},
          {"metric", "metric", B, true},
          {"equation", "equation", B, true},
          {"measured_ns", "measured", B},
          {"median_ns", "median", B},
          {"predicted_ns", "predicted", B},
          {"relative_error", "rel. error", B},
          {"note", "note", B, true},
          {"label", "label", Audience::kMachine, true}};
}

// The ping-pong cases beside the line fitted to them.
void add_pingpong_rows(Section& s, const ResultFile& file, const ResultFile& pingpong_file,
                       const PingpongSamples& samples, const HockneyModel& fit,
                       const std::string& stat_text) {
  const auto& pp_cases = pingpong_file.reader.cases();
  const bool separate = &pingpong_file != &file;
  for (std::size_t k = 0; k < samples.cases.size(); ++k) {
    const std::size_t i = samples.cases[k];
    const PingpongPoint& point = samples.points[k];
    const HockneyFit& seg = fit.segment(point.bytes);
    s.table.rows.push_back(
        make_row({i, &pp_cases[i], point.bytes, "ping-pong", Cell::none(), "one-way", "Hockney fit",
                  point.one_way_ns, std::nan(""),
                  seg.model.alpha_ns + seg.model.beta_ns_per_byte * point.bytes,
                  separate ? fmt::format("{} / 2; case of {}", stat_text, pingpong_file.path)
                           : fmt::format("{} / 2", stat_text)}));
  }
}

// Each scatter and gather case: run time and elapsed, measured (mean and median) and predicted
// by the scenario's equation. Returns how many rows have no equation.
int add_scatter_gather_rows(Section& s, const ResultFile& file, const HockneyModel& fit) {
  const auto& cases = file.reader.cases();
  int no_model = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (cases[i].collective != "scatter" && cases[i].collective != "gather") continue;
    const results::CaseRecord rec = results::only_kept(cases[i], kept_iterations(file, cases[i]));
    const std::vector<double> run_series = results::metric_series(rec, results::Metric::kRunTime);
    const std::vector<double> elapsed_series =
        results::metric_series(rec, results::Metric::kElapsed);
    const double run = mean_of(run_series), run_median = stats::median(run_series);
    const double elapsed = mean_of(elapsed_series), elapsed_median = stats::median(elapsed_series);
    const auto elem = dtype_bytes(rec.dtype);
    const double bytes = static_cast<double>(rec.count) * elem.value_or(0);
    Classified c = classify(rec);
    if (!elem) c = {std::nullopt, -1, fmt::format("unknown datatype '{}'", rec.dtype)};
    if (!c.scenario) {
      ++no_model;
      s.table.rows.push_back(make_row({i, &rec, bytes, rec.pattern, Cell::none(), "run time",
                                       "no model", run, run_median, std::nullopt, c.why_not}));
      s.table.rows.push_back(
          make_row({i, &rec, bytes, rec.pattern, Cell::none(), "elapsed", "no model", elapsed,
                    elapsed_median, std::nullopt, c.why_not}));
      continue;
    }
    const double d = *c.scenario == Scenario::kFlat ? 0.0 : measured_lead_ns(rec, c.late_rank);
    const HockneyFit& seg = fit.segment(bytes);
    const proficz::Prediction p = proficz::predict(rec.collective, rec.algorithm, *c.scenario,
                                                   rec.ranks, bytes, seg.model, d);
    const std::string scenario(proficz::scenario_name(*c.scenario));
    const Cell delay = *c.scenario == Scenario::kFlat ? Cell::none() : Cell::duration(d);
    if (!p.run) ++no_model;
    s.table.rows.push_back(
        make_row({i, &rec, bytes, scenario, delay, "run time", p.run ? p.run->equation : "no model",
                  run, run_median, p.run ? std::optional(p.run->ns) : std::nullopt, p.no_model}));
    // The paper gives elapsed-time equations for flat PAPs only; the measured value is shown
    // anyway, since a hidden delay shows in it most (docs/MODEL.md).
    s.table.rows.push_back(
        make_row({i, &rec, bytes, scenario, delay, "elapsed",
                  p.elapsed ? p.elapsed->equation : (p.run ? "none" : "no model"), elapsed,
                  elapsed_median, p.elapsed ? std::optional(p.elapsed->ns) : std::nullopt,
                  p.elapsed || !p.run ? p.no_model : "the paper gives run time only here"}));
  }
  return no_model;
}

void add_model_notes(Section& s, const std::string& stat_text,
                     const std::vector<std::string>& skipped, int no_model) {
  s.notes.push_back(
      fmt::format("Hockney: one message of m bytes takes alpha + beta * m; fitted by least squares "
                  "to the ping-pong cases' one-way times ({} / 2).",
                  stat_text));
  s.notes.push_back(
      "caveat: the eager and rendezvous protocols follow different lines; one fit over "
      "both misjudges small or large messages (see R^2 and the ping-pong rows; --split BYTES "
      "fits the two separately). PAP-aware gains need blocking (rendezvous) sends.");
  s.notes.push_back(
      "measured: means over the timed iterations (median beside); run time = max f - min a, "
      "elapsed = mean over "
      "ranks of f - a; d = measured a_late - a_other (mean); block = count x element size (the "
      "paper's N/P); Eqs. 7-8 use ceil(log2 P) when P is not a power of two.");
  if (!skipped.empty()) {
    s.notes.push_back(fmt::format("ping-pong cases not fitted: {}", fmt::join(skipped, ", ")));
  }
  if (no_model > 0) {
    s.notes.push_back(
        fmt::format("{} row(s) without an equation are listed as 'no model'", no_model));
  }
}

// The fit as JSON for scripts: the small-message (or only) line, and the large one at --split.
void add_hockney_extra(Section& s, const HockneyModel& fit) {
  s.extra["hockney"] = {{"alpha_ns", fit.small.model.alpha_ns},
                        {"beta_ns_per_byte", fit.small.model.beta_ns_per_byte},
                        {"r_squared", fit.small.r_squared},
                        {"points", fit.small.points}};
  if (fit.split_bytes) {
    s.extra["hockney"]["split_bytes"] = *fit.split_bytes;
    s.extra["hockney_large"] = {{"alpha_ns", fit.large.model.alpha_ns},
                                {"beta_ns_per_byte", fit.large.model.beta_ns_per_byte},
                                {"r_squared", fit.large.r_squared},
                                {"points", fit.large.points}};
  }
}

}  // namespace

Report build_model_scatter_gather(const ResultFile& file, const ResultFile& pingpong_file,
                                  const ModelOptions& options) {
  const std::string stat_text = fmt::format(
      "rank 0's {} round trip", options.pingpong_stat == PingpongStat::kMin ? "fastest" : "median");
  const PingpongSamples samples = pingpong_samples(pingpong_file, options.pingpong_stat);
  const HockneyModel fit = fit_pingpong(pingpong_file, samples, options);

  Report report;
  report.kind = "model";
  report.section_key = "file";
  Section s;
  s.title = file.path;
  s.meta = run_meta(file);
  if (&pingpong_file != &file) {
    s.meta.push_back({"pingpong_file", "ping-pong cases from", Cell::str(pingpong_file.path)});
  }
  add_fit_meta(s, fit);
  s.table.columns = model_columns();
  add_pingpong_rows(s, file, pingpong_file, samples, fit, stat_text);
  const int no_model = add_scatter_gather_rows(s, file, fit);
  add_model_notes(s, stat_text, samples.skipped, no_model);
  add_hockney_extra(s, fit);
  report.sections.push_back(std::move(s));
  return report;
}

}  // namespace papbench::report
