#include "models/bcast_nbft.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <stdexcept>

namespace papbench::bcast_model {

double Platform::gamma(int channel, int p) const {
  const std::vector<double>& table = channel == 0 ? gamma_shm : gamma_net;
  if (p <= 2 || table.size() <= 2) return 1.0;
  return table[static_cast<std::size_t>(std::min<int>(p, static_cast<int>(table.size()) - 1))];
}

namespace {

// Table 1(b) and §6.2: gamma^1(P) for P = 3.., gamma^0 = 1 up to P^max(0) = 3.
Platform paper(std::string name, std::vector<double> net_from_3, double q) {
  Platform p;
  p.name = std::move(name);
  p.gamma_shm = {1, 1, 1, 1};
  p.gamma_net = {1, 1, 1};
  p.gamma_net.insert(p.gamma_net.end(), net_from_3.begin(), net_from_3.end());
  p.q = q;
  return p;
}

const std::vector<Platform>& paper_platforms() {
  static const std::vector<Platform> all = {
      paper("grisou", {1.114, 1.219, 1.283, 1.451, 1.540}, 6),
      paper("gros", {1.084, 1.170, 1.254, 1.339, 1.424}, 12),
      paper("mn4", {1.145, 1.290, 1.435}, 9),
  };
  return all;
}

}  // namespace

const Platform* paper_platform(const std::string& name) {
  for (const Platform& p : paper_platforms()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::vector<int> block_domains(int ranks, int per_node) {
  if (ranks < 1 || per_node < 1)
    throw std::invalid_argument("block_domains: ranks and per_node >= 1");
  std::vector<int> domain(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) domain[static_cast<std::size_t>(r)] = r / per_node;
  return domain;
}

namespace {

std::vector<int> depths(const bcast::Tree& tree, int root) {
  std::vector<int> depth(tree.parent.size(), -1);
  std::queue<int> todo;
  depth[static_cast<std::size_t>(root)] = 0;
  todo.push(root);
  while (!todo.empty()) {
    const int v = todo.front();
    todo.pop();
    for (int c : tree.children[static_cast<std::size_t>(v)]) {
      depth[static_cast<std::size_t>(c)] = depth[static_cast<std::size_t>(v)] + 1;
      todo.push(c);
    }
  }
  return depth;
}

}  // namespace

std::vector<Nbft> tree_nbfts(const bcast::Tree& tree, int root, std::span<const int> domain) {
  if (domain.size() != tree.parent.size()) {
    throw std::invalid_argument("tree_nbfts: one domain per rank");
  }
  const std::vector<int> depth = depths(tree, root);
  std::vector<Nbft> out;
  for (std::size_t v = 0; v < tree.children.size(); ++v) {
    const auto& kids = tree.children[v];
    if (kids.empty()) continue;
    Nbft n{static_cast<int>(v), depth[v], 1 + static_cast<int>(kids.size()), 0};
    for (int c : kids) n.network += domain[static_cast<std::size_t>(c)] != domain[v] ? 1 : 0;
    out.push_back(n);
  }
  return out;
}

int tree_height(const bcast::Tree& tree, int root) {
  const std::vector<int> depth = depths(tree, root);
  return *std::max_element(depth.begin(), depth.end());
}

int equivalent_network_size(int size, int network, double q) {
  return network + static_cast<int>(std::floor((size - network - 1) / q)) + 1;
}

double nbft_factor(const Nbft& n, const Platform& platform) {
  if (n.network == 0) return platform.gamma(0, n.size) / platform.q;
  return platform.gamma(1, equivalent_network_size(n.size, n.network, platform.q));
}

NbftMaxima nbft_maxima(int ranks, std::span<const int> domain, double q, int kchain_fanout) {
  using bcast::TreeShape;
  const int kchain = std::clamp(kchain_fanout, 1, std::max(1, ranks - 1));
  const std::pair<TreeShape, int> shapes[] = {{TreeShape::kBinomial, 1},
                                              {TreeShape::kKary, 2},
                                              {TreeShape::kChain, kchain},
                                              {TreeShape::kChain, 1}};
  NbftMaxima max;
  for (const auto& [shape, fanout] : shapes) {
    const bcast::Tree tree = bcast::whole_tree(shape, ranks, 0, fanout);
    for (const Nbft& n : tree_nbfts(tree, 0, domain)) {
      if (n.network > 0) {
        max.network = std::max(max.network, equivalent_network_size(n.size, n.network, q));
      } else {
        max.shared = std::max(max.shared, n.size);
      }
    }
  }
  return max;
}

}  // namespace papbench::bcast_model
