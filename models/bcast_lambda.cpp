#include "models/bcast_lambda.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "collectives/bcast/segmentation.hpp"

namespace papbench::bcast_model {

const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::kFlat:
      return "flat";
    case Algorithm::kChain:
      return "chain";
    case Algorithm::kKchain:
      return "kchain";
    case Algorithm::kBinary:
      return "binary";
    case Algorithm::kSplitBinary:
      return "split_binary";
    case Algorithm::kBinomial:
      return "binomial";
  }
  return "?";
}

std::optional<Algorithm> algorithm_from_name(std::string_view name) {
  for (Algorithm a : all_algorithms()) {
    if (name == algorithm_name(a)) return a;
  }
  return std::nullopt;
}

std::span<const Algorithm> all_algorithms() {
  static constexpr std::array kAll = {Algorithm::kFlat,        Algorithm::kChain,
                                      Algorithm::kKchain,      Algorithm::kBinary,
                                      Algorithm::kSplitBinary, Algorithm::kBinomial};
  return kAll;
}

Lambda& Lambda::operator+=(const Lambda& b) {
  o0 += b.o0;
  o1 += b.o1;
  l0 += b.l0;
  l1 += b.l1;
  return *this;
}

Lambda operator*(double k, Lambda a) {
  return Lambda{k * a.o0, k * a.o1, k * a.l0, k * a.l1};
}

Lambda p2p(int channel, double k) {
  return channel == 0 ? Lambda{k, 0, 2 * k, 0} : Lambda{0, k, 2 * k, k};
}

double stage_factor_sum(const bcast::Tree& tree, int root, std::span<const int> domain,
                        const Platform& platform, long segments, ModelOptions::Stages stages) {
  const int height = tree_height(tree, root);
  if (height == 0 || segments <= 0) return 0;
  // M_d: the largest NBFT among the internal nodes at depth d.
  std::vector<double> by_depth(static_cast<std::size_t>(height), 0.0);
  for (const Nbft& n : tree_nbfts(tree, root, domain)) {
    double& m = by_depth[static_cast<std::size_t>(n.depth)];
    m = std::max(m, nbft_factor(n, platform));
  }
  const long stage_count = height + segments - 1;
  if (stages == ModelOptions::Stages::kGlobalMax) {
    return static_cast<double>(stage_count) * *std::max_element(by_depth.begin(), by_depth.end());
  }
  // Stage i holds the NBFTs of the depths d with 1 <= i - d <= n_s.
  double sum = 0;
  for (long i = 1; i <= stage_count; ++i) {
    const long first = std::max(0L, i - segments);
    const long last = std::min<long>(height - 1, i - 1);
    sum += *std::max_element(by_depth.begin() + first, by_depth.begin() + last + 1);
  }
  return sum;
}

namespace {

long segments_of(long bytes, long segsize) {
  return static_cast<long>(bcast::segment_total(
      static_cast<std::size_t>(bytes), bcast::segment_elements(static_cast<std::size_t>(segsize), 1,
                                                               static_cast<std::size_t>(bytes))));
}

int channel(std::span<const int> domain, int a, int b) {
  return domain[static_cast<std::size_t>(a)] != domain[static_cast<std::size_t>(b)] ? 1 : 0;
}

Lambda segmented(bcast::TreeShape shape, int fanout, long bytes, long segsize,
                 std::span<const int> domain, const Platform& platform,
                 ModelOptions::Stages stages) {
  const int ranks = static_cast<int>(domain.size());
  const bcast::Tree tree =
      bcast::whole_tree(shape, ranks, 0, std::min(fanout, bcast::kMaxTreeFanout));
  const double sum =
      stage_factor_sum(tree, 0, domain, platform, segments_of(bytes, segsize), stages);
  return p2p(1, sum);
}

// Eq. (1): the root's whole message to each child in turn.
Lambda flat(long bytes, long segsize, std::span<const int> domain) {
  Lambda l;
  const double scale = static_cast<double>(bytes) / static_cast<double>(segsize);
  for (int r = 1; r < static_cast<int>(domain.size()); ++r) l += p2p(channel(domain, 0, r), scale);
  return l;
}

// Eq. (13): the halves down the two subtrees of the binary tree, then the slowest exchange of
// halves between the pairs (s, s+1), s odd, and, with P even, from the root to rank P-1.
Lambda split_binary(long bytes, const ModelOptions& o, std::span<const int> domain,
                    const Platform& platform) {
  const int ranks = static_cast<int>(domain.size());
  const bcast::SplitPlan plan = bcast::split_binary_plan(static_cast<std::size_t>(bytes), 1,
                                                         static_cast<std::size_t>(o.segsize));
  if (plan.fallback) {
    return segmented(bcast::TreeShape::kChain, 1, bytes, static_cast<long>(plan.segsize), domain,
                     platform, o.stages);
  }
  const bcast::Tree tree = bcast::whole_tree(bcast::TreeShape::kKary, ranks, 0, 2);
  const long segments = static_cast<long>(std::max(plan.segments[0], plan.segments[1]));
  Lambda l = p2p(1, stage_factor_sum(tree, 0, domain, platform, segments, o.stages));
  int exchange = -1;  // the slowest pair's channel
  for (int s = 1; s + 1 < ranks; s += 2) exchange = std::max(exchange, channel(domain, s, s + 1));
  if (ranks % 2 == 0) exchange = std::max(exchange, channel(domain, 0, ranks - 1));
  if (exchange >= 0) {
    l += p2p(exchange, static_cast<double>(plan.counts[0]) / static_cast<double>(o.segsize));
  }
  return l;
}

}  // namespace

Lambda bcast_lambda(Algorithm alg, long bytes, std::span<const int> domain,
                    const Platform& platform, const ModelOptions& o) {
  if (domain.empty()) throw std::invalid_argument("bcast_lambda: no ranks");
  if (o.segsize <= 0) throw std::invalid_argument("bcast_lambda: segment size must be positive");
  if (bytes <= 0 || domain.size() == 1) return {};
  using bcast::TreeShape;
  switch (alg) {
    case Algorithm::kFlat:
      return flat(bytes, o.segsize, domain);
    case Algorithm::kChain:
      return segmented(TreeShape::kChain, 1, bytes, o.segsize, domain, platform, o.stages);
    case Algorithm::kKchain:
      return segmented(TreeShape::kChain, o.kchain_fanout, bytes, o.segsize, domain, platform,
                       o.stages);
    case Algorithm::kBinary:
      return segmented(TreeShape::kKary, 2, bytes, o.segsize, domain, platform, o.stages);
    case Algorithm::kSplitBinary:
      return split_binary(bytes, o, domain, platform);
    case Algorithm::kBinomial:
      return segmented(TreeShape::kBinomial, 1, bytes, o.segsize, domain, platform, o.stages);
  }
  return {};
}

Lambda flat_gather_lambda(std::span<const int> domain) {
  Lambda l;
  for (int r = 1; r < static_cast<int>(domain.size()); ++r) l += p2p(channel(domain, 0, r), 1);
  return l;
}

Lambda experiment_lambda(Algorithm alg, long bytes, std::span<const int> domain,
                         const Platform& platform, const ModelOptions& options) {
  Lambda l = bcast_lambda(alg, bytes, domain, platform, options);
  l += flat_gather_lambda(domain);
  return l;
}

}  // namespace papbench::bcast_model
