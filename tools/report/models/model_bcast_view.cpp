#include "tools/report/models/model_bcast_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <vector>

#include "collectives/bcast/ompi31_decision.hpp"
#include "common/errors.hpp"
#include "models/bcast_fit.hpp"
#include "models/bcast_lambda.hpp"
#include "models/bcast_paper_table2.hpp"
#include "tools/report/core/trend_rows.hpp"
#include "tools/report/models/bcast_case_times.hpp"
#include "tools/report/models/bcast_nbft_q.hpp"
#include "tools/report/models/model_bcast_cases.hpp"
#include "tools/report/models/model_vs_oblivious.hpp"

namespace papbench::report {
namespace {

using bcast_model::Algorithm;
using bcast_model::Lambda;
using bcast_model::Platform;

using Measurement = BcastMeasurement;

bool one_node(const std::vector<int>& d) {
  return std::all_of(d.begin(), d.end(), [&](int n) { return n == d.front(); });
}

// §5.1: T^c_NBFT(P, m_s) from the flat broadcasts of one segment (Open MPI's basic_linear is the
// NBFT: isends to every child, one waitall), c = 0 with every rank on one node, c = 1 with every
// rank on a node of its own, and Q(m_s) from the same cases (tools/report/models/bcast_nbft_q.hpp:
// what is timed, and the one function `table nuriyev-q` shares).
struct NbftTimes {
  std::map<int, double> shm, net;          // P -> seconds
  std::optional<stats::CaseComparison> q;  // T^1(2) / T^0(2) with its CI
};

NbftTimes nbft_times(const std::vector<Measurement>& all, const BcastModelOptions& o) {
  const NbftCases cases = nbft_cases(all, o.library, static_cast<long>(o.segment));
  NbftTimes t;
  for (const auto& [procs, refs] : cases.shm) t.shm[procs] = nbft_time_s(refs);
  for (const auto& [procs, refs] : cases.net) t.net[procs] = nbft_time_s(refs);
  t.q = nuriyev_q(cases);
  // A ratio of positive medians; anything else is no Q (the model runs with 1 and says so).
  if (t.q && !(std::isfinite(t.q->ratio) && t.q->ratio > 0)) t.q.reset();
  return t;
}

Platform measured_platform(const NbftTimes& t) {
  Platform p;
  p.name = "measured";
  auto gammas = [](const std::map<int, double>& times) {
    std::vector<double> g;
    const auto two = times.find(2);
    if (two == times.end()) return g;
    g.assign(static_cast<std::size_t>(times.rbegin()->first) + 1, 1.0);
    for (const auto& [procs, s] : times) g[static_cast<std::size_t>(procs)] = s / two->second;
    // A P between two measured ones (a job that did not run) by linear interpolation.
    for (auto hi = std::next(times.begin()); hi != times.end(); ++hi) {
      const auto lo = std::prev(hi);
      for (int procs = lo->first + 1; procs < hi->first; ++procs) {
        const double w = static_cast<double>(procs - lo->first) / (hi->first - lo->first);
        g[static_cast<std::size_t>(procs)] = ((1 - w) * lo->second + w * hi->second) / two->second;
      }
    }
    return g;
  };
  p.gamma_shm = gammas(t.shm);
  p.gamma_net = gammas(t.net);
  p.q = t.q ? t.q->ratio : 1.0;
  return p;
}

Cell sci(double v) {
  if (std::isnan(v)) return Cell::none();
  return {fmt::format("{:.2g}", v), v};
}

Cell percent(double v) {
  if (std::isnan(v)) return Cell::none();
  return {fmt::format("{:.0f}%", v), v};
}

// Table 1.
Section table1(const NbftTimes& t, const Platform& p, const std::vector<Measurement>& fit_cases) {
  Section s;
  s.title = "Table 1: gamma^c(P), Q(m_s) and P^max(c) ([Nuriyev2022] §5.1, Eqs. (14), (15))";
  s.table.columns = {{"procs", "P"},
                     {"t_shm_ns", "T^0_NBFT(P)"},
                     {"gamma_shm", "gamma^0(P)"},
                     {"t_net_ns", "T^1_NBFT(P)"},
                     {"gamma_net", "gamma^1(P)"}};
  std::set<int> procs;
  for (const auto& [n, v] : t.shm) procs.insert(n);
  for (const auto& [n, v] : t.net) procs.insert(n);
  const double nan = std::nan("");
  for (int n : procs) {
    const auto shm = t.shm.find(n);
    const auto net = t.net.find(n);
    const bool has_shm = shm != t.shm.end() && t.shm.contains(2);
    const bool has_net = net != t.net.end() && t.net.contains(2);
    s.table.rows.push_back(
        {"",
         {Cell::integer(n), Cell::duration(shm != t.shm.end() ? shm->second * 1e9 : nan),
          Cell::fixed(has_shm ? p.gamma(0, n) : nan, 3),
          Cell::duration(net != t.net.end() ? net->second * 1e9 : nan),
          Cell::fixed(has_net ? p.gamma(1, n) : nan, 3)}});
  }
  if (t.q) {
    s.meta.push_back({"q", "Q(m_s) = T^1(2) / T^0(2)", Cell::fixed(p.q, 2)});
    s.meta.push_back(
        {"q_ci", "Q: 95% CI",
         Cell::str(fmt::format("[{:.2f}, {:.2f}]", t.q->ratio_ci_low, t.q->ratio_ci_high))});
  } else {
    s.notes.push_back(
        "Q(m_s) not measured (it needs flat broadcasts of one segment at P = 2 with both ranks on "
        "one node and on two nodes); the model uses Q = 1");
  }
  s.notes.push_back(
      "T^c_NBFT(P): the median over the iterations of the time until the last rank has the "
      "segment (max exit - the root's arrival), not the root's own waitall, which an eager send "
      "ends before the data has crossed the link; Q is `table nuriyev-q`'s ratio of the same "
      "medians with compare's CI (docs/MODEL.md)");
  s.notes.push_back(
      "a P not measured between two measured ones is interpolated linearly; beyond the largest "
      "measured P the last gamma is used");
  if (t.net.empty()) {
    s.notes.push_back(
        "no network channel measured: gamma^1 needs flat broadcasts of one segment with every "
        "rank on a node of its own (several hosts, or --virtual-ppn 1 to emulate them); it is 1 "
        "here");
  }
  std::set<std::pair<int, int>> done;  // (P, fanout)
  for (const Measurement& m : fit_cases) {
    if (!done.insert({m.ranks, m.options.kchain_fanout}).second) continue;
    const auto max = bcast_model::nbft_maxima(m.ranks, m.domain, p.q, m.options.kchain_fanout);
    s.notes.push_back(fmt::format(
        "P^max(1) = {}, P^max(0) = {} for the trees at P = {} with this mapping ({} nodes; "
        "[Nuriyev2022] Table 1(a): 7, 3 on Grisou and Gros, 5, 3 on MareNostrum4)",
        max.network, max.shared, m.ranks, std::set<int>(m.domain.begin(), m.domain.end()).size()));
  }
  s.notes.push_back(
      "[Nuriyev2022] Table 1(b), gamma^1(3..7): Grisou 1.114 1.219 1.283 1.451 1.540; Gros 1.084 "
      "1.170 1.254 1.339 1.424; MareNostrum4 1.145 1.290 1.435; Q = 6, 12, 9");
  return s;
}

struct Fit {
  Algorithm alg = Algorithm::kFlat;
  int ranks = 0;
  std::vector<const Measurement*> rows;
  bcast_model::TransferFit fit;
  double predict(const Lambda& l) const { return fit.predict(l); }
};

// [Nuriyev2022] Fig. 2 sets the model against the earlier, topology-oblivious method (its ref.
// 28), which the paper does not specify. Our approximation: one channel (every rank a node of
// its own), Q = 1 and gamma^1, fitted per algorithm to the same experiments.
std::vector<int> oblivious_domain(int ranks) {
  std::vector<int> d(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) d[static_cast<std::size_t>(r)] = r;
  return d;
}

Platform oblivious_platform(const Platform& p) {
  Platform one = p;
  one.gamma_shm = p.gamma_net;
  one.q = 1;
  return one;
}

const std::vector<int>& domain_of(const Measurement& m, bool oblivious, std::vector<int>& scratch) {
  if (!oblivious) return m.domain;
  scratch = oblivious_domain(m.ranks);
  return scratch;
}

// §5.2: per algorithm, the communication experiments at the largest P measured.
std::vector<Fit> fit_all(const std::vector<Measurement>& all, const Platform& p,
                         const BcastModelOptions& o, bool oblivious,
                         std::vector<std::string>& notes) {
  std::vector<Fit> fits;
  for (Algorithm a : bcast_model::all_algorithms()) {
    Fit f;
    f.alg = a;
    for (const Measurement& m : all) {
      if (m.alg == a && m.experiment && m.library == o.library)
        f.ranks = std::max(f.ranks, m.ranks);
    }
    for (const Measurement& m : all) {
      if (m.alg == a && m.experiment && m.library == o.library && m.ranks == f.ranks) {
        f.rows.push_back(&m);
      }
    }
    if (f.rows.empty()) continue;
    if (f.rows.size() < 2) {
      notes.push_back(fmt::format("{}: one message size at P = {}; a fit needs two or more",
                                  bcast_model::algorithm_name(a), f.ranks));
      continue;
    }
    std::vector<Lambda> x;
    std::vector<double> y;
    for (const Measurement* m : f.rows) {
      std::vector<int> scratch;
      x.push_back(bcast_model::experiment_lambda(a, m->bytes, domain_of(*m, oblivious, scratch), p,
                                                 m->options));
      // The gather closes the experiment on the root: its clock times it (§5.2, §6.1).
      y.push_back(m->root.mean_s());
    }
    f.fit = bcast_model::fit_transfer_times(x, y, p.q, o.epsilon);
    fits.push_back(std::move(f));
  }
  return fits;
}

Cell fitted(double v, bcast_model::Identified how) {
  return how == bcast_model::Identified::kFitted ? sci(v) : Cell::none();
}

std::string identified_text(const bcast_model::TransferFit& f) {
  using bcast_model::Identified;
  if (f.t0_how == Identified::kFitted && f.t1_how == Identified::kFitted) return "T^0, T^1";
  if (f.t1_how == Identified::kFitted) return "T^1 only (predicts with T^0 = T^1/Q)";
  if (f.t0_how == Identified::kFitted) return "T^0 only (predicts with T^1 = Q T^0)";
  return "nothing";
}

// [Nuriyev2022] Table 2 as the two times it amounts to (o^0 = 0): T^0 = 2 L^0, T^1 = o^1 + 2 L^0
// + L^1 (models/bcast_paper_table2.hpp).
std::string paper_table2_note() {
  std::string text =
      "[Nuriyev2022] Table 2 as T^0_p2p = 2 L^0 / T^1_p2p = o^1 + 2 L^0 + L^1 (s; o^0 = 0), on "
      "Grisou; Gros; MareNostrum4:";
  for (Algorithm a : bcast_model::all_algorithms()) {
    text += fmt::format(" {}", bcast_model::algorithm_name(a));
    const char* sep = "";
    for (const char* cluster : {"grisou", "gros", "mn4"}) {
      const auto v = bcast_model::paper_table2(cluster, a);
      text += fmt::format("{} {:.2g} / {:.2g}", sep, v->t0(), v->t1());
      sep = ";";
    }
    text += a == Algorithm::kBinomial ? "" : ".";
  }
  return text;
}

Section table2(const std::vector<Fit>& fits, const BcastModelOptions& o) {
  Section s;
  s.title = fmt::format(
      "Table 2: T^0_p2p(m_s), T^1_p2p(m_s) (s) per algorithm, what the communication experiments "
      "identify ([Nuriyev2022] §5.2, Eqs. (16)-(19); Huber, epsilon {})",
      o.epsilon);
  s.table.columns = {{"algorithm", "algorithm", Audience::kBoth, true},
                     {"procs", "P"},
                     {"sizes", "sizes"},
                     {"t0_p2p_s", "T^0_p2p"},
                     {"t0_se_s", "+-SE"},
                     {"t1_p2p_s", "T^1_p2p"},
                     {"t1_se_s", "+-SE"},
                     {"rank", "rank"},
                     {"condition", "cond."},
                     {"ols_t0_s", "OLS T^0"},
                     {"ols_t1_s", "OLS T^1"},
                     {"identified", "identified", Audience::kBoth, true}};
  for (const Fit& f : fits) {
    const bcast_model::TransferFit& t = f.fit;
    s.table.rows.push_back(
        {"",
         {Cell::str(bcast_model::algorithm_name(f.alg)), Cell::integer(f.ranks),
          Cell::integer(static_cast<long long>(f.rows.size())), fitted(t.t0, t.t0_how),
          fitted(t.t0_se, t.t0_how), fitted(t.t1, t.t1_how), fitted(t.t1_se, t.t1_how),
          Cell::integer(t.rank), std::isfinite(t.condition) ? sci(t.condition) : Cell::str("inf"),
          fitted(t.t0_ols, t.t0_how), fitted(t.t1_ols, t.t1_how), Cell::str(identified_text(t))}});
  }
  if (fits.empty()) return s;
  s.notes.push_back(
      "every term of Eqs. (1), (9)-(13), (17) is a transfer of a segment over shared memory, "
      "o^0 + 2 L^0, or the network, o^1 + 2 L^0 + L^1, so each experiment is n0 T^0_p2p + n1 "
      "T^1_p2p: the L^0 coefficient is always 2 (n0 + n1) and L^1's always n1, and o^0, o^1, L^0, "
      "L^1 cannot be told apart by these experiments (rank <= 2 of 4); only T^0 and T^1 are "
      "fitted (docs/MODEL.md)");
  s.notes.push_back(fmt::format(
      "rank and cond.: of the (n0, n1) design; below rank 2, or with a condition number above "
      "{:.0e}, one combination is identified (flat: the same ranks on each channel at every size; "
      "a single channel): the other parameter is not printed and the model predicts with Eq. (3), "
      "T^1 = Q T^0; +-SE: the fit's standard error (none with as many sizes as parameters)",
      bcast_model::kMaxCondition));
  s.notes.push_back(paper_table2_note());
  s.notes.push_back(
      "unconstrained, as the paper's regression: a negative value means this P and these sizes do "
      "not resolve that term (e.g. T^0 rests on the gather's few shared-memory transfers, a "
      "constant across sizes), not a negative cost");
  return s;
}

// Open MPI 3.1's pick and the measurement its degradation comes from: "binomial (8192 B)" when
// the decision's segment size is the one measured; "split_binary (decision 1024 B segments; deg.
// of the 8192 B run)" when it is not, so the cell never claims a measurement it does not have.
std::string ompi_text(std::optional<Algorithm> ompi, const bcast::Ompi31Decision& d,
                      const std::map<Algorithm, const Measurement*>& measured) {
  if (!ompi) return fmt::format("{} (unknown)", d.algorithm);
  const char* name = bcast_model::algorithm_name(*ompi);
  const std::string decided =
      d.segsize == 0 ? std::string("whole message") : fmt::format("{} B segments", d.segsize);
  const auto it = measured.find(*ompi);
  if (it == measured.end()) return fmt::format("{} (decision {}; not measured)", name, decided);
  const long used = it->second->options.segsize;
  if (static_cast<long>(d.segsize) == used) return fmt::format("{} ({} B)", name, used);
  return fmt::format("{} (decision {}; deg. of the {} B run)", name, decided, used);
}

// §6.3 / Table 3.
// The argmin of a model's predicted broadcast times among the algorithms it has parameters for
// and this point measured.
// A prediction of no time or less comes from a fit that did not resolve its parameters (a
// negative T^1 on noisy data): it is no candidate, or it would win every point. Such skips are
// counted in `unphysical`.
std::optional<Algorithm> model_pick(const std::vector<Fit>& fits, const Platform& p, bool oblivious,
                                    const std::map<Algorithm, const Measurement*>& measured,
                                    int& unphysical) {
  std::optional<Algorithm> pick;
  double pick_t = std::numeric_limits<double>::infinity();
  for (const Fit& f : fits) {
    const auto it = measured.find(f.alg);
    if (it == measured.end()) continue;
    const Measurement& m = *it->second;
    std::vector<int> scratch;
    const double t = f.predict(
        bcast_model::bcast_lambda(f.alg, m.bytes, domain_of(m, oblivious, scratch), p, m.options));
    if (!(t > 0)) {
      unphysical += !std::isnan(t);
      continue;
    }
    if (t < pick_t) {
      pick_t = t;
      pick = f.alg;
    }
  }
  return pick;
}

// The section of Table 3's verdicts, one row per point with both picks (model_vs_oblivious.hpp).
Section pick_verdict_section() {
  Section s;
  s.title =
      "Table 3 verdicts: the model's pick vs. the topology-oblivious baseline's ([Nuriyev2022] "
      "Table 3, Fig. 2)";
  s.table.columns = {{"procs", "P"}, {"bytes", "m"}};
  for (Column& c : pick_verdict_columns()) s.table.columns.push_back(std::move(c));
  return s;
}

void add_pick_verdict_notes(Section& s, double near_percent) {
  s.notes.push_back(
      "ours new/base: the measured time of the model's pick over the baseline's (until the last "
      "rank has the data, as Table 3), compare's ratio and 95% CI, paired by iteration where "
      "both ran in one file under the same planned arrivals; the same pick is \"same "
      "algorithm\", no verdict");
  s.notes.push_back(fmt::format(
      "paper: the model's pick faster than a different one where [Nuriyev2022] Table 3 has the "
      "model's pick the best or within {}% (--near) of it on all six cluster/P pairs at that size "
      "(Fig. 2: the topology-oblivious method does not); at 16 KB (1-84% off) no direction",
      near_percent));
  s.notes.push_back(trend_note(kNoBand));
}

Section table3(const std::vector<Measurement>& all, const std::vector<Fit>& fits, const Platform& p,
               const std::vector<Fit>& baseline, const Platform& baseline_platform,
               const BcastModelOptions& o,
               const std::map<std::tuple<int, long, std::vector<int>>, BcastTime>& library_default,
               Section& verdicts) {
  Section s;
  s.title =
      "Table 3: the measured best, the model's pick and Open MPI 3.1's decision ([Nuriyev2022] "
      "§6.3)";
  s.table.columns = {{"procs", "P"},
                     {"bytes", "m"},
                     {"best", "best", Audience::kBoth, true},
                     {"best_s", "T best (last rank)"},
                     {"best_clock_bound_s", "+-clock"},
                     {"model", "model", Audience::kBoth, true},
                     {"model_degradation", "model deg."},
                     {"oblivious", "oblivious", Audience::kBoth, true},
                     {"oblivious_degradation", "obl. deg."},
                     {"ompi31", "Open MPI 3.1", Audience::kBoth, true},
                     {"ompi31_degradation", "3.1 deg."},
                     {"library_default_degradation", "library default deg."}};
  // A point is (P, m, mapping): algorithms compete under one mapping.
  std::map<std::tuple<int, long, std::vector<int>>, std::map<Algorithm, const Measurement*>> points;
  for (const Measurement& m : all) {
    if (!m.experiment && m.library == o.library) points[{m.ranks, m.bytes, m.domain}][m.alg] = &m;
  }
  int counted = 0, model_best = 0, model_near = 0, ompi_best = 0, ompi_near = 0;
  int oblivious_best = 0, oblivious_near = 0, unphysical = 0;
  const double nan = std::nan("");
  for (const auto& [key, measured] : points) {
    if (measured.size() < 2) continue;
    const auto& [procs, bytes, mapping] = key;
    const auto best = std::min_element(measured.begin(), measured.end(), [](auto& a, auto& b) {
      return a.second->last.mean_s() < b.second->last.mean_s();
    });
    const double t_best = best->second->last.mean_s();
    auto degradation = [&](Algorithm a) {
      const auto it = measured.find(a);
      return it == measured.end() ? nan : (it->second->last.mean_s() - t_best) / t_best * 100;
    };
    const std::optional<Algorithm> pick = model_pick(fits, p, false, measured, unphysical);
    const std::optional<Algorithm> obl =
        model_pick(baseline, baseline_platform, true, measured, unphysical);
    const bcast::Ompi31Decision d = bcast::ompi31_bcast_decision(
        procs, static_cast<std::size_t>(bytes), static_cast<std::size_t>(bytes));
    const std::optional<Algorithm> ompi = bcast_model::algorithm_from_name(d.algorithm);
    if (pick && obl) {
      // model_pick only picks among the algorithms measured at this point.
      std::optional<stats::CaseComparison> ours;
      if (*pick != *obl) {
        ours =
            compare_sides(measured.at(*obl)->refs, measured.at(*pick)->refs, last_rank_series_ns);
      }
      Row row;
      row.cells = {Cell::integer(procs), Cell::integer(bytes)};
      for (Cell& c : pick_verdict_cells(*pick, *obl, ours ? &*ours : nullptr,
                                        paper_model_vs_oblivious(bytes, o.near_percent))) {
        row.cells.push_back(std::move(c));
      }
      verdicts.table.rows.push_back(std::move(row));
    }
    const double model_deg = pick ? degradation(*pick) : nan;
    const double oblivious_deg = obl ? degradation(*obl) : nan;
    const double ompi_deg = ompi ? degradation(*ompi) : nan;
    const auto lib = library_default.find(key);
    const double lib_deg =
        lib == library_default.end() ? nan : (lib->second.mean_s() - t_best) / t_best * 100;
    ++counted;
    model_best += model_deg == 0;
    model_near += model_deg <= o.near_percent;
    oblivious_best += oblivious_deg == 0;
    oblivious_near += oblivious_deg <= o.near_percent;
    ompi_best += ompi_deg == 0;
    ompi_near += ompi_deg <= o.near_percent;
    s.table.rows.push_back(
        {"",
         {Cell::integer(procs), Cell::integer(bytes),
          Cell::str(bcast_model::algorithm_name(best->first)), Cell::duration(t_best * 1e9),
          Cell::duration(best->second->last.mean_bound_s() * 1e9),
          Cell::str(pick ? bcast_model::algorithm_name(*pick) : "-"), percent(model_deg),
          Cell::str(obl ? bcast_model::algorithm_name(*obl) : "-"), percent(oblivious_deg),
          Cell::str(ompi_text(ompi, d, measured)), percent(ompi_deg), percent(lib_deg)}});
  }
  s.meta.push_back(
      {"points", "points (P, m) with two or more algorithms measured", Cell::integer(counted)});
  s.meta.push_back(
      {"model_optimal", "model: optimal / near-optimal",
       Cell::str(fmt::format("{} / {} (within {}%)", model_best, model_near, o.near_percent))});
  s.meta.push_back({"oblivious_optimal", "topology-oblivious baseline: optimal / near-optimal",
                    Cell::str(fmt::format("{} / {} (within {}%)", oblivious_best, oblivious_near,
                                          o.near_percent))});
  s.meta.push_back(
      {"ompi31_optimal", "Open MPI 3.1 decision: optimal / near-optimal",
       Cell::str(fmt::format("{} / {} (within {}%)", ompi_best, ompi_near, o.near_percent))});
  if (unphysical > 0) {
    s.notes.push_back(fmt::format(
        "{} prediction(s) of no time or less (a fit whose T^0 or T^1 came out negative: this P "
        "and these sizes do not resolve it; Table 2) were left out of the model's and the "
        "baseline's picks",
        unphysical));
  }
  // [Nuriyev2022] §6.3's summary of its Table 3 (6 cluster/P pairs, 9 sizes), for comparison.
  s.notes.push_back(
      "[Nuriyev2022] Table 3 (Grisou P = 450, 600; Gros 400, 1000; MareNostrum4 96, 480): above "
      "16 KB the model picks the optimal algorithm 45 times and a near-optimal one 3 times (1%, "
      "2%, "
      "6% slower); at 16 KB the second best (1% on Gros, 20-24% on Grisou, 3-84% on MareNostrum4); "
      "Open MPI 3.1's decision is near-optimal in 46% of the cases and up to 1106%, 570% and 719% "
      "slower in the rest");
  s.notes.push_back(
      "degradation = (T_selected - T_best) / T_best; times: until the last rank has the data, the "
      "mean over iterations of max over ranks of exit - the root's arrival on the global clock "
      "(+-clock: the mean error the clocks' bounds allow in it), not the root's own time, which "
      "favours chains; the paper's root clock is closed by a gather, which a plain broadcast "
      "lacks (docs/MODEL.md)");
  s.notes.push_back(
      "Open MPI "
      "3.1's choice is looked up among the measured algorithms at their own segment size, so a "
      "decision for another segment size (e.g. split_binary with 1 KiB segments) is only "
      "approximated ([Nuriyev2022] Table 3's 0% entries suggest the same lookup)");
  return s;
}

Section lambda_section(const std::vector<Fit>& fits, const Platform& p) {
  Section s;
  s.title =
      "The fitted systems: T_comm_experiment = l1 o^0 + l2 o^1 + l3 L^0 + l4 L^1 ([Nuriyev2022] "
      "Eqs. (19), (20))";
  s.table.columns = {{"algorithm", "algorithm", Audience::kBoth, true},
                     {"procs", "P"},
                     {"bytes", "m"},
                     {"l_o0", "o^0"},
                     {"l_o1", "o^1"},
                     {"l_l0", "L^0"},
                     {"l_l1", "L^1"},
                     {"t_s", "T (s)"},
                     {"weight", "Huber weight"}};
  for (const Fit& f : fits) {
    for (std::size_t i = 0; i < f.rows.size(); ++i) {
      const Measurement& m = *f.rows[i];
      const Lambda l = bcast_model::experiment_lambda(f.alg, m.bytes, m.domain, p, m.options);
      s.table.rows.push_back(
          {"",
           {Cell::str(bcast_model::algorithm_name(f.alg)), Cell::integer(m.ranks),
            Cell::integer(m.bytes), Cell::fixed(l.o0, 2), Cell::fixed(l.o1, 2),
            Cell::fixed(l.l0, 2), Cell::fixed(l.l1, 2),
            Cell{fmt::format("{:.6g}", m.root.mean_s()), m.root.mean_s()},
            f.fit.weights.empty() ? Cell::none() : Cell::fixed(f.fit.weights[i], 2)}});
    }
  }
  s.notes.push_back(
      "the o^0 and o^1 columns are the transfer counts n0, n1 Table 2 fits T^0_p2p, T^1_p2p to; "
      "the L^0 column is always 2 (n0 + n1) and L^1's always n1, so the four columns have rank "
      "<= 2");
  return s;
}

// Without Q the model cannot weigh shared memory against the network (Eq. (4), Eq. (18)'s
// gamma^0/Q): it runs with Q = 1, and every pick rests on that. Said at the top of Tables 1 and 3,
// not in a note below them.
std::optional<MetaItem> q_warning(const NbftTimes& t, const std::vector<Measurement>& all) {
  if (t.q) return std::nullopt;
  const bool one_host =
      std::all_of(all.begin(), all.end(), [](const Measurement& m) { return one_node(m.domain); });
  return MetaItem{
      "warning", "WARNING",
      Cell::str(fmt::format(
          "Q(m_s) NOT MEASURED, Q = 1 ASSUMED (network = shared memory): {}; the model's picks "
          "rest on this assumption",
          one_host ? "every rank is on one node (one host without --virtual-ppn), so no network "
                     "channel was measured"
                   : "flat broadcasts of one segment at P = 2 on one node and on two nodes are "
                     "missing, or kept no iteration"))};
}

}  // namespace

Report build_model_bcast(std::span<const ResultFile> files, const BcastModelOptions& o) {
  const BcastCases cases = read_bcast_cases(files, o);
  const std::vector<Measurement>& all = cases.all;
  if (all.empty()) {
    throw UsageError(
        "model bcast: no broadcast cases of the six algorithms in the files (see docs/MODEL.md, "
        "\"Broadcast model\", for the runs it needs)");
  }
  const NbftTimes times = nbft_times(all, o);
  const Platform platform = measured_platform(times);
  Report r;
  r.kind = "model-bcast";
  r.section_key = "table";
  std::vector<std::string> fit_notes;
  const std::vector<Fit> fits = fit_all(all, platform, o, false, fit_notes);
  std::vector<std::string> repeated;  // the same notes again
  const Platform baseline_platform = oblivious_platform(platform);
  const std::vector<Fit> baseline = fit_all(all, baseline_platform, o, true, repeated);
  std::vector<Measurement> fit_cases;
  for (const Fit& f : fits) fit_cases.push_back(*f.rows.front());
  r.sections.push_back(table1(times, platform, fit_cases));
  Section t2 = table2(fits, o);
  t2.notes.insert(t2.notes.end(), fit_notes.begin(), fit_notes.end());
  if (fits.empty()) {
    t2.notes.push_back(
        "no algorithm has communication experiments (bcast with gather-after=8Ki at two or more "
        "sizes): nothing to fit");
  }
  t2.notes.insert(t2.notes.end(), cases.left_out.begin(), cases.left_out.end());
  r.sections.push_back(std::move(t2));
  Section verdicts = pick_verdict_section();
  Section t3 =
      table3(all, fits, platform, baseline, baseline_platform, o, cases.library_default, verdicts);
  t3.notes.push_back(
      "oblivious: the topology-oblivious baseline of Fig. 2 as we approximate the earlier method "
      "(the paper's ref. 28, not specified there): one channel, every rank a node of its own, "
      "Q = 1, gamma^1, one fit per algorithm to the same experiments");
  if (cases.pooled > 0) {
    t3.notes.push_back(fmt::format(
        "{} case(s) repeated a configuration already read (same P, m, algorithm, segment size, "
        "fanout and mapping) and were pooled with it, iterations together",
        cases.pooled));
  }
  const auto q_warn = q_warning(times, all);
  if (q_warn) {
    r.sections.front().meta.insert(r.sections.front().meta.begin(), *q_warn);
    t3.meta.insert(t3.meta.begin(), *q_warn);
    verdicts.meta.push_back(*q_warn);
  }
  if (cases.virtual_nodes) {
    t3.notes.push_back(
        "virtual nodes (--virtual-ppn): the 'network' between them is this host's shared memory, "
        "so the channels are emulated, not measured");
  }
  r.sections.push_back(std::move(t3));
  if (!verdicts.table.rows.empty()) {
    add_pick_verdict_notes(verdicts, o.near_percent);
    r.sections.push_back(std::move(verdicts));
  }
  if (o.lambda) r.sections.push_back(lambda_section(fits, platform));
  return r;
}

Report build_nuriyev_table3(const std::vector<ResultFile>& files) {
  Report all = build_model_bcast(files, BcastModelOptions{});
  Report r;
  r.kind = "nuriyev-table3";
  r.section_key = all.section_key;
  for (Section& s : all.sections) {
    if (s.title.starts_with("Table 3")) r.sections.push_back(std::move(s));
  }
  return r;
}

}  // namespace papbench::report
