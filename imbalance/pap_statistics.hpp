#pragma once
// Process-arrival-pattern statistics of [Parsons2015] §3.3: average imbalance delta-bar,
// worst-case imbalance omega, their factors relative to the minimum message latency, and the
// First/Last per-node view of Table 3.5.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "results/result_set.hpp"

namespace papbench {

// One invocation: a_bar = mean a_i, delta_bar = mean |a_i - a_bar|, omega = max a - min a.
struct PapInvocation {
  double mean_arrival_ns = 0;
  double delta_bar_ns = 0;
  double omega_ns = 0;
};
PapInvocation pap_of(std::span<const std::int64_t> arrivals);

// Means over invocations of delta_bar and omega (the thesis' delta-bar and omega-bar).
struct PapMeans {
  double delta_bar_ns = 0;
  double omega_bar_ns = 0;
};

// One node's First and Last, node by node: when its first and its last process arrived, after the
// earliest process of the invocation, as means over invocations.
struct PapNode {
  int node = 0;  // the node_of_rank label
  int ranks = 0;
  double first_ns = 0;
  double last_ns = 0;
};

struct PapSummary {
  int invocations = 0;
  int ranks = 0;
  int nodes = 0;
  PapMeans all;                   // every process
  PapMeans first;                 // only the first-arriving process of each node
  PapMeans last;                  // only the last-arriving process of each node
  std::vector<PapNode> per_node;  // in order of each node's lowest rank
};

// `arrival` is [invocation][rank]; `node_of_rank` gives each rank's node (empty: one node).
// Throws std::invalid_argument when node_of_rank does not have one entry per rank.
PapSummary summarize_pap(const results::Matrix& arrival, std::span<const int> node_of_rank);

// Factor = imbalance / minimum message latency ("how many messages fit between first and last
// arrival"); nullopt without a positive latency.
std::optional<double> imbalance_factor(double imbalance_ns, std::optional<double> min_latency_ns);

}  // namespace papbench
