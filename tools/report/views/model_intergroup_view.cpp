#include "tools/report/views/model_intergroup_view.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <stdexcept>

#include "common/errors.hpp"
#include "models/hockney_fit.hpp"
#include "models/intergroup_model.hpp"
#include "tools/report/core/case_text.hpp"
#include "tools/report/tables/intergroup_cases.hpp"
#include "tools/report/views/model_view.hpp"

namespace papbench::report {
namespace {

namespace im = intergroup_model;

// t_s and t_w, and where they came from.
struct LinkSource {
  std::optional<im::Link> link;
  std::string from;  // "given", "Hockney fit to N ping-pong cases", or why there is none
  std::optional<HockneyFit> fit;
};

LinkSource link_source(const std::vector<ResultFile>& files, const IntergroupModelOptions& options,
                       bool required) {
  if (options.ts_ns.has_value() != options.tw_ns_per_byte.has_value()) {
    throw UsageError(
        "model intergroup: --ts and --tw go together (t_s as a duration, e.g. 2us; t_w in ns "
        "per byte, e.g. 0.1); leave both out to fit them to the files' ping-pong cases");
  }
  if (options.ts_ns) return {im::Link{*options.ts_ns, *options.tw_ns_per_byte}, "given", {}};
  std::vector<PingpongPoint> points;
  std::vector<std::string> skipped;
  for (const ResultFile& f : files) {
    PingpongSamples s = pingpong_samples(f, PingpongStat::kMin);
    points.insert(points.end(), s.points.begin(), s.points.end());
    for (std::string& why : s.skipped) skipped.push_back(fmt::format("{} {}", f.path, why));
  }
  if (points.empty()) {
    const std::string why =
        files.empty()
            ? "no --ts/--tw and no result files"
            : fmt::format(
                  "no usable ping-pong case in the files{}",
                  skipped.empty() ? "" : fmt::format(" (skipped: {})", fmt::join(skipped, ", ")));
    if (required) {
      throw UsageError(
          fmt::format("model intergroup: {}; give --ts and --tw, or add ping-pong cases to the run "
                      "('papbench --collective pingpong --alg native --count 1:4Mi:x4')",
                      why));
    }
    return {std::nullopt, why, {}};
  }
  HockneyFit fit;
  try {
    fit = fit_hockney(points);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("model intergroup: cannot fit t_s and t_w: {}", e.what()));
  }
  return {im::Link{fit.model.alpha_ns, fit.model.beta_ns_per_byte},
          fmt::format("Hockney fit to {} ping-pong case(s), rank 0's fastest round trip / 2",
                      fit.points),
          fit};
}

void add_link_meta(Section& s, const LinkSource& ls) {
  s.meta.push_back({"link_from", "t_s, t_w", Cell::str(ls.from)});
  if (!ls.link) return;
  s.meta.push_back({"t_s_ns", "t_s", Cell::duration(ls.link->t_s)});
  s.meta.push_back(
      {"t_w_ns_per_byte", "t_w", {fmt::format("{:.4g} ns/B", ls.link->t_w), ls.link->t_w}});
  if (ls.fit) {
    s.meta.push_back({"r_squared",
                      "fit R^2",
                      {fmt::format("{:.4f} ({} points, {:.0f} to {:.0f} bytes)", ls.fit->r_squared,
                                   ls.fit->points, ls.fit->min_bytes, ls.fit->max_bytes),
                       ls.fit->r_squared}});
  }
}

const im::SettingInfo& info(im::Setting s) {
  return im::settings()[static_cast<std::size_t>(s) - 1];
}

// --- one shape from the command line ------------------------------------------------------------

Section shape_section(const IntergroupModelOptions& o, const LinkSource& ls) {
  std::optional<im::Dist> dist;
  if (!o.dist.empty()) dist = im::dist_from_name(o.dist);
  const im::SettingInfo* setting = o.setting.empty() ? nullptr : im::find_setting(o.setting);
  if (setting != nullptr) {
    if (setting->allgatherv && !dist) dist = setting->dist;
    const double ka = static_cast<double>(*o.ka_bytes), kb = static_cast<double>(*o.kb_bytes);
    const auto derived = im::derive_setting(setting->allgatherv, *o.p, *o.q, ka, kb, dist);
    if (derived != setting->setting || (!setting->allgatherv && dist)) {
      throw UsageError(fmt::format(
          "--setting {}: the shape is not that setting's; {} needs p:q = {}:{} (A the larger "
          "group), k_A:k_B = {:g}:{:g}{}; got p:q = {}:{}, k_A:k_B = {}:{}{}",
          setting->name, setting->name, setting->ratio_p, setting->ratio_q, setting->ka_factor,
          setting->kb_factor,
          setting->allgatherv ? fmt::format(", --dist {}", im::dist_name(setting->dist))
                              : ", Allgather (no --dist)",
          *o.p, *o.q, *o.ka_bytes, *o.kb_bytes,
          dist ? fmt::format(", --dist {}", im::dist_name(*dist)) : ""));
    }
  }
  im::Shape shape;
  const std::optional<double> elem = dtype_bytes(o.dtype);
  if (!elem) throw UsageError(fmt::format("--dtype: '{}' is not a datatype", o.dtype));
  if (dist) {
    // As a run spreads them: in elements (papbench's intergroup_vblock), then in bytes.
    const auto elements = [&](std::string_view option, std::uint64_t bytes) {
      const auto e = static_cast<std::uint64_t>(*elem);
      if (bytes % e != 0) {
        throw UsageError(fmt::format("{}: {} bytes is not a whole number of {} elements ({} B)",
                                     option, bytes, o.dtype, e));
      }
      return bytes / e;
    };
    shape = im::allgatherv_shape(
        im::blocks_in_bytes(*dist, *o.p, elements("--ka", *o.ka_bytes), *elem),
        im::blocks_in_bytes(*dist, *o.q, elements("--kb", *o.kb_bytes), *elem));
  } else {
    shape = im::allgather_shape(*o.p, *o.q, static_cast<double>(*o.ka_bytes),
                                static_cast<double>(*o.kb_bytes));
  }

  Section s;
  s.title = fmt::format("intergroup_{} p:q = {}:{}", dist ? "allgatherv" : "allgather", *o.p, *o.q);
  s.meta.push_back({"collective", "collective",
                    Cell::str(dist ? "intergroup_allgatherv" : "intergroup_allgather")});
  s.meta.push_back({"p", "p (group A)", Cell::integer(*o.p)});
  s.meta.push_back({"q", "q (group B)", Cell::integer(*o.q)});
  if (dist) {
    s.meta.push_back({"dist", "distribution", Cell::str(std::string(im::dist_name(*dist)))});
    s.meta.push_back({"dtype", "elements", Cell::str(fmt::format("{} ({:g} B)", o.dtype, *elem))});
  }
  s.meta.push_back({"ka_bytes", dist ? "nominal k_A (bytes)" : "k_A (bytes)",
                    Cell::integer(static_cast<long long>(*o.ka_bytes))});
  s.meta.push_back({"kb_bytes", dist ? "nominal k_B (bytes)" : "k_B (bytes)",
                    Cell::integer(static_cast<long long>(*o.kb_bytes))});
  s.meta.push_back({"total_a_bytes", "K_A = sum of A's blocks", Cell::fixed(shape.a.total, 0)});
  s.meta.push_back({"total_b_bytes", "K_B = sum of B's blocks", Cell::fixed(shape.b.total, 0)});
  s.meta.push_back(
      {"lower_bound_bytes", "M = max(K_A, K_B)", Cell::fixed(im::lower_bound(shape), 0)});
  if (setting != nullptr)
    s.meta.push_back({"setting", "setting", Cell::str(std::string(setting->name))});
  add_link_meta(s, ls);

  const auto B = Audience::kBoth;
  s.table.columns = {{"equation", "equation", B, true}, {"model", "what it models", B, true},
                     {"startup_ns", "startup", B},      {"transfer_ns", "transfer", B},
                     {"predicted_ns", "predicted", B},  {"ratio", "ratio", B}};
  const auto time = [&](double v) { return ls.link ? Cell::duration(v) : Cell::none(); };
  const im::Link link = ls.link.value_or(im::Link{0, 0});
  // startup: false where the paper gives no startup term (M, Theorem 3), printed "-".
  auto add = [&](std::string eq, std::string what, std::optional<im::Prediction> p, Cell ratio,
                 bool startup = true) {
    Row r;
    r.cells = {Cell::str(std::move(eq)),
               Cell::str(std::move(what)),
               p && startup ? time(p->startup) : Cell::none(),
               p ? time(p->transfer) : Cell::none(),
               p ? time(p->total()) : Cell::none(),
               std::move(ratio)};
    s.table.rows.push_back(std::move(r));
  };
  const im::Prediction m{0, im::lower_bound(shape) * link.t_w};
  const im::Prediction e1 = im::eq1_root_gathering_best(shape, link);
  const im::Prediction e2 = im::eq2_root_gathering_library(shape, link);
  const std::optional<im::Prediction> e3 = im::eq3_algorithm1(shape, link);
  const im::Prediction e4 = im::eq4_algorithm2(shape, link);
  const double e5 = im::eq5_expected_improvement(shape);
  add("M", "lower bound (transfer only), §2.2", m, Cell::none(), false);
  add("Eq. (1)", "root gathering, best version (concurrent stages)", e1, Cell::none());
  add("Eq. (2)", "root gathering as MPI libraries run it (native)", e2, Cell::none());
  add("Eq. (3)", "Theorem 1: Algorithm 1 (alg1)", e3, Cell::none());
  add("Eq. (4)", "Theorem 3: Algorithm 2 (alg2)", e4, Cell::none(), false);
  add("Eq. (5)", "expected improvement (M + 3K_A + 3K_B) / M", std::nullopt, Cell::ratio(e5));
  if (setting != nullptr) {
    add("paper", fmt::format("§5's convergence value for {}", setting->name), std::nullopt,
        Cell::ratio(setting->paper_eq5));
  }

  const auto ns = [&](std::optional<im::Prediction> p) -> Json {
    if (!p || !ls.link) return nullptr;
    return p->total();
  };
  s.extra["eq1_ns"] = ns(e1);
  s.extra["eq2_ns"] = ns(e2);
  s.extra["eq3_ns"] = ns(e3);
  s.extra["eq4_ns"] = ns(e4);
  s.extra["eq5"] = std::isnan(e5) ? Json(nullptr) : Json(e5);
  s.extra["lower_bound_bytes"] = im::lower_bound(shape);
  if (setting != nullptr) {
    s.extra["setting"] = std::string(setting->name);
    s.extra["paper_eq5"] = setting->paper_eq5;
  }
  s.notes.push_back(
      "log p = ceil(log2 p), the rounds of a binomial tree; A is the larger group (the formulas "
      "take q <= p). Eq. (1) is the form before the paper's '=', which holds only when one group "
      "dominates both maxima.");
  if (!e3) s.notes.push_back("Eq. (3): Theorem 1 assumes one block size per group; not applicable");
  s.notes.push_back(
      "Eq. (4) as printed: the Allreduce term log(pq) is charged t_w, and no startup term is "
      "given.");
  return s;
}

// --- every intergroup case of the files ----------------------------------------------------------

// Which equation models an algorithm: root gathering's two versions, Theorem 1 for Algorithm 1 and
// the EuroMPI Algorithm 2 (same transfer time, §4), Theorem 3 for Algorithm 2.
struct Chosen {
  std::string equation;
  std::optional<im::Prediction> p;
};
Chosen choose(const std::string& algorithm, const im::Shape& shape, const im::Link& link) {
  if (algorithm == "native" || algorithm == "rg2")
    return {"Eq. (2)", im::eq2_root_gathering_library(shape, link)};
  if (algorithm == "rg1") return {"Eq. (1)", im::eq1_root_gathering_best(shape, link)};
  if (algorithm == "alg1" || algorithm == "euro2")
    return {"Eq. (3)", im::eq3_algorithm1(shape, link)};
  if (algorithm == "alg2") return {"Eq. (4)", im::eq4_algorithm2(shape, link)};
  return {"none", std::nullopt};  // euro1: unbounded relative to M (§4), no equation
}

Section cases_section(const std::vector<ResultFile>& files, const IntergroupModelOptions& o,
                      const LinkSource& ls) {
  const im::SettingInfo* only = o.setting.empty() ? nullptr : im::find_setting(o.setting);
  Section s;
  s.title = files.size() == 1 ? files.front().path : fmt::format("{} result sets", files.size());
  if (files.size() == 1) s.meta = run_meta(files.front());
  add_link_meta(s, ls);
  const auto B = Audience::kBoth;
  // The file is worth a column for humans only when there are several (case numbers repeat).
  const Audience file_audience = files.size() > 1 ? B : Audience::kMachine;
  s.table.columns = {{"file", "file", file_audience, true},
                     {"case", "case", B},
                     {"collective", "collective", B, true},
                     {"algorithm", "alg", B, true},
                     {"groups", "p:q", B, true},
                     {"setting", "setting", B, true},
                     {"total_a_bytes", "K_A (B)", B},
                     {"total_b_bytes", "K_B (B)", B},
                     {"iterations", "iters", B},
                     {"measured_ns", "measured", B},
                     {"equation", "equation", B, true},
                     {"predicted_ns", "predicted", B},
                     {"relative_error", "rel. error", B},
                     {"eq5", "Eq. (5)", B},
                     {"paper_eq5", "paper", B},
                     {"label", "label", Audience::kMachine, true}};
  int found = 0, fewer = 0;
  for (const ResultFile& f : files) {
    const auto& cases = f.reader.cases();
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const results::CaseRecord& rec = cases[i];
      const auto c = intergroup_case(i, rec);
      if (!c) continue;
      if (only != nullptr && c->setting != only->setting) continue;
      ++found;
      const auto t = paper_timing(rec, kept_iterations(f, rec));
      if (t && t->iterations < 10) ++fewer;
      const Chosen ch = choose(rec.algorithm, c->shape, ls.link.value_or(im::Link{}));
      const bool predicted = ch.p && ls.link;
      const double measured = t ? t->mean_ns : std::nan("");
      Row r;
      r.cells = {
          Cell::str(f.path),
          Cell::integer(static_cast<long long>(i)),
          Cell::str(rec.collective),
          Cell::str(c->variant.empty() ? rec.algorithm
                                       : fmt::format("{}({})", rec.algorithm, c->variant)),
          Cell::str(fmt::format("{}:{}", c->p, c->q)),
          Cell::str(setting_text(*c)),
          Cell::fixed(c->shape.a.total, 0),
          Cell::fixed(c->shape.b.total, 0),
          Cell::integer(t ? t->iterations : 0),
          t ? Cell::duration(measured) : Cell::none(),
          Cell::str(ch.equation),
          predicted ? Cell::duration(ch.p->total()) : Cell::none(),
          predicted && t && ch.p->total() > 0
              ? Cell{fmt::format("{:+.1f}%", 100 * (measured - ch.p->total()) / ch.p->total()),
                     (measured - ch.p->total()) / ch.p->total()}
              : Cell::none(),
          Cell::ratio(im::eq5_expected_improvement(c->shape)),
          c->setting ? Cell::ratio(info(*c->setting).paper_eq5) : Cell::none(),
          Cell::str(rec.label())};
      s.table.rows.push_back(std::move(r));
    }
  }
  if (found == 0) {
    throw UsageError(fmt::format(
        "model intergroup: no intergroup_allgather(v) case{} in the files; give a shape with "
        "--p, --q, --ka and --kb instead",
        only != nullptr ? fmt::format(" of setting {}", only->name) : ""));
  }
  s.notes.push_back(
      "measured: [Kang2019] §5's timing from the raw timestamps: per iteration the slowest rank's "
      "f - a, the fastest and slowest iteration dropped, the rest averaged (papbench's own "
      "metrics: papbench-report summary).");
  if (fewer > 0) {
    s.notes.push_back(fmt::format(
        "{} case(s) have fewer than the paper's 10 iterations; their mean uses what exists",
        fewer));
  }
  s.notes.push_back(
      "Eq. (5) at each case's own shape (K_A, K_B from its blocks); 'paper' is §5's convergence "
      "value of the setting the case is. euro1 has no equation (unbounded vs. M, §4).");
  return s;
}

}  // namespace

Report build_model_intergroup(const std::vector<ResultFile>& files,
                              const IntergroupModelOptions& o) {
  const int given = int(o.p.has_value()) + int(o.q.has_value()) + int(o.ka_bytes.has_value()) +
                    int(o.kb_bytes.has_value());
  if (given != 0 && given != 4) {
    throw UsageError(
        "model intergroup: --p, --q, --ka and --kb go together (group sizes >= 1 and block "
        "sizes in bytes); leave all four out to model the files' intergroup cases");
  }
  if (given == 0 && files.empty()) {
    throw UsageError(
        "model intergroup: give a shape (--p P --q Q --ka BYTES --kb BYTES) or result files "
        "with intergroup cases");
  }
  if (given == 0 && !o.dist.empty()) {
    throw UsageError("model intergroup: --dist describes a shape; it needs --p, --q, --ka, --kb");
  }
  Report report;
  report.kind = "model-intergroup";
  report.section_key = given == 4 ? "shape" : "file";
  if (given == 4) {
    report.sections.push_back(shape_section(o, link_source(files, o, !files.empty())));
  } else {
    report.sections.push_back(cases_section(files, o, link_source(files, o, false)));
  }
  return report;
}

}  // namespace papbench::report
