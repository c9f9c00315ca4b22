#include "tools/report/views/nbc_overlap_notes.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/units.hpp"
#include "results/nbc_overlap.hpp"

namespace papbench::report {
namespace {

constexpr std::string_view kComputeKey = "overlap-compute=";
constexpr std::string_view kTestKey = "test-interval=";

// The value of `key` ("overlap-compute=") in params, nullopt when the case has no such option.
std::optional<std::string> param_value(const std::string& params, std::string_view key) {
  std::size_t start = 0;
  while (start <= params.size()) {
    const std::size_t comma = params.find(',', start);
    const std::string item =
        params.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.starts_with(key)) return item.substr(key.size());
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return std::nullopt;
}

// params without overlap-compute and test-interval: what a case and its t_pure case share (a
// case without compute makes no MPI_Test call, whatever its interval).
std::string params_but_overlap(const std::string& params) {
  std::vector<std::string> kept;
  std::size_t start = 0;
  while (start <= params.size()) {
    const std::size_t comma = params.find(',', start);
    std::string item =
        params.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!item.starts_with(kComputeKey) && !item.starts_with(kTestKey)) kept.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return fmt::format("{}", fmt::join(kept, ","));
}

std::string percent(double fraction) {
  return fmt::format("{:.0f}%", 100.0 * fraction);
}

}  // namespace

void add_nbc_overlap(Section& s, const ResultFile& file) {
  const auto& cases = file.reader.cases();
  Json rows = Json::array();
  std::vector<std::string> lines;
  const results::CaseParts parts{.timing = true,
                                 .planned = false,
                                 .pat = false,
                                 .clock = false,
                                 .counters = false,
                                 .metrics = true};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::optional<std::string> compute = param_value(cases[i].params, kComputeKey);
    if (!compute || *compute == "none") continue;
    const std::string shared = params_but_overlap(cases[i].params);
    std::optional<std::size_t> pure;
    for (std::size_t j = 0; j < cases.size() && !pure; ++j) {
      if (param_value(cases[j].params, kComputeKey) == "none" &&
          cases[j].algorithm == cases[i].algorithm &&
          cases[j].workload_key() == cases[i].workload_key() &&
          params_but_overlap(cases[j].params) == shared) {
        pure = j;
      }
    }
    const std::string label = fmt::format("  [{}] {}", i, cases[i].label());
    if (!pure) {
      lines.push_back(
          fmt::format("{}: no case of this workload with overlap-compute=none (t_pure) "
                      "in the file",
                      label));
      continue;
    }
    const results::CaseRecord ovrl = load_case(file, i, parts);
    const results::CaseRecord base = load_case(file, *pure, parts);
    const results::IterationSelection kept_o = kept_iterations(file, ovrl);
    const results::IterationSelection kept_p = kept_iterations(file, base);
    const results::NbcOverlap o =
        results::nbc_overlap(results::median_post_to_completion(base, kept_p.kept),
                             results::median_overlap_compute(ovrl, kept_o.kept),
                             results::median_post_to_completion(ovrl, kept_o.kept));
    if (o.rank < 0) {
      lines.push_back(fmt::format("{}: no kept iteration on one side", label));
      continue;
    }
    lines.push_back(fmt::format(
        "{}: overlap {} (IMB-NBC's code: {}) on rank {}: t_pure {} ([{}]), t_CPU {}, t_ovrl {}",
        label, percent(o.overlap), percent(o.overlap_imb_code), o.rank,
        format_duration(o.t_pure_ns), *pure, format_duration(o.t_cpu_ns),
        format_duration(o.t_ovrl_ns)));
    rows.push_back({{"case", i},
                    {"pure_case", *pure},
                    {"overlap_compute", *compute},
                    {"test_interval", param_value(cases[i].params, kTestKey).value_or("off")},
                    {"rank", o.rank},
                    {"t_pure_ns", o.t_pure_ns},
                    {"t_cpu_ns", o.t_cpu_ns},
                    {"t_ovrl_ns", o.t_ovrl_ns},
                    {"overlap", o.overlap},
                    {"overlap_imb_code", o.overlap_imb_code}});
  }
  if (lines.empty()) return;
  s.notes.push_back(
      "nonblocking overlap, per-rank medians (IMB-NBC: means), read on the rank of the largest "
      "t_ovrl as IMB-NBC "
      "does: max(0, min(1, (t_pure + t_CPU - t_ovrl) / min(t_pure, t_CPU))); IMB-NBC's code "
      "divides by max(t_pure, t_CPU) (docs/ALGORITHMS.md, Nonblocking collectives):");
  for (std::string& l : lines) s.notes.push_back(std::move(l));
  s.extra["nbc_overlap"] = std::move(rows);
}

}  // namespace papbench::report
