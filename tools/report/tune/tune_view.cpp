#include "tools/report/tune/tune_view.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "collectives/core/forced_native_table.hpp"
#include "common/datatype_size.hpp"
#include "common/errors.hpp"
#include "common/units.hpp"
#include "results/case_comparison.hpp"
#include "tools/report/core/metric_choice.hpp"

namespace papbench::report {
namespace {

// The library's own choice: native without force.
bool is_default(const results::CaseRecord& r) {
  return r.algorithm == "native" && r.params.find("force=") == std::string::npos;
}

// native:force=NAME's NAME; "" for any other algorithm (papbench's own, or the default).
std::string forced_name(const results::CaseRecord& r) {
  if (r.algorithm != "native") return "";
  const auto at = r.params.find("force=");
  if (at == std::string::npos) return "";
  const auto begin = at + 6;
  return r.params.substr(begin, r.params.find(',', begin) - begin);
}

// The arrival pattern a case ran under, as the report and --pattern name it.
std::string pattern_text(const results::CaseRecord& r) {
  std::string out =
      fmt::format("{} maxdelay={}", r.pattern, format_duration_compact(r.maxdelay_ns));
  if (r.compute_ns != 0) out += fmt::format(" compute={}", format_duration_compact(r.compute_ns));
  return out;
}

// "ompi" or "mpich" from the result set's MPI library string.
std::string library_of(const ResultFile& f) {
  const std::string& v = f.reader.run_info().mpi_library_version;
  if (v.find("Open MPI") != std::string::npos) return "ompi";
  if (v.find("MPICH") != std::string::npos) return "mpich";
  return "";
}

// One candidate of a workload against the workload's default.
struct Candidate {
  std::size_t index = 0;  // case index in the first launch
  std::string label;      // algorithm with params
  std::string forced;     // the library's name, or "" for papbench's own
  stats::CaseComparison c;
};

struct Workload {
  std::size_t default_index = 0;
  const results::CaseRecord* rec = nullptr;  // the default's record
  std::vector<Candidate> candidates;
};

std::string alg_label(const results::CaseRecord& r) {
  return r.params.empty() ? r.algorithm : fmt::format("{}({})", r.algorithm, r.params);
}

// The best significantly faster candidate among those `take` admits; nullptr when none.
template <class Take>
const Candidate* best_of(const Workload& w, Take take) {
  const Candidate* best = nullptr;
  for (const Candidate& c : w.candidates) {
    if (!take(c) || !c.c.significant || !(c.c.ratio < 1)) continue;
    if (best == nullptr || c.c.ratio < best->c.ratio) best = &c;
  }
  return best;
}

// The rule of the library's file a point falls under: collective, communicator size and the size
// the library compares (0 where it decides by communicator size alone: barrier, alltoallv).
using RuleKey = std::tuple<std::string, int, std::uint64_t>;
RuleKey rule_key(const TunePoint& p, bool ompi) {
  const bool by_size_alone = p.collective == "barrier" || p.collective == "alltoallv";
  const std::uint64_t size = ompi ? ompi_rule_message_size(p) : mpich_rule_message_size(p);
  return {p.collective, p.ranks, by_size_alone ? 0 : size};
}

std::string ci_text(const stats::CaseComparison& c) {
  if (std::isnan(c.ratio_ci_low)) return "-";
  return fmt::format("[{:.2f}, {:.2f}]", c.ratio_ci_low, c.ratio_ci_high);
}

// tune --metric must be a time: the rules pick the lowest.
void check_speed_metric(const TuneOptions& options) {
  if (!is_speed_metric(options.metric)) {
    throw UsageError(fmt::format(
        "tune --metric: '{}' is not a time; accepted: a time metric (run_time, elapsed, ...), "
        "whose lower value is better",
        results::metric_name(options.metric)));
  }
}

// The workloads of one experiment (`launches`: its result sets, one per launch) in the order
// their first case appears, each with its candidates compared to the library default; a workload
// without a default is left out with a note.
void add_workloads(std::span<const ResultFile> launches, const TuneOptions& options,
                   std::vector<Workload>& workloads, std::vector<std::string>& notes) {
  const auto& cases = launches.front().reader.cases();
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::size_t>> by_workload;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string k = cases[i].workload_key();
    if (!by_workload.contains(k)) order.push_back(k);
    by_workload[k].push_back(i);
  }
  for (const std::string& k : order) {
    const auto& indices = by_workload.at(k);
    const auto def =
        std::ranges::find_if(indices, [&](std::size_t i) { return is_default(cases[i]); });
    if (def == indices.end()) {
      notes.push_back(fmt::format("no library default (native without force) for {}: not tuned",
                                  cases[indices.front()].label()));
      continue;
    }
    Workload w;
    w.default_index = *def;
    w.rec = &cases[*def];
    for (std::size_t i : indices) {
      if (i == *def) continue;
      Candidate c;
      c.index = i;
      c.label = alg_label(cases[i]);
      c.forced = forced_name(cases[i]);
      c.c = compare_pair(launches, *def, launches, i, options.metric, options.compare);
      w.candidates.push_back(std::move(c));
    }
    if (!w.candidates.empty()) workloads.push_back(std::move(w));
  }
}

// Every experiment's workloads, one Holm family; all from one MPI library, since a rules file is
// for one.
std::vector<Workload> compare_workloads(std::span<const std::vector<ResultFile>> groups,
                                        const TuneOptions& options,
                                        std::vector<std::string>& notes) {
  const ResultFile& first = groups.front().front();
  std::vector<Workload> workloads;
  for (const std::vector<ResultFile>& launches : groups) {
    if (library_of(launches.front()) != library_of(first)) {
      throw UsageError(fmt::format(
          "tune FILES: '{}' ran under {} and '{}' under {}; a rules file is for one library",
          first.path, first.reader.run_info().mpi_library_version, launches.front().path,
          launches.front().reader.run_info().mpi_library_version));
    }
    add_workloads(launches, options, workloads, notes);
  }
  if (workloads.empty()) {
    throw UsageError(fmt::format(
        "tune: '{}' has no workload with the library default (native) and another algorithm; "
        "run native and native:force=NAME (or papbench's algorithms) on the same cases",
        first.path));
  }
  return workloads;
}

// One family: every comparison of the tune (as compare adjusts its whole table).
void mark_family(std::vector<Workload>& workloads, double alpha) {
  std::vector<stats::CaseComparison> all;
  for (const Workload& w : workloads) {
    for (const Candidate& c : w.candidates) all.push_back(c.c);
  }
  stats::mark_significant(all, alpha);
  std::size_t k = 0;
  for (Workload& w : workloads) {
    for (Candidate& c : w.candidates) c.c = all[k++];
  }
}

// Patterns: the files carry one, or --pattern names which one the rules are for ("all": every
// pattern's choices, as for the replays of an application's call sites).
std::string choose_rules_pattern(const std::vector<Workload>& workloads, const std::string& asked) {
  std::set<std::string> patterns;
  for (const Workload& w : workloads) patterns.insert(pattern_text(*w.rec));
  std::string rules_pattern = asked;
  if (rules_pattern.empty()) {
    if (patterns.size() > 1) {
      throw UsageError(fmt::format(
          "tune --pattern: the result sets ran {} arrival patterns and a rules file holds one; "
          "accepted: all | {}",
          patterns.size(), fmt::join(patterns, " | ")));
    }
    rules_pattern = *patterns.begin();
  } else if (rules_pattern != "all" && !patterns.contains(rules_pattern)) {
    throw UsageError(
        fmt::format("tune --pattern: '{}' is not a pattern of the result sets; "
                    "accepted: all | {}",
                    rules_pattern, fmt::join(patterns, " | ")));
  }
  return rules_pattern;
}

std::vector<Column> tune_columns() {
  const auto M = Audience::kMachine;
  const auto B = Audience::kBoth;
  const auto H = Audience::kHuman;
  return {{"collective", "collective", B, true},
          {"ranks", "np", B},
          {"count", "count", B, true},
          {"pattern", "pattern", B, true},
          {"candidate", "candidate", B, true},
          {"median_default_ns", "default", B},
          {"median_ns", "median", B},
          {"ratio", "cand/default", B},
          {"ratio_ci", "95% CI", H},
          {"ratio_ci_low", "ci low", M},
          {"ratio_ci_high", "ci high", M},
          {"verdict_level", "level", B},
          {"p_holm", "p (Holm)", B},
          {"significant", "significant", M},
          {"choice", "choice", B, true}};
}

// The rules' points, and the choices each rule was given: a rule the library applies by size
// alone (Open MPI, MPICH: the same size for different datatypes, ops or roots) must agree.
struct RulePoints {
  std::map<RuleKey, std::set<std::string>> rule_choices;
  std::vector<TunePoint> points;
};

// One workload's rows (each candidate with its choice), its notes, and its rules point when it
// ran under the rules' pattern.
void add_workload(const Workload& w, const std::string& rules_pattern, bool ompi, Section& s,
                  RulePoints& rules) {
  const Candidate* best = best_of(w, [](const Candidate&) { return true; });
  const Candidate* best_library = best_of(w, [](const Candidate& c) { return !c.forced.empty(); });
  const results::CaseRecord& r = *w.rec;
  const std::string group =
      fmt::format("{} np={} count={} {} root={} {}", r.collective, r.ranks,
                  format_count_bytes(r.count, r.dtype), r.op, r.root, pattern_text(r));
  for (const Candidate& c : w.candidates) {
    std::string choice;
    if (&c == best) choice = "best";
    if (&c == best_library) choice += choice.empty() ? "library choice" : ", library choice";
    Row row;
    row.group = group;
    row.cells = {Cell::str(r.collective),
                 Cell::integer(r.ranks),
                 Cell::str(format_count_bytes(r.count, r.dtype)),
                 Cell::str(pattern_text(r)),
                 Cell::str(c.label),
                 Cell::duration(c.c.median_a),
                 Cell::duration(c.c.median_b),
                 Cell::fixed(c.c.ratio, 2),
                 {ci_text(c.c), nullptr},
                 Cell::fixed(c.c.ratio_ci_low, 2),
                 Cell::fixed(c.c.ratio_ci_high, 2),
                 Cell::str(std::string(stats::verdict_level_name(c.c.level))),
                 Cell::p_value(c.c.verdict_p_holm),
                 Cell::boolean(c.c.significant),
                 Cell::str(choice)};
    s.table.rows.push_back(std::move(row));
  }
  if (best == nullptr) {
    s.notes.push_back(
        fmt::format("{}: nothing significantly faster; the library default stays", group));
  } else if (best != best_library) {
    s.notes.push_back(fmt::format(
        "{}: papbench's {} is best ({:.2f}x the default) but no library can be set to it; the "
        "rules take {}",
        group, best->label, best->c.ratio,
        best_library == nullptr ? "the default" : "native:force=" + best_library->forced));
  }
  if (rules_pattern != "all" && pattern_text(r) != rules_pattern) return;
  const auto type_size = datatype_size(r.dtype);
  if (!type_size) {
    s.notes.push_back(
        fmt::format("{}: datatype {} has no known size: left out of the rules", group, r.dtype));
    return;
  }
  TunePoint p{r.collective, r.ranks, r.count, *type_size,
              best_library == nullptr ? "" : best_library->forced};
  rules.rule_choices[rule_key(p, ompi)].insert(p.algorithm);
  rules.points.push_back(std::move(p));
}

// One point per rule; a rule whose workloads chose differently keeps the default (noted once).
std::vector<TunePoint> settle_rules(RulePoints& rules, bool ompi, Section& s) {
  std::set<RuleKey> seen;
  for (TunePoint& p : rules.points) {
    const RuleKey key = rule_key(p, ompi);
    const auto& choices = rules.rule_choices.at(key);
    if (choices.size() > 1) {
      if (seen.insert(key).second) {
        s.notes.push_back(fmt::format(
            "{} np={} rule size {}: the workloads it covers chose differently ({}): the rule "
            "keeps the library default",
            p.collective, p.ranks, std::get<2>(key), fmt::join(choices, ", ")));
      }
      p.algorithm.clear();
    }
  }
  std::vector<TunePoint> out;
  std::set<RuleKey> written;
  for (const TunePoint& p : rules.points) {
    if (written.insert(rule_key(p, ompi)).second) out.push_back(p);
  }
  return out;
}

}  // namespace

TuneResult build_tune(std::span<const std::vector<ResultFile>> groups, const TuneOptions& options) {
  check_speed_metric(options);
  const ResultFile& first = groups.front().front();
  TuneResult out;
  out.library = library_of(first);
  std::vector<std::string> notes;
  std::vector<Workload> workloads = compare_workloads(groups, options, notes);
  mark_family(workloads, options.compare.alpha);
  const std::string rules_pattern = choose_rules_pattern(workloads, options.pattern);

  Section s;
  const std::size_t launches = groups.front().size();
  s.title = groups.size() == 1
                ? fmt::format("tune {} ({} launch{}), metric {}", first.path, launches,
                              launches == 1 ? "" : "es", results::metric_name(options.metric))
                : fmt::format("tune {} and {} more experiment{}, metric {}", first.path,
                              groups.size() - 1, groups.size() == 2 ? "" : "s",
                              results::metric_name(options.metric));
  s.table.columns = tune_columns();
  const bool ompi = out.library == "ompi";
  RulePoints rules;
  for (const Workload& w : workloads) add_workload(w, rules_pattern, ompi, s, rules);
  out.points = settle_rules(rules, ompi, s);
  s.meta.push_back(
      {"library", "MPI library", Cell::str(first.reader.run_info().mpi_library_version)});
  s.meta.push_back({"rules_pattern", "rules for pattern", Cell::str(rules_pattern)});
  s.meta.push_back({"alpha", "alpha", Cell::fixed(options.compare.alpha, 3)});
  s.notes.push_back(
      "each candidate against the library default (native without force) on the same workload, "
      "by compare's verdict: the launch-level t test and its interval with 2+ launches a side, "
      "else within one launch; Holm-adjusted over every row; choice: the lowest ratio among the "
      "significantly faster");
  for (std::string& n : notes) s.notes.push_back("note: " + n);
  out.report.kind = "tune";
  out.report.section_key = "tune";
  out.report.sections.push_back(std::move(s));
  return out;
}

}  // namespace papbench::report
