#include "imbalance/pap_statistics.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <vector>

namespace papbench {

PapInvocation pap_of(std::span<const std::int64_t> arrivals) {
  PapInvocation p;
  if (arrivals.empty()) return p;
  // Offsets from the first arrival keep the sums exact in double for realistic clock values.
  const std::int64_t base = *std::min_element(arrivals.begin(), arrivals.end());
  const std::int64_t top = *std::max_element(arrivals.begin(), arrivals.end());
  const auto n = static_cast<double>(arrivals.size());
  double sum = 0;
  for (std::int64_t a : arrivals) sum += static_cast<double>(a - base);
  const double mean = sum / n;
  double dev = 0;
  for (std::int64_t a : arrivals) dev += std::fabs(static_cast<double>(a - base) - mean);
  p.mean_arrival_ns = static_cast<double>(base) + mean;
  p.delta_bar_ns = dev / n;
  p.omega_ns = static_cast<double>(top - base);
  return p;
}

namespace {

void accumulate(PapMeans& m, std::span<const std::int64_t> arrivals) {
  const PapInvocation p = pap_of(arrivals);
  m.delta_bar_ns += p.delta_bar_ns;
  m.omega_bar_ns += p.omega_ns;
}

void divide(PapMeans& m, int n) {
  if (n == 0) return;
  m.delta_bar_ns /= n;
  m.omega_bar_ns /= n;
}

}  // namespace

PapSummary summarize_pap(const results::Matrix& arrival, std::span<const int> node_of_rank) {
  if (!node_of_rank.empty() && static_cast<int>(node_of_rank.size()) != arrival.cols) {
    throw std::invalid_argument("summarize_pap: node_of_rank needs one entry per rank");
  }
  PapSummary s;
  s.invocations = arrival.rows;
  s.ranks = arrival.cols;
  // Dense node numbering in order of first appearance, so any labels work.
  std::map<int, int> dense;
  std::vector<int> node(static_cast<std::size_t>(arrival.cols), 0);
  for (int r = 0; r < arrival.cols; ++r) {
    const int label = node_of_rank.empty() ? 0 : node_of_rank[static_cast<std::size_t>(r)];
    node[static_cast<std::size_t>(r)] =
        dense.try_emplace(label, static_cast<int>(dense.size())).first->second;
  }
  s.nodes = arrival.cols == 0 ? 0 : static_cast<int>(dense.size());
  s.per_node.resize(static_cast<std::size_t>(s.nodes));
  for (const auto& [label, n] : dense) s.per_node[static_cast<std::size_t>(n)].node = label;
  for (int n : node) ++s.per_node[static_cast<std::size_t>(n)].ranks;

  std::vector<std::int64_t> first(static_cast<std::size_t>(s.nodes));
  std::vector<std::int64_t> last(static_cast<std::size_t>(s.nodes));
  for (int it = 0; it < arrival.rows; ++it) {
    const auto row = arrival.row(it);
    accumulate(s.all, row);
    std::fill(first.begin(), first.end(), INT64_MAX);
    std::fill(last.begin(), last.end(), INT64_MIN);
    for (int r = 0; r < arrival.cols; ++r) {
      const auto n = static_cast<std::size_t>(node[static_cast<std::size_t>(r)]);
      first[n] = std::min(first[n], row[static_cast<std::size_t>(r)]);
      last[n] = std::max(last[n], row[static_cast<std::size_t>(r)]);
    }
    accumulate(s.first, first);
    accumulate(s.last, last);
    if (row.empty()) continue;
    const std::int64_t earliest = *std::min_element(row.begin(), row.end());
    for (std::size_t n = 0; n < s.per_node.size(); ++n) {
      s.per_node[n].first_ns += static_cast<double>(first[n] - earliest);
      s.per_node[n].last_ns += static_cast<double>(last[n] - earliest);
    }
  }
  if (arrival.rows > 0) {
    for (PapNode& n : s.per_node) {
      n.first_ns /= arrival.rows;
      n.last_ns /= arrival.rows;
    }
  }
  divide(s.all, arrival.rows);
  divide(s.first, arrival.rows);
  divide(s.last, arrival.rows);
  return s;
}

std::optional<double> imbalance_factor(double imbalance_ns, std::optional<double> min_latency_ns) {
  if (!min_latency_ns || !(*min_latency_ns > 0)) return std::nullopt;
  return imbalance_ns / *min_latency_ns;
}

}  // namespace papbench
