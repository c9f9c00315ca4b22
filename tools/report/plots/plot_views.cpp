#include "tools/report/plots/plot_views.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "tools/report/tables/paper_tables.hpp"

namespace papbench::report::plot {
namespace {

// The files carry the filter (--include-late, --include-invalid) to the view, as in `summary`.
std::vector<ResultFile> open_all(const std::vector<std::string>& paths,
                                 const results::IterationFilter& filter,
                                 results::CaseData data = results::CaseData::kLoaded) {
  std::vector<ResultFile> files;
  files.reserve(paths.size());
  for (const std::string& p : paths) files.push_back(open_result_file(p, data, filter));
  return files;
}

// Views that read result sets get them opened here (a bad file is a UsageError naming it).
// kOnDemand for the views that take each case's data from load_case, one case at a time.
template <Figure (*Build)(const std::vector<ResultFile>&, const PlotOptions&),
          results::CaseData Data = results::CaseData::kLoaded>
Figure from_results(const std::vector<std::string>& paths, const PlotOptions& options) {
  return Build(open_all(paths, options.filter, Data), options);
}

// The footer of a figure whose input is not a result set: what its Report's meta says.
std::string meta_footer(const Report& report) {
  std::vector<std::string> parts;
  for (const Section& s : report.sections) {
    for (const MetaItem& m : s.meta) {
      if (m.key == "papbench_version" || m.key == "file") {
        parts.push_back(fmt::format("{} {}", m.title, m.value.text));
      }
    }
  }
  return fmt::format("{} (no MPI: schedule generation only)", fmt::join(parts, " | "));
}

// A paper view draws the Report that `papbench-report table NAME` prints, so the figure and
// the table cannot disagree.
template <Figure (*Plot)(const Report&)>
Figure paper_view(std::string_view table, const std::vector<std::string>& paths,
                  const PlotOptions& options) {
  const PaperTable* t = find_paper_table(table);
  if (t->build_from_paths) {
    const Report report = t->build_from_paths(paths);
    Figure figure = Plot(report);
    figure.footer = meta_footer(report);
    return figure;
  }
  const std::vector<ResultFile> files = open_all(paths, options.filter);
  Figure figure = Plot(t->build(files));
  figure.footer = run_footer(files);
  return figure;
}

Figure grid_plot(const Report& report) {
  return plot_paper_grid(report, report.kind);
}

template <Figure (*Plot)(const Report&)>
PlotView paper_row(std::string_view table, std::string_view summary) {
  return {table, summary, find_paper_table(table)->source,
          [table](const std::vector<std::string>& paths, const PlotOptions& options) {
            return paper_view<Plot>(table, paths, options);
          }};
}

// One row per view: the generic ones, then the papers' figures in paper order.
const std::vector<PlotView>& registry() {
  static const std::vector<PlotView> kViews = {
      {"metric-vs",
       "--metric vs. --x (count, maxdelay, ranks, pattern): median and 95% CI, "
       "a line per algorithm",
       "generic", from_results<plot_metric_vs, results::CaseData::kOnDemand>},
      {"arrivals", "arrival and exit per rank in --iters of --case, on the global clock", "generic",
       from_results<plot_arrivals, results::CaseData::kOnDemand>},
      {"heatmap", "arrival offset per rank x iteration of --case", "generic",
       from_results<plot_heatmap, results::CaseData::kOnDemand>},
      {"cdf", "distribution of --metric over the iterations, a staircase per algorithm", "generic",
       from_results<plot_cdf, results::CaseData::kOnDemand>},
      paper_row<plot_proficz_table34>(
          "proficz-table3", "BSLN/LIN scatter acceleration per max delay, a line per size"),
      paper_row<plot_proficz_table34>("proficz-table4",
                                      "BSLS/LS gather acceleration per max delay, a line per size"),
      paper_row<plot_proficz_table5>("proficz-table5",
                                     "FFT gather: total, run, elapsed time per algorithm / LS"),
      paper_row<grid_plot>("proficz-fig14", "scatter run and elapsed time per max delay"),
      paper_row<grid_plot>("proficz-fig15", "gather run and elapsed time per max delay"),
      paper_row<grid_plot>("proficz-fig16", "scatter run time per total data size"),
      paper_row<grid_plot>("proficz-fig17", "scatter run and elapsed time per process count"),
      paper_row<grid_plot>("clv-fig10", "reduce run time per max delay, six algorithms"),
      paper_row<grid_plot>("clv-fig11", "reduce run time per process count, six algorithms"),
      paper_row<plot_kang_times>("kang-fig4",
                                 "intergroup Allgather time per block size, a line per algorithm"),
      paper_row<plot_kang_times>("kang-fig5",
                                 "intergroup Allgatherv time per block size, a line per algorithm"),
      paper_row<plot_kang_speedups>("kang-fig6",
                                    "native/alg1, native/alg2 per block size beside Eq. (5)"),
      paper_row<plot_clv_table1>("clv-table1", "schedule generation: segtree speedups over P"),
      paper_row<plot_parsons_speedups>("parsons-table2.1",
                                       "UHA over the library per collective, thesis beside"),
      paper_row<plot_parsons_speedups>("parsons-table2.2",
                                       "multi-sender UHA inter-node phase, thesis beside"),
      paper_row<plot_parsons_speedups>("parsons-fig2.9",
                                       "allgather-ring copy-outs over UHA memcpy, run time"),
      paper_row<plot_parsons_speedups>("parsons-table3.6",
                                       "reduce speed-ups over mpich-binomial, thesis beside"),
      paper_row<plot_parsons_speedups>("parsons-table3.7",
                                       "bcast speed-ups over mpich-binomial, thesis beside"),
      paper_row<plot_parsons_speedups>("parsons-table3.8",
                                       "alltoall speed-ups over mpich-isend, thesis beside"),
      {"parsons-pap",
       "imbalance per case, node histogram, entry heat map, imbalance per invocation (--case)",
       "[Parsons2015] Figs. 3.3-3.6", from_results<plot_parsons_pap>},
      {"parsons-counters", "each PAPI counter of --case vs. normalized arrival",
       "[Parsons2015] Figs. 3.7-3.13",
       from_results<plot_parsons_counters, results::CaseData::kOnDemand>},
  };
  return kViews;
}

}  // namespace

std::span<const PlotView> plot_views() {
  return registry();
}

const PlotView* find_plot_view(std::string_view name) {
  const auto& all = registry();
  const auto it =
      std::find_if(all.begin(), all.end(), [&](const PlotView& v) { return v.name == name; });
  return it == all.end() ? nullptr : &*it;
}

}  // namespace papbench::report::plot
