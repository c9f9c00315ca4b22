#include "tools/report/tables/table_proficz5.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include "common/errors.hpp"
#include "results/case_metrics.hpp"
#include "results/kept_iterations.hpp"
#include "results/statistics.hpp"

namespace papbench::report {
namespace {

// The metrics `papbench app fft` stores (bench/fft/fft_case.hpp).
constexpr std::string_view kAppTotal = "app_total_ns";  // [rep][rank]
constexpr std::string_view kLocalFft = "local_fft_ns";  // [iteration][rank]
constexpr double kSecond = 1e9;

// [Proficz2020] Table 5 (seconds); "MPI" is the library's MPI_Gather, our `native`.
struct PaperRow {
  std::string_view alg, paper_name;
  double total_s, run_s, elapsed_s;
};
constexpr std::array<PaperRow, 7> kPaper = {{
    {"ls", "LS", 64.854, 0.012, 0.004},
    {"bnom", "BNOM", 69.632, 0.017, 0.005},
    {"sls", "SLS", 62.728, 0.010, 0.002},
    {"sbn", "SBN", 69.845, 0.017, 0.005},
    {"bsls", "BSLS", 62.813, 0.010, 0.002},
    {"bsbn", "BSBN", 67.402, 0.015, 0.003},
    {"native", "MPI", 64.815, 0.012, 0.004},
}};

const PaperRow* paper_row(std::string_view alg) {
  const auto it =
      std::find_if(kPaper.begin(), kPaper.end(), [&](const PaperRow& r) { return r.alg == alg; });
  return it == kPaper.end() ? nullptr : &*it;
}

// Samples of one algorithm within one configuration, pooled over cases and files.
struct Samples {
  std::vector<double> total, run, elapsed, local_fft;
  int iters_per_rep = 0;
};

struct Config {
  std::string title;
  bool validated = false;  // totals include the O(n^2) reference DFT
  std::map<std::string, Samples> algs;
};

bool is_fft_case(const results::CaseRecord& rec) {
  return rec.collective == "gather" && rec.pattern == "natural:fft";
}

// params minus the PAT source, which differs between algorithms of one configuration.
std::string config_params(const std::string& params) {
  std::string out;
  std::size_t start = 0;
  while (start <= params.size()) {
    const std::size_t end = std::min(params.find(',', start), params.size());
    const std::string item = params.substr(start, end - start);
    if (!item.starts_with("pat-source=")) out += (out.empty() ? "" : ",") + item;
    start = end + 1;
  }
  return out;
}

int iters_of(const std::string& params) {
  const std::size_t at = params.find("iters=");
  return at == std::string::npos ? 0 : std::atoi(params.c_str() + at + 6);
}

const results::Matrix& metric(const ResultFile& f, std::size_t i, const results::CaseRecord& rec,
                              std::string_view name) {
  const auto it = rec.metrics.find(std::string(name));
  if (it == rec.metrics.end() || it->second.cols != rec.ranks || it->second.rows == 0) {
    throw UsageError(fmt::format(
        "{}: case {} ({}) lacks a {} x ranks metric '{}'; it was not written by papbench app fft",
        f.path, i, rec.label(), name == kAppTotal ? "reps" : "iterations", name));
  }
  return it->second;
}

void add_case(const ResultFile& f, std::size_t i, const results::CaseRecord& rec, Samples& s) {
  const results::Matrix& totals = metric(f, i, rec, kAppTotal);
  for (int r = 0; r < totals.rows; ++r) {
    const auto v = totals.row(r);
    s.total.push_back(static_cast<double>(*std::max_element(v.begin(), v.end())));
  }
  // The timed iterations every view keeps (summary's); the repetitions' totals are the app's own.
  const results::IterationSelection kept = kept_iterations(f, rec);
  const results::Matrix local =
      results::kept_rows(metric(f, i, rec, kLocalFft), rec.arrival_ns.rows, kept.kept);
  s.local_fft.insert(s.local_fft.end(), local.data.begin(), local.data.end());
  for (results::Metric m : {results::Metric::kRunTime, results::Metric::kElapsed}) {
    std::vector<double> series;
    try {
      series = results::metric_series(rec, m, kept);
    } catch (const results::FormatError& e) {
      throw UsageError(fmt::format("{}: case {}: {}", f.path, i, e.what()));
    }
    auto& into = m == results::Metric::kRunTime ? s.run : s.elapsed;
    into.insert(into.end(), series.begin(), series.end());
  }
  s.iters_per_rep = iters_of(rec.params);
}

// The paper's value as printed there (seconds, three decimals); raw: nanoseconds.
Cell paper_seconds(double s) {
  return {fmt::format("{:.3f} s", s), s * kSecond};
}

Cell ratio(double value, double base) {
  if (!(base > 0) || std::isnan(value)) return Cell::none();
  return Cell::fixed(value / base, 3);
}

std::vector<Column> columns() {
  const auto M = Audience::kMachine;
  return {
      {"algorithm", "gather", Audience::kBoth, true},
      {"paper_name", "paper", Audience::kBoth, true},
      {"reps", "reps", M},
      {"total_ns", "total/rep"},
      {"total_vs_ls", "xLS"},
      {"paper_total_ns", "paper"},
      {"paper_total_vs_ls", "xLS"},
      {"run_ns", "run time"},
      {"run_vs_ls", "xLS"},
      {"paper_run_ns", "paper"},
      {"paper_run_vs_ls", "xLS"},
      {"elapsed_ns", "elapsed"},
      {"elapsed_vs_ls", "xLS"},
      {"paper_elapsed_ns", "paper"},
      {"paper_elapsed_vs_ls", "xLS"},
      {"fft_share", "fft %"},
  };
}

Section make_section(const Config& c) {
  Section s;
  s.title = c.title;
  s.table.columns = columns();
  // The paper's order first, then whatever else was run (lin, ...), by name.
  std::vector<std::string> order;
  for (const PaperRow& p : kPaper) {
    if (c.algs.contains(std::string(p.alg))) order.emplace_back(p.alg);
  }
  for (const auto& [alg, samples] : c.algs) {
    if (paper_row(alg) == nullptr) order.push_back(alg);
  }
  const Samples* ls = c.algs.contains("ls") ? &c.algs.at("ls") : nullptr;
  const double ls_total = ls ? stats::mean(ls->total) : NAN;
  const double ls_run = ls ? stats::mean(ls->run) : NAN;
  const double ls_elapsed = ls ? stats::mean(ls->elapsed) : NAN;
  const PaperRow& pls = kPaper.front();
  const Cell none = Cell::none();
  for (const std::string& alg : order) {
    const Samples& x = c.algs.at(alg);
    const PaperRow* p = paper_row(alg);
    const double total = stats::mean(x.total), run = stats::mean(x.run),
                 elapsed = stats::mean(x.elapsed);
    // Share of a repetition the local sub-FFT phase takes (paper: 43.517 s of about 64 s).
    const double share = 100.0 * stats::mean(x.local_fft) * x.iters_per_rep / total;
    Row row;
    row.cells = {
        Cell::str(alg),
        p ? Cell::str(std::string(p->paper_name)) : none,
        Cell::integer(static_cast<long long>(x.total.size())),
        Cell::duration(total),
        ratio(total, ls_total),
        p ? paper_seconds(p->total_s) : none,
        p ? ratio(p->total_s, pls.total_s) : none,
        Cell::duration(run),
        ratio(run, ls_run),
        p ? paper_seconds(p->run_s) : none,
        p ? ratio(p->run_s, pls.run_s) : none,
        Cell::duration(elapsed),
        ratio(elapsed, ls_elapsed),
        p ? paper_seconds(p->elapsed_s) : none,
        p ? ratio(p->elapsed_s, pls.elapsed_s) : none,
        x.iters_per_rep > 0 && total > 0 ? Cell::fixed(share, 1) : none,
    };
    s.table.rows.push_back(std::move(row));
  }
  s.notes.push_back(
      "xLS = mean(algorithm) / mean(LS): below 1 is faster than LS. total/rep: a repetition's "
      "slowest rank, mean over repetitions; run time = max exit - min arrival, elapsed = mean "
      "over ranks of exit - arrival, means over every gather call. fft %: the local sub-FFT "
      "phase's share of total/rep (mean over ranks).");
  s.notes.push_back(
      "paper: 8 nodes (one process each, 24 OpenMP threads), 1 Gbps Ethernet, 256 K floats per "
      "iteration (= 128Ki complex points), 1000 iterations x 100 repetitions; seconds. The "
      "paper's MPI row is Open MPI's MPI_Gather (our native).");
  if (ls == nullptr) s.notes.push_back("no ls case: the xLS columns are empty");
  if (c.validated) {
    s.notes.push_back(
        "run with --validate: total/rep includes the master's O(n^2) reference DFT of every "
        "iteration; compare totals only between runs without it");
  }
  return s;
}

}  // namespace

Report build_proficz_table5(const std::vector<ResultFile>& files) {
  std::map<std::string, Config> configs;
  std::vector<std::string> order;
  for (const ResultFile& f : files) {
    bool any = false;
    const auto& cases = f.reader.cases();
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const results::CaseRecord& rec = cases[i];
      if (!is_fft_case(rec)) continue;
      any = true;
      const std::string params = config_params(rec.params);
      const std::string key = fmt::format("{}|{}|{}", params, rec.ranks, rec.root);
      if (!configs.contains(key)) order.push_back(key);
      Config& c = configs[key];
      if (c.title.empty()) {
        c.title = fmt::format("FFT {} P={} root={} ({} floats per rank)", params, rec.ranks,
                              rec.root, rec.count);
      }
      c.validated = c.validated || params.find("validate") != std::string::npos;
      add_case(f, i, rec, c.algs[rec.algorithm]);
    }
    if (!any) {
      throw UsageError(
          fmt::format("{}: no FFT cases (gather, pattern natural:fft); Table 5 is built from "
                      "'papbench app fft' result sets",
                      f.path));
    }
  }
  Report r;
  r.kind = "proficz-table5";
  r.section_key = "configuration";
  for (const std::string& key : order) r.sections.push_back(make_section(configs.at(key)));
  return r;
}

}  // namespace papbench::report
