#include "tools/report/model_bcast_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "collectives/bcast/ompi31_decision.hpp"
#include "common/errors.hpp"
#include "models/bcast_lambda.hpp"
#include "models/huber_regression.hpp"
#include "tools/report/case_text.hpp"

namespace papbench::report {
namespace {

using bcast_model::Algorithm;
using bcast_model::Lambda;
using bcast_model::Platform;

// One broadcast case: the root's mean time per call, as [Nuriyev2022] §6.1 measures it ("using
// the root clock where it is started").
struct Measurement {
  Algorithm alg = Algorithm::kFlat;
  bool library = false;     // native:force=NAME, not papbench's own
  bool experiment = false;  // gather-after > 0: Eq. (16)'s communication experiment
  int ranks = 0;
  long bytes = 0;
  bcast_model::ModelOptions
      options;  // the case's segment size and fanout; stages from the command line
  double mean_s = 0;
  std::vector<int> domain;  // node (real or virtual) of each rank
};

std::optional<std::string> param(const std::string& params, std::string_view key) {
  std::size_t pos = 0;
  while (pos <= params.size()) {
    const std::size_t end = std::min(params.find(',', pos), params.size());
    const std::string_view item(params.data() + pos, end - pos);
    if (item.size() > key.size() && item.substr(0, key.size()) == key && item[key.size()] == '=') {
      return std::string(item.substr(key.size() + 1));
    }
    pos = end + 1;
  }
  return std::nullopt;
}

std::optional<Algorithm> own_algorithm(std::string_view name) {
  for (Algorithm a : bcast_model::all_algorithms()) {
    if (name == bcast_model::algorithm_name(a)) return a;
  }
  return std::nullopt;
}

// Open MPI's names of the same six algorithms ([Nuriyev2022] §4.0's naming map).
std::optional<Algorithm> open_mpi_algorithm(std::string_view name) {
  static const std::map<std::string_view, Algorithm> names = {
      {"basic_linear", Algorithm::kFlat},
      {"pipeline", Algorithm::kChain},
      {"chain", Algorithm::kKchain},
      {"binary_tree", Algorithm::kBinary},
      {"split_binary_tree", Algorithm::kSplitBinary},
      {"binomial", Algorithm::kBinomial}};
  const auto it = names.find(name);
  return it == names.end() ? std::nullopt : std::optional<Algorithm>(it->second);
}

std::optional<double> root_mean_seconds(const results::CaseRecord& rec) {
  double sum = 0;
  int n = 0;
  for (int it = 0; it < rec.arrival_ns.rows; ++it) {
    if (static_cast<std::size_t>(it) < rec.late.size() && rec.late[static_cast<std::size_t>(it)])
      continue;
    sum += static_cast<double>(rec.exit_ns.at(it, rec.root) - rec.arrival_ns.at(it, rec.root));
    ++n;
  }
  if (n == 0) return std::nullopt;
  return sum / n * 1e-9;
}

std::optional<Measurement> measurement(const results::CaseRecord& rec, const results::RunInfo& info,
                                       const BcastModelOptions& o) {
  if (rec.collective != "bcast" || rec.ranks < 1) return std::nullopt;
  Measurement m;
  if (rec.algorithm == "native") {
    const auto forced = param(rec.params, "force");
    if (!forced) return std::nullopt;
    const auto alg = open_mpi_algorithm(*forced);
    if (!alg) return std::nullopt;
    m.alg = *alg;
    m.library = true;
  } else if (const auto alg = own_algorithm(rec.algorithm)) {
    m.alg = *alg;
  } else {
    return std::nullopt;
  }
  const auto elem = dtype_bytes(rec.dtype);
  const auto mean = root_mean_seconds(rec);
  if (!elem || !mean) return std::nullopt;
  m.experiment = param(rec.params, "gather-after").has_value();
  m.ranks = rec.ranks;
  m.bytes = static_cast<long>(static_cast<double>(rec.count) * *elem);
  m.options.segsize = std::stol(param(rec.params, "segsize").value_or(std::to_string(o.segment)));
  m.options.kchain_fanout = std::stoi(param(rec.params, "fanout").value_or("4"));
  m.options.stages = o.global_max ? bcast_model::ModelOptions::Stages::kGlobalMax
                                  : bcast_model::ModelOptions::Stages::kWindow;
  m.mean_s = *mean;
  m.domain = static_cast<int>(info.node_index.size()) == rec.ranks
                 ? info.node_index
                 : std::vector<int>(static_cast<std::size_t>(rec.ranks), 0);
  return m;
}

bool one_node(const std::vector<int>& d) {
  return std::all_of(d.begin(), d.end(), [&](int n) { return n == d.front(); });
}
bool all_apart(const std::vector<int>& d) {
  return std::set<int>(d.begin(), d.end()).size() == d.size();
}

// §5.1: T^c_NBFT(P, m_s) from the flat broadcasts of one segment (Open MPI's basic_linear is the
// NBFT: isends to every child, one waitall), c = 0 with every rank on one node, c = 1 with every
// rank on a node of its own.
struct NbftTimes {
  std::map<int, double> shm, net;  // P -> seconds
};

NbftTimes nbft_times(const std::vector<Measurement>& all, const BcastModelOptions& o) {
  NbftTimes t;
  for (const Measurement& m : all) {
    if (m.alg != Algorithm::kFlat || m.experiment || m.library != o.library ||
        m.bytes != o.segment || m.ranks < 2) {
      continue;
    }
    if (one_node(m.domain))
      t.shm[m.ranks] = m.mean_s;
    else if (all_apart(m.domain))
      t.net[m.ranks] = m.mean_s;
  }
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
  const auto s2 = t.shm.find(2);
  const auto n2 = t.net.find(2);
  p.q = s2 != t.shm.end() && n2 != t.net.end() ? n2->second / s2->second : 1.0;
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
  if (t.shm.contains(2) && t.net.contains(2)) {
    s.meta.push_back({"q", "Q(m_s) = T^1(2) / T^0(2)", Cell::fixed(p.q, 2)});
  } else {
    s.notes.push_back(
        "Q(m_s) not measured (it needs flat broadcasts of one segment at P = 2 with both ranks on "
        "one node and on two nodes); the model uses Q = 1");
  }
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
  bcast_model::RegressionFit huber, ols;
  double o0 = 0, o1 = 0, l0 = 0, l1 = 0;
  double predict(const Lambda& l) const { return l.o0 * o0 + l.o1 * o1 + l.l0 * l0 + l.l1 * l1; }
};

std::vector<double> design_row(const Lambda& l) {
  // o^1 and L^1 enter every row with the same coefficient (T^1 = o^1 + 2 L^0 + L^1): one column
  // for their sum.
  return {l.o0, l.o1, l.l0};
}

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
    std::set<long> sizes;
    for (const Measurement& m : all) {
      if (m.alg == a && m.experiment && m.library == o.library && m.ranks == f.ranks &&
          sizes.insert(m.bytes).second) {
        f.rows.push_back(&m);
      }
    }
    if (f.rows.empty()) continue;
    if (f.rows.size() < 2) {
      notes.push_back(fmt::format("{}: one message size at P = {}; a fit needs two or more",
                                  bcast_model::algorithm_name(a), f.ranks));
      continue;
    }
    std::vector<std::vector<double>> x;
    std::vector<double> y;
    for (const Measurement* m : f.rows) {
      std::vector<int> scratch;
      x.push_back(design_row(bcast_model::experiment_lambda(
          a, m->bytes, domain_of(*m, oblivious, scratch), p, m->options)));
      y.push_back(m->mean_s);
    }
    f.huber = bcast_model::fit_huber(x, y, o.epsilon);
    f.ols = bcast_model::fit_ols(x, y);
    f.o0 = f.huber.coefficients[0];
    f.o1 = f.l1 = f.huber.coefficients[1] / 2;
    f.l0 = f.huber.coefficients[2];
    fits.push_back(std::move(f));
  }
  return fits;
}

Section table2(const std::vector<Fit>& fits, const BcastModelOptions& o) {
  Section s;
  s.title = fmt::format(
      "Table 2: o^0, o^1, L^0, L^1 (s) per algorithm ([Nuriyev2022] §5.2, Eqs. (16)-(19); Huber, "
      "epsilon {})",
      o.epsilon);
  s.table.columns = {{"algorithm", "algorithm", Audience::kBoth, true},
                     {"procs", "P"},
                     {"sizes", "sizes"},
                     {"o0", "o^0"},
                     {"o1", "o^1"},
                     {"l0", "L^0"},
                     {"l1", "L^1"},
                     {"rank", "rank"},
                     {"ols_o1_plus_l1", "OLS o^1+L^1"},
                     {"ols_l0", "OLS L^0"}};
  for (const Fit& f : fits) {
    s.table.rows.push_back({"",
                            {Cell::str(bcast_model::algorithm_name(f.alg)), Cell::integer(f.ranks),
                             Cell::integer(static_cast<long long>(f.rows.size())), sci(f.o0),
                             sci(f.o1), sci(f.l0), sci(f.l1), Cell::integer(f.huber.rank),
                             sci(f.ols.coefficients[1]), sci(f.ols.coefficients[2])}});
  }
  if (fits.empty()) return s;
  s.notes.push_back(
      "o^1 and L^1 have the same coefficient in every row (T^1_p2p = o^1 + 2 L^0 + L^1), so only "
      "their sum is identified; it is split equally, as o^1 = L^1 in every cell of the paper's "
      "Table 2 ([Nuriyev2022] Table 2; docs/ALGORITHMS.md)");
  s.notes.push_back(
      "rank < 3: the columns (o^0, o^1+L^1, L^0) are dependent for this mapping (e.g. one node: no "
      "network term), so one parameter of each dependent set is 0 and only their combination "
      "predicts; predictions for the same mapping are unaffected");
  // [Nuriyev2022] Table 2 (o^1, L^0, L^1 in seconds; o^0 = 0), for scale: other machines.
  s.notes.push_back(
      "[Nuriyev2022] Table 2, o^1 / L^0 / L^1 (s) on Grisou; MareNostrum4; Gros: flat 2.1e-4 / "
      "2.1e-4 / 2.1e-4; 6.8e-4 / 6.7e-4 / 6.8e-4; 8.2e-5 / 8.2e-5 / 8.2e-5. kchain 2.2e-4 / 4.1e-5 "
      "/ 2.2e-4; 6.2e-5 / 1.2e-5 / 6.2e-5; 8.0e-6 / 1.1e-5 / 8.0e-6. chain 1.2e-5 / 2.0e-5 / "
      "1.2e-5; 5.4e-5 / 5.8e-6 / 5.4e-5; 8.1e-6 / 1.3e-5 / 8.1e-6. split_binary 7.4e-5 / 3.5e-4 / "
      "7.4e-5; 1.7e-4 / 2.1e-5 / 1.7e-4; 3.2e-5 / 9.3e-6 / 3.2e-5. binary 3.3e-4 / 3.0e-4 / "
      "3.3e-4; 3.0e-4 / 7.5e-5 / 3.0e-4; 5.6e-5 / 9.7e-6 / 5.6e-5. binomial 9.7e-5 / 2.1e-4 / "
      "9.7e-5; 7.9e-5 / 7.9e-6 / 7.9e-5; 1.9e-5 / 8.0e-6 / 1.9e-5");
  s.notes.push_back(
      "unconstrained, as the paper's regression: a negative value means this P and these sizes do "
      "not resolve that term (e.g. o^0 is one shared-memory transfer of the gather at P = 4), not "
      "a negative cost");
  return s;
}

std::optional<Algorithm> decision_algorithm(std::string_view registry_name) {
  return own_algorithm(registry_name);
}

// "binomial (8192 B)", "split_binary (1024 B, not measured)".
std::string ompi_text(std::optional<Algorithm> ompi, const bcast::Ompi31Decision& d,
                      const std::map<Algorithm, const Measurement*>& measured) {
  if (!ompi) return fmt::format("{} (unknown)", d.algorithm);
  return fmt::format("{} ({}{})", bcast_model::algorithm_name(*ompi),
                     d.segsize == 0 ? std::string("whole") : fmt::format("{} B", d.segsize),
                     measured.contains(*ompi) ? "" : ", not measured");
}

// §6.3 / Table 3.
// The argmin of a model's predicted broadcast times among the algorithms it has parameters for
// and this point measured.
std::optional<Algorithm> model_pick(const std::vector<Fit>& fits, const Platform& p, bool oblivious,
                                    const std::map<Algorithm, const Measurement*>& measured) {
  std::optional<Algorithm> pick;
  double pick_t = std::numeric_limits<double>::infinity();
  for (const Fit& f : fits) {
    const auto it = measured.find(f.alg);
    if (it == measured.end()) continue;
    const Measurement& m = *it->second;
    std::vector<int> scratch;
    const double t = f.predict(
        bcast_model::bcast_lambda(f.alg, m.bytes, domain_of(m, oblivious, scratch), p, m.options));
    if (t < pick_t) {
      pick_t = t;
      pick = f.alg;
    }
  }
  return pick;
}

Section table3(const std::vector<Measurement>& all, const std::vector<Fit>& fits, const Platform& p,
               const std::vector<Fit>& baseline, const Platform& baseline_platform,
               const BcastModelOptions& o,
               const std::map<std::pair<int, long>, double>& library_default) {
  Section s;
  s.title =
      "Table 3: the measured best, the model's pick and Open MPI 3.1's decision ([Nuriyev2022] "
      "§6.3)";
  s.table.columns = {{"procs", "P"},
                     {"bytes", "m"},
                     {"best", "best", Audience::kBoth, true},
                     {"best_s", "T best"},
                     {"model", "model", Audience::kBoth, true},
                     {"model_degradation", "model deg."},
                     {"oblivious", "oblivious", Audience::kBoth, true},
                     {"oblivious_degradation", "obl. deg."},
                     {"ompi31", "Open MPI 3.1", Audience::kBoth, true},
                     {"ompi31_degradation", "3.1 deg."},
                     {"library_default_degradation", "library default deg."}};
  std::map<std::pair<int, long>, std::map<Algorithm, const Measurement*>> points;
  for (const Measurement& m : all) {
    if (!m.experiment && m.library == o.library) points[{m.ranks, m.bytes}][m.alg] = &m;
  }
  int counted = 0, model_best = 0, model_near = 0, ompi_best = 0, ompi_near = 0;
  int oblivious_best = 0, oblivious_near = 0;
  const double nan = std::nan("");
  for (const auto& [key, measured] : points) {
    if (measured.size() < 2) continue;
    const auto best = std::min_element(measured.begin(), measured.end(), [](auto& a, auto& b) {
      return a.second->mean_s < b.second->mean_s;
    });
    const double t_best = best->second->mean_s;
    auto degradation = [&](Algorithm a) {
      const auto it = measured.find(a);
      return it == measured.end() ? nan : (it->second->mean_s - t_best) / t_best * 100;
    };
    const std::optional<Algorithm> pick = model_pick(fits, p, false, measured);
    const std::optional<Algorithm> obl = model_pick(baseline, baseline_platform, true, measured);
    const bcast::Ompi31Decision d = bcast::ompi31_bcast_decision(
        key.first, static_cast<std::size_t>(key.second), static_cast<std::size_t>(key.second));
    const std::optional<Algorithm> ompi = decision_algorithm(d.algorithm);
    const double model_deg = pick ? degradation(*pick) : nan;
    const double oblivious_deg = obl ? degradation(*obl) : nan;
    const double ompi_deg = ompi ? degradation(*ompi) : nan;
    const auto lib = library_default.find(key);
    const double lib_deg =
        lib == library_default.end() ? nan : (lib->second - t_best) / t_best * 100;
    ++counted;
    model_best += model_deg == 0;
    model_near += model_deg <= o.near_percent;
    oblivious_best += oblivious_deg == 0;
    oblivious_near += oblivious_deg <= o.near_percent;
    ompi_best += ompi_deg == 0;
    ompi_near += ompi_deg <= o.near_percent;
    s.table.rows.push_back(
        {"",
         {Cell::integer(key.first), Cell::integer(key.second),
          Cell::str(bcast_model::algorithm_name(best->first)), Cell::duration(t_best * 1e9),
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
  // [Nuriyev2022] §6.3's summary of its Table 3 (6 cluster/P pairs, 9 sizes), for comparison.
  s.notes.push_back(
      "[Nuriyev2022] Table 3 (Grisou P = 450, 600; Gros 400, 1000; MareNostrum4 96, 480): above "
      "16 KB the model picks the optimal algorithm 45 times and a near-optimal one 3 times (1%, "
      "2%, "
      "6% slower); at 16 KB the second best (1% on Gros, 20-24% on Grisou, 3-84% on MareNostrum4); "
      "Open MPI 3.1's decision is near-optimal in 46% of the cases and up to 1106%, 570% and 719% "
      "slower in the rest");
  s.notes.push_back(
      "degradation = (T_selected - T_best) / T_best; times are the root's mean per call; Open MPI "
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
            Cell{fmt::format("{:.6g}", m.mean_s), m.mean_s}, Cell::fixed(f.huber.weights[i], 2)}});
    }
  }
  return s;
}

}  // namespace

Report build_model_bcast(std::span<const ResultFile> files, const BcastModelOptions& o) {
  std::vector<Measurement> all;
  std::map<std::pair<int, long>, double> library_default;  // the library's MPI_Bcast, unforced
  bool virtual_nodes = false;
  for (const ResultFile& f : files) {
    const results::RunInfo& info = f.reader.run_info();
    virtual_nodes = virtual_nodes || info.nodes_virtual;
    for (const results::CaseRecord& rec : f.reader.cases()) {
      if (rec.collective == "bcast" && rec.algorithm == "native" && rec.params.empty()) {
        const auto elem = dtype_bytes(rec.dtype);
        const auto mean = root_mean_seconds(rec);
        if (elem && mean) {
          library_default[{rec.ranks, static_cast<long>(static_cast<double>(rec.count) * *elem)}] =
              *mean;
        }
      }
      if (auto m = measurement(rec, info, o)) all.push_back(std::move(*m));
    }
  }
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
  r.sections.push_back(std::move(t2));
  Section t3 = table3(all, fits, platform, baseline, baseline_platform, o, library_default);
  t3.notes.push_back(
      "oblivious: the topology-oblivious baseline of Fig. 2 as we approximate the earlier method "
      "(the paper's ref. 28, not specified there): one channel, every rank a node of its own, "
      "Q = 1, gamma^1, one fit per algorithm to the same experiments");
  if (virtual_nodes) {
    t3.notes.push_back(
        "virtual nodes (--virtual-ppn): the 'network' between them is this host's shared memory, "
        "so the channels are emulated, not measured");
  }
  r.sections.push_back(std::move(t3));
  if (o.lambda) r.sections.push_back(lambda_section(fits, platform));
  return r;
}

}  // namespace papbench::report
