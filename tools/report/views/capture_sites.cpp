#include "tools/report/views/capture_sites.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "imbalance/pap_statistics.hpp"

namespace papbench::report {
namespace {

// Bytes per element of papbench's --dtype names (what the capture writes for predefined types).
int element_bytes(const std::string& dtype) {
  static const std::map<std::string, int> kBytes = {
      {"int8", 1},  {"uint8", 1},  {"int16", 2},    {"uint16", 2}, {"int", 4},
      {"int32", 4}, {"uint32", 4}, {"unsigned", 4}, {"float", 4},  {"long", 8},
      {"int64", 8}, {"uint64", 8}, {"double", 8}};
  const auto it = kBytes.find(dtype);
  return it == kBytes.end() ? 0 : it->second;
}

// Per site, the [Parsons2015] Tables 3.1-3.4 quantities summed over its calls (omega: the
// spread max a - min a of one call) and what they cost the application.
struct SiteCost {
  double lost_ns = 0;       // sum over calls of omega: the most an imbalance-aware algorithm
                            // could win
  double in_call_ns = 0;    // sum over calls of the mean over ranks of exit - arrival
  double waiting_ns = 0;    // sum over calls and ranks of (last arrival - own arrival)
  double rank_time_ns = 0;  // sum over calls and ranks of exit - arrival
  double bytes = 0;         // sum over calls of this rank's block, summed over ranks
  // Nonblocking sites (metric nbc_compute_ns): the sum over calls and ranks of the compute
  // between the post's return and the call that completed it.
  bool nonblocking = false;
  double compute_ns = 0;
};

SiteCost site_cost(const results::CaseRecord& rec) {
  SiteCost c;
  const int bytes = element_bytes(rec.dtype);
  const results::Matrix* counts = nullptr;
  if (auto it = rec.metrics.find("count"); it != rec.metrics.end()) counts = &it->second;
  const results::Matrix* compute = nullptr;
  if (auto it = rec.metrics.find("nbc_compute_ns"); it != rec.metrics.end()) compute = &it->second;
  c.nonblocking = compute != nullptr;
  for (int i = 0; i < rec.arrival_ns.rows; ++i) {
    const auto a = rec.arrival_ns.row(i);
    if (a.empty()) continue;
    const auto [lo, hi] = std::minmax_element(a.begin(), a.end());
    c.lost_ns += static_cast<double>(*hi - *lo);
    double call_sum = 0;
    for (int r = 0; r < rec.arrival_ns.cols; ++r) {
      const double post_to_exit =
          static_cast<double>(rec.exit_ns.at(i, r) - rec.arrival_ns.at(i, r));
      // A nonblocking call's time in the collective is its time inside MPI for it: post to
      // completion less the compute between.
      const double computing = compute != nullptr && compute->rows > i && compute->cols > r
                                   ? static_cast<double>(compute->at(i, r))
                                   : 0.0;
      c.compute_ns += computing;
      const double inside = post_to_exit - computing;
      call_sum += inside;
      c.rank_time_ns += post_to_exit;
      // Until the last arrival or its own exit: a bcast's root may leave before the last rank
      // arrives and waits for nobody.
      const std::int64_t until = std::min(*hi, rec.exit_ns.at(i, r));
      c.waiting_ns +=
          static_cast<double>(std::max<std::int64_t>(0, until - rec.arrival_ns.at(i, r)));
      const double n = counts != nullptr && counts->rows > i && counts->cols > r
                           ? static_cast<double>(counts->at(i, r))
                           : static_cast<double>(rec.count);
      c.bytes += n * bytes;
    }
    c.in_call_ns += call_sum / static_cast<double>(rec.arrival_ns.cols);
  }
  return c;
}

// The papbench collective that replays a captured one (bench/run/captured_workload.cpp takes the
// same when --collective is left at its default); "" where papbench has none (scan, exscan).
std::string replay_collective(const std::string& captured) {
  if (captured == "reduce_scatter_block") return "reduce_scatter";
  if (captured == "gatherv") return "gather";
  if (captured == "scatterv") return "scatter";
  if (captured == "scan" || captured == "exscan") return "";
  return captured;
}

bool rooted(const std::string& c) {
  static const std::vector<std::string> kRooted = {"reduce",  "bcast",  "scatter",  "gather",
                                                   "ireduce", "ibcast", "iscatter", "igather"};
  return std::find(kRooted.begin(), kRooted.end(), c) != kRooted.end();
}

// The replay command of case `index`: its workload as papbench spells it; what papbench cannot
// run (a user-defined op, a derived datatype) is left at papbench's default. A nonblocking site
// replays with each rank's captured compute between post and wait. "" where papbench has no
// collective for the site.
std::string replay_command(const std::string& path, std::size_t index,
                           const results::CaseRecord& rec) {
  const std::string collective = replay_collective(rec.collective);
  if (collective.empty()) return "";
  std::string cmd =
      fmt::format("mpiexec -n {} papbench --collective {} --alg native", rec.ranks, collective);
  if (rec.collective != "barrier") {
    cmd += fmt::format(" --count {}", std::max<std::uint64_t>(rec.count, 1));
    if (element_bytes(rec.dtype) > 0) cmd += fmt::format(" --dtype {}", rec.dtype);
  }
  static const std::vector<std::string> kOps = {"sum", "prod", "max",  "min", "land",
                                                "lor", "lxor", "band", "bor", "bxor"};
  if (std::find(kOps.begin(), kOps.end(), rec.op) != kOps.end()) {
    cmd += fmt::format(" --op {}", rec.op);
  }
  if (rooted(collective)) cmd += fmt::format(" --root {}", rec.root);
  if (rec.metrics.contains("nbc_compute_ns")) cmd += " --overlap-compute captured";
  cmd += fmt::format(" --pattern replay:{}#{} --iters {} --out replay-{}.h5", path, index,
                     rec.iterations, index);
  return cmd;
}

// The capture's record of papbench's algorithms in the application (run info
// capture_substitution, capture/substitution.cpp): per (site, collective) the algorithm and the
// rank-calls it served or that fell through to the library, and why.
struct Substitutions {
  std::vector<std::string> rules;
  std::map<std::pair<std::string, std::string>, nlohmann::json> sites;
};

Substitutions substitutions_of(const std::map<std::string, std::string>& extra) {
  Substitutions out;
  const auto it = extra.find("capture_substitution");
  if (it == extra.end()) return out;
  const nlohmann::json j = nlohmann::json::parse(it->second, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return out;
  for (const auto& r : j.value("rules", nlohmann::json::array())) {
    if (r.is_string()) out.rules.push_back(r.get<std::string>());
  }
  for (const auto& site : j.value("sites", nlohmann::json::array())) {
    if (!site.is_object()) continue;
    out.sites[{site.value("site", ""), site.value("collective", "")}] = site;
  }
  return out;
}

// "bcast/dynleader 40/40, 4 prepared" (rank-calls served of those the rule covered; prepare()s
// on all ranks: once per communicator and call shape), with the reasons of those that fell
// through; "" where no rule covered the site.
std::string substituted_cell(const Substitutions& subs, const std::string& site,
                             const std::string& collective) {
  const auto it = subs.sites.find({site, collective});
  if (it == subs.sites.end()) return "";
  const nlohmann::json& j = it->second;
  const long long served = j.value("served", 0LL);
  const long long fell = j.value("fell_through", 0LL);
  std::string text = fmt::format("{} {}/{}, {} prepared", j.value("algorithm", std::string("?")),
                                 served, served + fell, j.value("prepared", 0LL));
  if (fell > 0) {
    std::vector<std::string> why;
    const auto reasons = j.find("reasons");
    if (reasons != j.end() && reasons->is_object()) {
      for (const auto& [reason, n] : reasons->items()) {
        why.push_back(fmt::format("{} {}", reason, n.is_number() ? n.get<long long>() : 0LL));
      }
    }
    text += fmt::format(" (fell through: {})", fmt::join(why, ", "));
  }
  return text;
}

}  // namespace

bool is_capture(const ResultFile& file) {
  const auto& extra = file.reader.run_info().extra;
  const auto it = extra.find("result_kind");
  return it != extra.end() && it->second == "capture";
}

Section capture_site_section(const ResultFile& file, bool suggest) {
  Section s;
  s.title = file.path;
  s.meta = run_meta(file);
  const auto& extra = file.reader.run_info().extra;
  auto attr = [&](const char* key) {
    const auto it = extra.find(key);
    return it == extra.end() ? std::string("not recorded") : it->second;
  };
  auto duration_attr = [&](const char* key) {
    const auto it = extra.find(key);
    if (it == extra.end()) return Cell{"not recorded", nullptr};
    try {
      return Cell::duration(std::stod(it->second));
    } catch (const std::exception&) {
      return Cell{it->second, nullptr};
    }
  };
  s.meta.push_back({"capture_complete", "written", Cell::str(attr("capture_complete"))});
  s.meta.push_back({"capture_calls", "captured calls", Cell::str(attr("capture_calls"))});
  s.meta.push_back({"capture_incomplete_calls", "calls not every member recorded",
                    Cell::str(attr("capture_incomplete_calls"))});
  s.meta.push_back({"capture_overhead_median_ns", "capture overhead per call (median)",
                    duration_attr("capture_overhead_median_ns")});
  s.meta.push_back({"capture_overhead_p99_ns", "capture overhead per call (p99)",
                    duration_attr("capture_overhead_p99_ns")});
  const Substitutions subs = substitutions_of(extra);
  if (!subs.rules.empty()) {
    s.meta.push_back({"capture_substitution", "papbench algorithms substituted",
                      Cell::str(fmt::format("{}", fmt::join(subs.rules, "; ")))});
  }
  const auto M = Audience::kMachine;
  const auto B = Audience::kBoth;
  s.table.columns = {{"case", "case", B},
                     {"collective", "collective", B, true},
                     {"site", "site", B, true},
                     {"comm", "comm", B, true},
                     {"ranks", "ranks", B},
                     {"calls", "calls", B},
                     {"bytes", "bytes", B},
                     {"delta_bar_ns", "delta_bar", B},
                     {"omega_bar_ns", "omega_bar", B},
                     {"lost_ns", "lost to imbalance", B},
                     {"in_collective_ns", "time in collective", B},
                     {"waiting_fraction", "waiting", B},
                     {"overlap_fraction", "overlap", B},
                     {"substituted", "served by (rank-calls)", B, true},
                     {"replay", "replay", M, true}};
  const auto& cases = file.reader.cases();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    // One call site's data at a time (the file may be opened on demand).
    const results::CaseRecord rec =
        load_case(file, i, {.planned = false, .pat = false, .clock = false, .counters = false});
    const PapSummary p = summarize_pap(rec.arrival_ns, {});
    const SiteCost c = site_cost(rec);
    Row row;
    row.cells = {
        Cell::integer(static_cast<long long>(i)),
        Cell::str(rec.collective),
        Cell::str(capture_param(rec.params, "site")),
        Cell::str(capture_param(rec.params, "comm")),
        Cell::integer(rec.ranks),
        Cell::integer(rec.iterations),
        element_bytes(rec.dtype) > 0 || rec.collective == "barrier"
            ? Cell::integer(static_cast<long long>(c.bytes))
            : Cell::none(),
        Cell::duration(p.all.delta_bar_ns),
        Cell::duration(p.all.omega_bar_ns),
        Cell::duration(c.lost_ns),
        Cell::duration(c.in_call_ns),
        c.rank_time_ns > 0 && !c.nonblocking ? Cell::fixed(c.waiting_ns / c.rank_time_ns, 2)
                                             : Cell::none(),
        c.rank_time_ns > 0 && c.nonblocking ? Cell::fixed(c.compute_ns / c.rank_time_ns, 2)
                                            : Cell::none(),
        Cell::str(substituted_cell(subs, capture_param(rec.params, "site"), rec.collective)),
        Cell::str(replay_command(file.path, i, rec))};
    s.table.rows.push_back(std::move(row));
  }
  s.notes.push_back(
      "per call site ([Parsons2015] Tables 3.1-3.4): bytes = sum over calls and ranks of each "
      "rank's block; lost to imbalance = sum over calls of omega (max a - min a), the most an "
      "imbalance-aware algorithm could win; time in collective = sum over calls of the mean over "
      "ranks of exit - arrival; waiting = the share of that time ranks spent waiting for the "
      "last arrival (blocking sites)");
  s.notes.push_back(
      "nonblocking sites (iallreduce, ...): a call runs from its post to the wait or test that "
      "completed it; time in collective = the mean over ranks of that less the compute between "
      "post and completion (the time inside MPI for it: post, tests, the completing call); "
      "overlap = the share of post-to-completion the ranks spent computing, summed over calls "
      "and ranks (1: the completing call returned at once). Not IMB-NBC's overlap, which needs "
      "the collective's time without compute (t_pure) that an application never shows; "
      "papbench-report summary of a replay with and without --overlap-compute gives that one");
  if (!subs.rules.empty()) {
    s.notes.push_back(
        "served by: the papbench algorithm that --substitute put at the site, with the "
        "rank-calls it served of those its rule covered (summed over ranks and over the "
        "communicators the site was called on); the others fell through to the MPI library's "
        "own call, for the reasons given (docs/CAPTURE.md)");
  }
  if (suggest) {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const std::string cmd = replay_command(file.path, i, cases[i]);
      s.notes.push_back(fmt::format(
          "replay case {}: {}", i,
          cmd.empty() ? "none (papbench has no " + cases[i].collective + " collective)" : cmd));
    }
  }
  return s;
}

std::string capture_param(const std::string& params, const std::string& key) {
  const std::string tag = key + "=";
  const auto at = params.find(tag);
  if (at == std::string::npos) return "";
  const auto end = params.find(' ', at);
  return params.substr(at + tag.size(),
                       end == std::string::npos ? std::string::npos : end - at - tag.size());
}

}  // namespace papbench::report
