#include "collectives/bcast/ompi_trees.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace papbench::bcast {
namespace {

int shifted(int size, int root, int rank) {
  return (rank - root + size) % size;
}
int unshifted(int size, int root, int s) {
  return (s + root) % size;
}

// [OpenMPI] basic_linear: one level, children in increasing real rank order (not shifted order).
TreeNode flat_node(int size, int root, int rank) {
  TreeNode n;
  if (rank != root) {
    n.parent = root;
    return n;
  }
  for (int r = 0; r < size; ++r) {
    if (r != root) n.children.push_back(r);
  }
  return n;
}

// [OpenMPI] build_chain on shifted ranks. K = min(fanout, P-1) chains; the first `mark` chains
// are one longer than the rest when K does not divide P-1 (the longest is ceil((P-1)/K), not the
// floor of [Nuriyev2022] §3). Chain heads are the root's children in chain order.
TreeNode chain_node(int size, int root, int fanout, int rank) {
  TreeNode n;
  const int s = shifted(size, root, rank);
  const int k = std::min(fanout, size - 1);
  if (k <= 0) return n;  // a single rank
  if (k == 1) {          // the pipeline
    if (s > 0) n.parent = unshifted(size, root, s - 1);
    if (s + 1 < size) n.children.push_back(unshifted(size, root, s + 1));
    return n;
  }
  const int rest = size - 1;
  const int longest = (rest + k - 1) / k;
  // Chains [0, mark) have `longest` ranks, the others longest - 1; mark = K + 1 when all are equal
  // (Open MPI's value, which also keeps "i > mark" below false for every chain).
  const int mark = rest % k != 0 ? rest % k : k + 1;
  if (s == 0) {
    int head = 1;
    for (int i = 0; i < k; ++i) {
      if (i > 0) head += longest - (i > mark ? 1 : 0);
      n.children.push_back(unshifted(size, root, head));
    }
    return n;
  }
  int head = 0, length = 0;
  if (s - 1 < mark * longest) {
    const int column = (s - 1) / longest;
    head = 1 + column * longest;
    length = longest;
  } else {
    const int column = mark + (s - 1 - mark * longest) / (longest - 1);
    head = 1 + mark * longest + (column - mark) * (longest - 1);
    length = longest - 1;
  }
  n.parent = unshifted(size, root, s == head ? 0 : s - 1);
  if (s != head + length - 1 && s + 1 < size) n.children.push_back(unshifted(size, root, s + 1));
  return n;
}

// fanout^level, the number of nodes on `level` of a full fanout-ary tree.
long long power(int fanout, int level) {
  long long p = 1;
  for (int j = 0; j < level; ++j) p *= fanout;
  return p;
}

// [OpenMPI] build_tree: level-order k-ary tree on shifted ranks. Shifted rank s on level l (the
// levels above hold (k^l - 1)/(k - 1) nodes) has children s + k^l, s + 2 k^l, ... while < P;
// its parent is found by stepping back k^(l-1) until above level l.
TreeNode kary_node(int size, int root, int fanout, int rank) {
  TreeNode n;
  const int s = shifted(size, root, rank);
  int level = 0;
  for (long long upto = 1; upto <= s; upto += power(fanout, level)) ++level;
  const long long delta = power(fanout, level);
  for (int i = 1; i <= fanout; ++i) {
    const long long child = s + delta * i;
    if (child >= size) break;
    n.children.push_back(unshifted(size, root, static_cast<int>(child)));
  }
  if (s == 0) return n;
  long long parent = s;
  if (parent < fanout) {
    parent = 0;
  } else {
    const long long above = (power(fanout, level) - 1) / (fanout - 1);
    while (parent >= above) parent -= delta / fanout;
  }
  n.parent = unshifted(size, root, static_cast<int>(parent));
  return n;
}

// The smallest power of two strictly greater than v (1 for 0), Open MPI's opal_next_poweroftwo.
int next_pow2_above(int v) {
  int p = 1;
  while (p <= v) p <<= 1;
  return p;
}

// [OpenMPI] build_bmtree on shifted ranks: v's parent clears v's top bit; its children set each
// higher bit in turn, smallest first, so the root's first child heads the largest subtree.
TreeNode binomial_node(int size, int root, int rank) {
  TreeNode n;
  const int v = shifted(size, root, rank);
  const int mask = next_pow2_above(v);
  if (v != 0) n.parent = unshifted(size, root, v ^ (mask >> 1));
  for (long long m = mask; m < size; m <<= 1) {
    const long long child = v ^ m;
    if (child >= size) break;
    n.children.push_back(unshifted(size, root, static_cast<int>(child)));
  }
  return n;
}

void check_place(int size, int root, int rank) {
  if (size < 1) throw std::invalid_argument(fmt::format("ranks must be >= 1, not {}", size));
  if (root < 0 || root >= size) {
    throw std::invalid_argument(fmt::format("root {} is not a rank of {}", root, size));
  }
  if (rank < 0 || rank >= size) {
    throw std::invalid_argument(fmt::format("rank {} is not a rank of {}", rank, size));
  }
}

}  // namespace

TreeNode tree_node(TreeShape shape, int size, int root, int fanout, int rank) {
  check_place(size, root, rank);
  const int min_fanout = shape == TreeShape::kKary ? 2 : 1;  // build_tree divides by fanout - 1
  if ((shape == TreeShape::kChain || shape == TreeShape::kKary) &&
      (fanout < min_fanout || fanout > kMaxTreeFanout)) {
    throw std::invalid_argument(
        fmt::format("fanout {} is outside [{}, {}]", fanout, min_fanout, kMaxTreeFanout));
  }
  if (size == 1) return {};
  switch (shape) {
    case TreeShape::kFlat:
      return flat_node(size, root, rank);
    case TreeShape::kChain:
      return chain_node(size, root, fanout, rank);
    case TreeShape::kKary:
      return kary_node(size, root, fanout, rank);
    case TreeShape::kBinomial:
      return binomial_node(size, root, rank);
  }
  throw std::logic_error("unknown tree shape");
}

Tree whole_tree(TreeShape shape, int size, int root, int fanout) {
  Tree t;
  check_place(size, root, root);
  for (int r = 0; r < size; ++r) {
    TreeNode n = tree_node(shape, size, root, fanout, r);
    t.parent.push_back(n.parent);
    t.children.push_back(std::move(n.children));
  }
  return t;
}

int split_binary_half(int size, int root, int rank) {
  check_place(size, root, rank);
  return (shifted(size, root, rank) + 1) % 2;
}

int split_binary_pair(int size, int root, int rank) {
  check_place(size, root, rank);
  return split_binary_half(size, root, rank) == 0 ? (rank + 1) % size : (rank + size - 1) % size;
}

}  // namespace papbench::bcast
