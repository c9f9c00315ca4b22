// arrivals: per rank, when it entered and left the collective in chosen iterations, on the
// global clock from the first arrival. The spread of the circles is the arrival pattern; the
// bars show who waited (a bar that starts early and ends with the late ones waited for them).
#include <fmt/format.h>

#include <algorithm>

#include "common/errors.hpp"
#include "tools/report/core/case_text.hpp"
#include "tools/report/plots/plot_views.hpp"

namespace papbench::report::plot {
namespace {

constexpr std::size_t kMaxIterations = 4;

}  // namespace

Figure plot_arrivals(const std::vector<ResultFile>& files, const PlotOptions& options) {
  const results::CaseRecord& c = chosen_case(files, options, "arrivals");
  const results::IterationSelection selection = kept_iterations(files.front(), c);
  if (options.iterations.empty() || options.iterations.size() > kMaxIterations) {
    throw UsageError(
        fmt::format("plot arrivals: --iters takes 1 to {} iterations", kMaxIterations));
  }
  const int ranks = c.arrival_ns.cols;
  // The collectives that take --root (collectives/core/workload.cpp; the report links no MPI).
  const bool rooted = c.collective == "reduce" || c.collective == "bcast" ||
                      c.collective == "scatter" || c.collective == "gather" ||
                      c.collective == "scatterv" || c.collective == "gatherv";
  const bool planned = c.planned_arrival_ns.rows == c.arrival_ns.rows &&
                       c.planned_arrival_ns.cols == ranks && ranks > 0;
  Figure figure;
  figure.title = fmt::format("Arrival and exit per rank: {}", case_title(options.case_index, c));
  figure.footer = run_footer(files);
  for (const int it : options.iterations) {
    if (it < 0 || it >= c.arrival_ns.rows) {
      throw UsageError(
          fmt::format("plot arrivals: --iters {} is out of range; case {} has timed "
                      "iterations 0..{}",
                      it, options.case_index, c.arrival_ns.rows - 1));
    }
    // The iterations summary leaves out are left out here too, unless the same option keeps them.
    const std::vector<std::size_t>& kept = selection.kept;
    if (std::find(kept.begin(), kept.end(), static_cast<std::size_t>(it)) == kept.end()) {
      const bool invalid = static_cast<std::size_t>(it) < c.validation.size() &&
                           c.validation[static_cast<std::size_t>(it)] ==
                               static_cast<std::uint8_t>(results::IterationCheck::kFailed);
      throw UsageError(fmt::format(
          "plot arrivals: --iters {}: timed iteration {} of case {} is left out ({}), as summary "
          "leaves it out; pass {} to draw it",
          it, it, options.case_index,
          invalid ? "its output was checked wrong" : "late: some rank off its planned arrival",
          invalid ? "--include-invalid" : "--include-late"));
    }
    const auto a = c.arrival_ns.row(it);
    const auto f = c.exit_ns.row(it);
    const std::int64_t t0 = *std::min_element(a.begin(), a.end());
    const std::int64_t last = *std::max_element(a.begin(), a.end());
    const std::int64_t end = *std::max_element(f.begin(), f.end());
    const TimeUnit unit = time_unit_for(static_cast<double>(end - t0));
    const auto t = [&](std::int64_t ns) { return static_cast<double>(ns - t0) / unit.ns; };

    Panel panel;
    panel.title = fmt::format("timed iteration {} on the global clock{}", it,
                              !c.late.empty() && c.late[static_cast<std::size_t>(it)] != 0
                                  ? " (late: some rank off its planned arrival; --include-late)"
                                  : "");
    panel.x = {fmt::format("time since the first arrival [{}]", unit.name), false, 10, {}};
    panel.y = {"rank", false, 10, {}};
    panel.y.min = -0.5;
    panel.y.max = ranks - 0.5;
    if (ranks <= 32) {
      // Name the root, the rank a rooted collective's data flows to or from.
      for (int r = 0; r < ranks; ++r) {
        panel.y.tics.emplace_back(
            r, rooted && r == c.root ? fmt::format("{} (root)", r) : fmt::format("{}", r));
      }
    }
    Series inside{"in the collective (arrival to exit)", Style::kSegments, 1, {}};
    Series arrival{"arrival", Style::kPoints, 2, {}};
    Series exit{"exit", Style::kDots, 3, {}};
    Series planned_arrival{"planned arrival", Style::kDots, 4, {}};
    for (int r = 0; r < ranks; ++r) {
      const auto i = static_cast<std::size_t>(r);
      inside.rows.push_back({t(a[i]), double(r), t(f[i]) - t(a[i]), 0});
      arrival.rows.push_back({t(a[i]), double(r)});
      exit.rows.push_back({t(f[i]), double(r)});
      if (planned) planned_arrival.rows.push_back({t(c.planned_arrival_ns.at(it, r)), double(r)});
    }
    // The last arrival: a reduction's root, an allreduce's every rank, cannot finish before it.
    Series last_line{"last arrival", Style::kSegments, 8, {{t(last), -0.5, 0, double(ranks)}}};
    panel.series = {std::move(inside), std::move(arrival), std::move(exit),
                    std::move(planned_arrival), std::move(last_line)};
    figure.panels.push_back(std::move(panel));
  }
  return figure;
}

}  // namespace papbench::report::plot
