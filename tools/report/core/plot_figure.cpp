#include "tools/report/core/plot_figure.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>

#include "common/version_text.hpp"

namespace papbench::report::plot {
namespace {

std::string ranks_and_nodes(const results::RunInfo& info) {
  const std::set<int> nodes(info.node_index.begin(), info.node_index.end());
  const std::size_t n = nodes.size();
  if (n == 0) return fmt::format("{} ranks", info.mpi_size);
  if (info.nodes_virtual) {
    return fmt::format("{} ranks on {} virtual node{} (--virtual-ppn {})", info.mpi_size, n,
                       n == 1 ? "" : "s", info.virtual_ppn);
  }
  return fmt::format("{} ranks on {} node{}", info.mpi_size, n, n == 1 ? "" : "s");
}

// Values in first-seen order, each once.
void add_unique(std::vector<std::string>& list, const std::string& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

}  // namespace

std::string run_footer(const std::vector<ResultFile>& files) {
  std::vector<std::string> versions, libraries, sizes;
  for (const ResultFile& f : files) {
    const results::RunInfo& info = f.reader.run_info();
    add_unique(versions, "papbench " + version_text(info.papbench_version,
                                                    std::string_view(info.git_sha).substr(0, 10)));
    // "Open MPI v4.1.4, package: ..., ident: ...": the name and version are what a reader needs.
    std::string library = first_line(info.mpi_library_version);
    std::replace(library.begin(), library.end(), '\t', ' ');  // "MPICH Version:\t4.0.2"
    add_unique(libraries, library.substr(0, library.find(',')));
    add_unique(sizes, ranks_and_nodes(info));
  }
  return fmt::format("{} | {} | {}", fmt::join(versions, " / "), fmt::join(libraries, " / "),
                     fmt::join(sizes, " / "));
}

TimeUnit time_unit_for(double max_ns) {
  if (std::fabs(max_ns) >= 1e9) return {1e9, "s"};
  if (std::fabs(max_ns) >= 1e6) return {1e6, "ms"};
  if (std::fabs(max_ns) >= 1e3) return {1e3, "µs"};
  return {1, "ns"};
}

bool spans_decades(const std::vector<double>& values, double decades) {
  double lo = INFINITY, hi = 0;
  for (const double v : values) {
    if (std::isnan(v)) continue;
    if (v <= 0) return false;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return hi > 0 && std::log10(hi / lo) > decades;
}

}  // namespace papbench::report::plot
