#include "tools/report/tables/table_kang_figs.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>

#include "common/errors.hpp"
#include "models/intergroup_model.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/tables/intergroup_cases.hpp"

namespace papbench::report {
namespace {

namespace im = intergroup_model;

// The abstract: "up to 23.67 times on 256 compute nodes" (setting and size not stated).
constexpr double kHeadline = 23.67;
constexpr int kPaperIterations = 10;

struct Point {
  const ResultFile* file = nullptr;
  std::size_t index = 0;
  const results::CaseRecord* rec = nullptr;
  IntergroupCase c;
  std::optional<PaperTiming> t;
};

// A column of a panel: one algorithm with its options.
struct Series {
  std::string algorithm, variant;
  std::string key() const { return variant.empty() ? algorithm : algorithm + "(" + variant + ")"; }
};

// One panel of a figure: the cases that differ only in algorithm and block size.
struct Panel {
  std::string title;
  std::tuple<bool, int, int, std::string> order;  // allgatherv, N, setting (9: none), title
  const Point* first = nullptr;
  std::vector<Series> series;
  std::map<double, std::map<std::string, const Point*>> rows;  // block size -> series -> case
  int duplicates = 0;
};

// x of the figures: "maximum message size per node" (§5); the larger nominal block of the two
// groups (S3, S4) in bytes, which is per node at one process per node (docs/MODEL.md). What the
// ranks actually sent differs for arith-code (S6, S8): see block_cells.
double size_of(const IntergroupCase& c) {
  return std::max(c.block_a_bytes, c.block_b_bytes);
}

std::string panel_title(const Point& p) {
  const results::CaseRecord& r = *p.rec;
  const IntergroupCase& c = p.c;
  std::string t = fmt::format("N = {} ({}): {} p:q = {}:{}, k_A:k_B = {:g}:{:g}", c.p + c.q,
                              setting_text(c), r.collective, c.p, c.q, c.ka_factor, c.kb_factor);
  if (c.dist) t += fmt::format(", dist {}", im::dist_name(*c.dist));
  t += fmt::format(", {} placement, {}", c.placement.empty() ? "block" : c.placement, r.dtype);
  // The paper injects no imbalance; only a pattern that delays someone is worth a word.
  if (r.maxdelay_ns != 0) t += fmt::format(", pattern {} max {} ns", r.pattern, r.maxdelay_ns);
  if (r.sync_mode != "barrier") t += fmt::format(", {} start", r.sync_mode);
  return t;
}

// Fig. 6's short name of a panel: its curve.
std::string curve_label(const IntergroupCase& c) {
  std::string t = fmt::format("{} {}:{} k {:g}:{:g}", c.allgatherv ? "allgatherv" : "allgather",
                              c.p, c.q, c.ka_factor, c.kb_factor);
  if (c.dist) t += fmt::format(" {}", im::dist_name(*c.dist));
  return t;
}

int setting_number(const IntergroupCase& c) {
  return c.setting ? static_cast<int>(*c.setting) : 9;
}

// Appends the collective's cases to `points` (a deque: the panels keep pointers into it).
std::vector<Panel> collect(const std::vector<ResultFile>& files, const std::string& collective,
                           std::deque<Point>& points) {
  for (const ResultFile& f : files) {
    const auto& cases = f.reader.cases();
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (cases[i].collective != collective) continue;
      auto c = intergroup_case(i, cases[i]);
      if (!c) continue;
      points.push_back(
          {&f, i, &cases[i], std::move(*c), paper_timing(cases[i], kept_iterations(f, cases[i]))});
    }
  }
  std::map<std::string, Panel> by_title;
  for (const Point& p : points) {
    if (p.rec->collective != collective) continue;
    const std::string title = panel_title(p);
    Panel& panel = by_title[title];
    if (panel.first == nullptr) {
      panel.title = title;
      panel.first = &p;
      panel.order = {p.c.allgatherv, static_cast<int>(p.c.p + p.c.q), setting_number(p.c), title};
    }
    const Series s{p.rec->algorithm, p.c.variant};
    if (std::none_of(panel.series.begin(), panel.series.end(),
                     [&](const Series& x) { return x.key() == s.key(); })) {
      panel.series.push_back(s);
    }
    auto& cell = panel.rows[size_of(p.c)][s.key()];
    if (cell == nullptr) {
      cell = &p;
    } else {
      ++panel.duplicates;
    }
  }
  std::vector<Panel> out;
  for (auto& [title, panel] : by_title) out.push_back(std::move(panel));
  std::sort(out.begin(), out.end(),
            [](const Panel& a, const Panel& b) { return a.order < b.order; });
  return out;
}

// Legend order of the paper's figures first, then whatever else was run.
void order_series(Panel& panel, const std::vector<std::string>& legend) {
  auto rank = [&](const Series& s) {
    const auto it = std::find(legend.begin(), legend.end(), s.algorithm);
    return static_cast<int>(it - legend.begin());
  };
  std::stable_sort(panel.series.begin(), panel.series.end(),
                   [&](const Series& a, const Series& b) { return rank(a) < rank(b); });
}

std::string paper_name(const std::string& algorithm) {
  static const std::map<std::string, std::string> names = {
      {"native", "Root Gathering (native)"}, {"alg1", "Algorithm1 (alg1)"},
      {"euro2", "EuroMPI (euro2)"},          {"alg2", "Algorithm 2 (alg2)"},
      {"rg1", "root gathering, best (rg1)"}, {"rg2", "root gathering, library order (rg2)"},
      {"euro1", "EuroMPI Alg. 1 (euro1)"}};
  const auto it = names.find(algorithm);
  return it == names.end() ? algorithm : it->second;
}

// Whether a series' options hold every `key=value` of `wanted` (comma-separated; "" holds).
bool has_options(const Series& x, std::string_view wanted) {
  const std::string have = "," + x.variant + ",";
  for (std::size_t pos = 0; pos < wanted.size();) {
    const std::size_t end = std::min(wanted.find(',', pos), wanted.size());
    if (have.find("," + std::string(wanted.substr(pos, end - pos)) + ",") == std::string::npos) {
      return false;
    }
    pos = end + 1;
  }
  return true;
}

// The paper's form of each figure's new algorithm (FigSpec::paper_options).
struct NewAlg {
  std::string name, paper_options;
};

// T_native / T_new of one row: the first native series, and of the new algorithm the first
// series run as the paper ran it, or its first series when none was.
struct Speedup {
  double value = std::nan("");
  const Point* native = nullptr;
  const Point* fresh = nullptr;
};
Speedup speedup(const Panel& panel, double size, const NewAlg& new_alg) {
  Speedup s;
  const auto& row = panel.rows.at(size);
  const Point* other = nullptr;  // a variant other than the paper's
  for (const Series& x : panel.series) {
    const auto it = row.find(x.key());
    if (it == row.end()) continue;
    if (x.algorithm == "native" && s.native == nullptr) s.native = it->second;
    if (x.algorithm != new_alg.name) continue;
    if (has_options(x, new_alg.paper_options)) {
      if (s.fresh == nullptr) s.fresh = it->second;
    } else if (other == nullptr) {
      other = it->second;
    }
  }
  if (s.fresh == nullptr) s.fresh = other;
  if (s.native != nullptr && s.fresh != nullptr && s.native->t && s.fresh->t &&
      s.fresh->t->mean_ns > 0) {
    s.value = s.native->t->mean_ns / s.fresh->t->mean_ns;
  }
  return s;
}

Cell paper_cell(const IntergroupCase& c) {
  if (!c.setting) return Cell::none();
  return Cell::fixed(im::settings()[static_cast<std::size_t>(*c.setting) - 1].paper_eq5, 2);
}

// The largest speed-up per process count N = p + q: the abstract's 23.67x is the largest at one
// configuration (256 nodes), so the comparison is per N, never over every N pooled.
struct Best {
  double value = 0;
  std::string where;
};
using BestByN = std::map<std::int64_t, Best>;
void consider(BestByN& best, const Speedup& s, const Panel& panel, double size) {
  Best& b = best[std::get<1>(panel.order)];
  if (std::isnan(s.value) || s.value <= b.value) return;
  b.value = s.value;
  b.where = fmt::format("{} at {:.0f} B", panel.title, size);
}

std::string best_text(std::int64_t n, const Best& best) {
  const std::string paper =
      fmt::format("paper: up to {:.2f}x on 256 nodes{}", kHeadline, n == 256 ? "" : " (another N)");
  if (best.where.empty()) {
    return fmt::format(
        "N = {}: no speed-up measured (native and the new algorithm both "
        "needed); {}",
        n, paper);
  }
  return fmt::format("N = {}: {:.2f}x ({}); {}", n, best.value, best.where, paper);
}

// The notes and the JSON of the largest speed-ups: one per N.
void add_best(Section& last, const std::string& what, const BestByN& best) {
  Json by_n = Json::object();
  for (const auto& [n, b] : best) {
    last.notes.push_back(fmt::format("largest {}: {}", what, best_text(n, b)));
    by_n[std::to_string(n)] = b.where.empty() ? Json(nullptr) : Json(b.value);
  }
  last.extra["largest_speedup_by_processes"] = std::move(by_n);
  last.extra["paper_headline"] = kHeadline;
  last.extra["paper_headline_processes"] = 256;
}

// What each group's ranks actually sent, in bytes: mean and largest block ([Kang2019] settings 6
// and 8: arith-code's 2 (i + 1) ceil(k/P) elements has a mean near k only when k >= P; at C2048
// and 64 KiB per node, k = 512 ints over 1600 ranks, A's mean block is 1601 ints, 3.1x nominal).
void add_block_columns(Table& t) {
  const auto B = Audience::kBoth;
  t.columns.push_back({"a_mean_bytes", "A mean (B)", B});
  t.columns.push_back({"a_max_bytes", "A max (B)", B});
  t.columns.push_back({"b_mean_bytes", "B mean (B)", B});
  t.columns.push_back({"b_max_bytes", "B max (B)", B});
}
void add_block_cells(Row& r, const IntergroupCase& c) {
  for (const im::Group& g : {c.shape.a, c.shape.b}) {
    r.cells.push_back(Cell::fixed(g.ranks > 0 ? g.total / static_cast<double>(g.ranks) : 0.0, 0));
    r.cells.push_back(Cell::fixed(g.max_block, 0));
  }
}

constexpr std::string_view kBlocksNote =
    "nominal block: count x the group's factor, the figures' x axis (per node at one process per "
    "node); A/B mean and max: the blocks the ranks actually sent (arith-code, S6/S8: "
    "2 (i + 1) ceil(k/P) elements); Eq. (5) is evaluated at those blocks";

std::string timing_note() {
  return "times: [Kang2019] §5's, from the raw timestamps: per iteration the slowest rank's "
         "f - a, the fastest and slowest iteration dropped and the rest averaged (10 runs -> "
         "mean of 8); late or failed iterations left out first. papbench's own metrics: "
         "papbench-report summary.";
}

std::string iterations_note(int short_cases) {
  return fmt::format(
      "{} case(s) have fewer than the paper's {} iterations; their times use what exists "
      "(trimmed from 3 on); see the iters column",
      short_cases, kPaperIterations);
}

const std::vector<std::string> kIntraNode = {
    "on one host every message goes through shared memory: the network effects the paper "
    "measured on Cori (and its 23.67x) cannot show; read these as a shape check, not a "
    "reproduction of the numbers"};

struct FigSpec {
  std::string kind, title, collective;
  NewAlg new_alg;
  std::vector<std::string> legend;
  std::vector<std::string> claims;
  std::string variant_note;  // which options are the paper's
};

Report build_grid(const std::vector<ResultFile>& files, const FigSpec& spec) {
  std::deque<Point> points;
  std::vector<Panel> panels = collect(files, spec.collective, points);
  if (panels.empty()) {
    throw UsageError(fmt::format(
        "table {}: no {} case in the files; run e.g. 'papbench --collective {} --alg {} "
        "--groups 25:7 ...'",
        spec.kind, spec.collective, spec.collective, fmt::join(spec.legend, ",")));
  }
  Report report;
  report.kind = spec.kind;
  report.section_key = "panel";
  BestByN best;
  int short_cases = 0;
  for (const Point& p : points) {
    if (!p.t || p.t->iterations < kPaperIterations) ++short_cases;
  }
  for (Panel& panel : panels) {
    order_series(panel, spec.legend);
    Section s;
    s.title = panel.title;
    const IntergroupCase& c = panel.first->c;
    s.meta.push_back({"setting", "setting", Cell::str(setting_text(c))});
    s.meta.push_back({"processes", "N = p + q", Cell::integer(c.p + c.q)});
    s.meta.push_back({"groups", "p:q", Cell::str(fmt::format("{}:{}", c.p, c.q))});
    s.meta.push_back({"paper_eq5", "paper's Eq. (5) limit", paper_cell(c)});
    const auto B = Audience::kBoth;
    s.table.columns = {{"block_bytes", "nominal block (B)", B}};
    for (const Series& x : panel.series) {
      s.table.columns.push_back(
          {x.key() + "_ns", paper_name(x.algorithm) + (x.variant.empty() ? "" : " " + x.variant),
           B});
    }
    add_block_columns(s.table);
    s.table.columns.push_back({"speedup", fmt::format("native/{}", spec.new_alg.name), B});
    s.table.columns.push_back({"eq5", "Eq. (5)", B});
    s.table.columns.push_back({"paper_eq5", "paper", B});
    s.table.columns.push_back({"iterations", "iters", B});
    for (const auto& [size, row] : panel.rows) {
      Row r;
      r.cells.push_back(Cell::integer(static_cast<long long>(size)));
      int fewest = -1;
      const Point* any = nullptr;
      for (const Series& x : panel.series) {
        const auto it = row.find(x.key());
        if (it == row.end() || !it->second->t) {
          r.cells.push_back(Cell::none());
          continue;
        }
        any = it->second;
        r.cells.push_back(Cell::duration(it->second->t->mean_ns));
        const int n = it->second->t->iterations;
        fewest = fewest < 0 ? n : std::min(fewest, n);
      }
      const Speedup sp = speedup(panel, size, spec.new_alg);
      consider(best, sp, panel, size);
      if (any != nullptr) {
        add_block_cells(r, any->c);
      } else {
        for (int i = 0; i < 4; ++i) r.cells.push_back(Cell::none());
      }
      r.cells.push_back(Cell::ratio(sp.value));
      r.cells.push_back(any ? Cell::ratio(im::eq5_expected_improvement(any->c.shape))
                            : Cell::none());
      r.cells.push_back(paper_cell(c));
      r.cells.push_back(Cell::integer(std::max(fewest, 0)));
      s.table.rows.push_back(std::move(r));
    }
    if (panel.duplicates > 0) {
      s.notes.push_back(fmt::format(
          "{} case(s) repeat a (size, algorithm) cell of this panel; the first one is shown",
          panel.duplicates));
    }
    report.sections.push_back(std::move(s));
  }
  Section& last = report.sections.back();
  last.notes.push_back(timing_note());
  if (short_cases > 0) last.notes.push_back(iterations_note(short_cases));
  last.notes.push_back(fmt::format(
      "Eq. (5) at each row's own shape (M + 3K_A + 3K_B)/M; 'paper' is §5's limit for the "
      "setting (the speed-up should approach it as the size grows, in the homogeneous model)"));
  last.notes.push_back(std::string(kBlocksNote));
  last.notes.push_back(spec.variant_note);
  add_best(last, fmt::format("native/{}", spec.new_alg.name), best);
  for (const std::string& claim : spec.claims) last.notes.push_back("paper: " + claim);
  for (const std::string& n : kIntraNode) last.notes.push_back(n);
  return report;
}

const FigSpec kFig4 = {
    "kang-fig4",
    "Kang 2019 Fig. 4: intergroup Allgather, settings 1-4",
    "intergroup_allgather",
    {"alg1", ""},
    {"native", "alg1", "euro2", "euro1", "rg1", "rg2"},
    {"Fig. 4: Algorithm 1 and EuroMPI perform alike for all settings when messages are large "
     "(same transfer time, Theorem 1)",
     "at 64 KB per node the new algorithms may be slower than root gathering (t_s dominates)"},
    "EuroMPI as the paper timed it is euro2 with comms=timed (its sub-communicators made inside "
    "the timed call, as the authors' code does; the kang2019-fig4 files run it); comms=prepare "
    "leaves them out. native/alg1 uses the first alg1 variant run"};

const FigSpec kFig5 = {
    "kang-fig5",
    "Kang 2019 Fig. 5: intergroup Allgatherv, settings 5-8",
    "intergroup_allgatherv",
    {"alg2", "order=nonblocking"},
    {"native", "alg2", "rg1", "rg2"},
    {"Fig. 5: Algorithm 2 is much faster than root gathering, beyond the model on 256 nodes "
     "(MPICH gathers Allgatherv's blocks over a ring)"},
    "Algorithm 2 as the paper ran it is alg2 with order=nonblocking (every Isend/Irecv posted at "
    "once: \"MPI non-blocking send and receive operations\", [Kang2019] §2; the authors' code), "
    "the default; native/alg2 uses that variant where it was run. order=ordered is §4.1's "
    "one-at-a-time receive order (Theorem 3's schedule), another algorithm's timing"};

}  // namespace

Report build_kang_fig4(const std::vector<ResultFile>& files) {
  Report r = build_grid(files, kFig4);
  // Fig. 4 and §5: Algorithm 1 beats the root-gathering native form at every size (native/alg1
  // towards Eq. (5)'s limit, 7.0 for S1): one verdict row per workload.
  const auto is = [](std::string alg) {
    return [alg](const results::CaseRecord& c) {
      return c.collective == "intergroup_allgather" && c.algorithm == alg;
    };
  };
  // The paper's native is Cray MPICH's intercommunicator MPI_Allgather, MPICH's
  // MPIR_Allgather_inter_local_gather_remote_bcast: rg2 with impl=library sends its messages
  // (the library's gather, root to remote root, the library's broadcast, low group first).
  // Where no file holds native (the SMPI build refuses it: no intercommunicators), rg2 with
  // impl=library stands for it, and the row says so.
  const bool has_native = std::ranges::any_of(files, [&](const ResultFile& f) {
    return std::ranges::any_of(f.reader.cases(), is("native"));
  });
  const auto is_mpich_rg = [](const results::CaseRecord& c) {
    return c.collective == "intergroup_allgather" && c.algorithm == "rg2" &&
           ("," + c.params + ",").find(",impl=library,") != std::string::npos;
  };
  const std::array<TrendClaim, 1> claims = {
      has_native ? TrendClaim{"alg1 vs. native", is("native"), is("alg1"), Direction::kFaster,
                              "alg1 faster (native/alg1 > 1, Eq. (5))", kNoBand}
                 : TrendClaim{"alg1 vs. rg2:impl=library (MPICH's intercomm allgather, for "
                              "native)",
                              is_mpich_rg, is("alg1"), Direction::kFaster,
                              "alg1 faster than native (native/alg1 > 1, Eq. (5))", kNoBand}};
  if (auto s = claim_section("Kang 2019 Fig. 4: trend verdicts", files, claims,
                             results::Metric::kRunTime)) {
    r.sections.push_back(std::move(*s));
  }
  return r;
}

Report build_kang_fig5(const std::vector<ResultFile>& files) {
  return build_grid(files, kFig5);
}

Report build_kang_fig6(const std::vector<ResultFile>& files) {
  std::deque<Point> points;
  std::vector<Panel> all;
  for (const FigSpec* spec : {&kFig4, &kFig5}) {
    std::vector<Panel> panels = collect(files, spec->collective, points);
    for (Panel& p : panels) all.push_back(std::move(p));
  }
  if (all.empty()) {
    throw UsageError(
        "table kang-fig6: no intergroup_allgather or intergroup_allgatherv case in the files");
  }
  // One panel of Fig. 6 per process count; its curves are the settings.
  std::map<int, std::vector<const Panel*>> by_n;
  for (const Panel& p : all) by_n[std::get<1>(p.order)].push_back(&p);
  Report report;
  report.kind = "kang-fig6";
  report.section_key = "processes";
  BestByN best;
  const auto B = Audience::kBoth;
  int short_cases = 0;
  for (const Point& p : points) {
    if (!p.t || p.t->iterations < kPaperIterations) ++short_cases;
  }
  for (auto& [n, panels] : by_n) {
    std::sort(panels.begin(), panels.end(), [](const Panel* a, const Panel* b) {
      return std::make_tuple(std::get<2>(a->order), std::get<0>(a->order), a->title) <
             std::make_tuple(std::get<2>(b->order), std::get<0>(b->order), b->title);
    });
    Section s;
    s.title = fmt::format("{} processes", n);
    s.table.columns = {{"setting", "setting", B, true},
                       {"curve", "curve", B, true},
                       {"block_bytes", "nominal block (B)", B}};
    add_block_columns(s.table);
    s.table.columns.insert(s.table.columns.end(), {{"ratio", "T_old/T_new", B, true},
                                                   {"speedup", "speed-up", B},
                                                   {"eq5", "Eq. (5)", B},
                                                   {"paper_eq5", "paper", B}});
    for (const Panel* panel : panels) {
      const IntergroupCase& c = panel->first->c;
      const NewAlg& new_alg = c.allgatherv ? kFig5.new_alg : kFig4.new_alg;
      for (const auto& [size, row] : panel->rows) {
        const Speedup sp = speedup(*panel, size, new_alg);
        consider(best, sp, *panel, size);
        const Point* any = sp.fresh != nullptr ? sp.fresh : row.begin()->second;
        Row r;
        r.cells = {Cell::str(setting_text(c)), Cell::str(curve_label(c)),
                   Cell::integer(static_cast<long long>(size))};
        add_block_cells(r, any->c);
        r.cells.insert(r.cells.end(),
                       {Cell::str(fmt::format("native/{}", new_alg.name)), Cell::ratio(sp.value),
                        Cell::ratio(im::eq5_expected_improvement(any->c.shape)), paper_cell(c)});
        s.table.rows.push_back(std::move(r));
      }
    }
    report.sections.push_back(std::move(s));
  }
  Section& last = report.sections.back();
  last.notes.push_back(
      "speed-up T_old/T_new: native root gathering over Algorithm 1 (S1-S4, intergroup_allgather) "
      "or Algorithm 2 (S5-S8, intergroup_allgatherv); '-' where either was not run");
  last.notes.push_back(timing_note());
  if (short_cases > 0) last.notes.push_back(iterations_note(short_cases));
  last.notes.push_back(
      "paper: the curves of settings 1-8 should converge to 7.0, 4.84, 4.21, 6.68, 7.0, 7.0, "
      "4.84, 4.84 as the message size grows (Eq. (5)); small messages need not gain (t_s "
      "dominates)");
  last.notes.push_back(std::string(kBlocksNote));
  last.notes.push_back(kFig5.variant_note);
  add_best(last, "speed-up", best);
  for (const std::string& n : kIntraNode) last.notes.push_back(n);
  return report;
}

}  // namespace papbench::report
