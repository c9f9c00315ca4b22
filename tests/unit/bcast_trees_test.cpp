// Open MPI 3.1's bcast trees ([OpenMPI] coll_base_topo.c, v3.1.6) and segment rules: small trees
// derived by hand from the builders, and structural invariants for every P up to a few hundred
// and every root.

#include <gtest/gtest.h>

#include <algorithm>
#include <queue>
#include <vector>

#include "collectives/bcast/ompi_trees.hpp"
#include "collectives/bcast/segmentation.hpp"

namespace papbench::bcast {
namespace {

using Children = std::vector<std::vector<int>>;

// The tree of root 0 mapped to root `root`: Open MPI builds every tree on shifted ranks.
Children rotate(const Children& c, int root) {
  const int p = static_cast<int>(c.size());
  Children out(c.size());
  for (int s = 0; s < p; ++s) {
    for (const int child : c[static_cast<std::size_t>(s)]) {
      out[static_cast<std::size_t>((s + root) % p)].push_back((child + root) % p);
    }
  }
  return out;
}

TEST(BcastTrees, BinaryMatchesOpenMpiExample) {
  // coll_base_topo.c's own picture for fanout 2, P = 7.
  const Tree t = whole_tree(TreeShape::kKary, 7, 0, 2);
  EXPECT_EQ(t.children, (Children{{1, 2}, {3, 5}, {4, 6}, {}, {}, {}, {}}));
  EXPECT_EQ(t.parent, (std::vector<int>{-1, 0, 0, 1, 2, 1, 2}));
  // P = 10: level 3 starts at 7 with delta 8, so only 7 -> 15 would exist: 3 -> {7}, 4 -> {8},
  // 5 -> {9}.
  EXPECT_EQ(whole_tree(TreeShape::kKary, 10, 0, 2).children,
            (Children{{1, 2}, {3, 5}, {4, 6}, {7}, {8}, {9}, {}, {}, {}, {}}));
}

TEST(BcastTrees, BinomialMatchesOpenMpiOrder) {
  // Children v ^ mask, smallest mask first: the root sends to 1 first (largest subtree).
  const Tree t = whole_tree(TreeShape::kBinomial, 8, 0, 0);
  EXPECT_EQ(t.children, (Children{{1, 2, 4}, {3, 5}, {6}, {7}, {}, {}, {}, {}}));
  EXPECT_EQ(t.parent, (std::vector<int>{-1, 0, 0, 1, 0, 1, 2, 3}));
  EXPECT_EQ(whole_tree(TreeShape::kBinomial, 6, 0, 0).children,
            (Children{{1, 2, 4}, {3, 5}, {}, {}, {}, {}}));
  // Root 2 of 5: shifted 0 -> {1, 2, 4}, 1 -> {3} mapped by +2 mod 5.
  EXPECT_EQ(whole_tree(TreeShape::kBinomial, 5, 2, 0).children,
            (Children{{}, {}, {3, 4, 1}, {0}, {}}));
}

TEST(BcastTrees, KchainMatchesOpenMpiLayout) {
  // P = 10, K = 4: P-1 = 9 = 2*4 + 1, so mark = 1: chains [1,2,3], [4,5], [6,7], [8,9].
  const Tree t = whole_tree(TreeShape::kChain, 10, 0, 4);
  EXPECT_EQ(t.children, (Children{{1, 4, 6, 8}, {2}, {3}, {}, {5}, {}, {7}, {}, {9}, {}}));
  EXPECT_EQ(t.parent, (std::vector<int>{-1, 0, 1, 2, 0, 4, 0, 6, 0, 8}));
  // P = 9, K = 4: 8 = 2*4, all chains of 2 (mark = K + 1).
  EXPECT_EQ(whole_tree(TreeShape::kChain, 9, 0, 4).children,
            (Children{{1, 3, 5, 7}, {2}, {}, {4}, {}, {6}, {}, {8}, {}}));
  // P = 12, K = 4: 11 = 2*4 + 3: chains [1,2,3], [4,5,6], [7,8,9], [10,11].
  EXPECT_EQ(whole_tree(TreeShape::kChain, 12, 0, 4).children[0], (std::vector<int>{1, 4, 7, 10}));
  // P-1 < K: K becomes P-1, every chain one rank long.
  EXPECT_EQ(whole_tree(TreeShape::kChain, 3, 0, 4).children, (Children{{1, 2}, {}, {}}));
  EXPECT_EQ(whole_tree(TreeShape::kChain, 5, 0, 4).children,
            (Children{{1, 2, 3, 4}, {}, {}, {}, {}}));
  // Root 7 of 10: the same layout on shifted ranks.
  EXPECT_EQ(whole_tree(TreeShape::kChain, 10, 7, 4).children,
            rotate(whole_tree(TreeShape::kChain, 10, 0, 4).children, 7));
  EXPECT_EQ(whole_tree(TreeShape::kChain, 10, 7, 4).children[7], (std::vector<int>{8, 1, 3, 5}));
}

TEST(BcastTrees, PipelineAndFlat) {
  EXPECT_EQ(whole_tree(TreeShape::kChain, 4, 2, 1).children, (Children{{1}, {}, {3}, {0}}));
  EXPECT_EQ(whole_tree(TreeShape::kChain, 4, 2, 1).parent, (std::vector<int>{3, 0, -1, 2}));
  // basic_linear sends in increasing real rank order, not shifted order.
  EXPECT_EQ(whole_tree(TreeShape::kFlat, 4, 2, 0).children, (Children{{}, {}, {0, 1, 3}, {}}));
  EXPECT_EQ(whole_tree(TreeShape::kFlat, 4, 2, 0).parent, (std::vector<int>{2, 2, -1, 2}));
}

TEST(BcastTrees, OneRank) {
  for (const TreeShape s :
       {TreeShape::kFlat, TreeShape::kChain, TreeShape::kKary, TreeShape::kBinomial}) {
    const Tree t = whole_tree(s, 1, 0, 2);
    EXPECT_EQ(t.parent, (std::vector<int>{-1}));
    EXPECT_EQ(t.children, (Children{{}}));
  }
}

TEST(BcastTrees, RefusesOutOfRange) {
  EXPECT_THROW(tree_node(TreeShape::kKary, 4, 0, 1, 0), std::invalid_argument);
  EXPECT_THROW(tree_node(TreeShape::kChain, 4, 0, kMaxTreeFanout + 1, 0), std::invalid_argument);
  EXPECT_THROW(tree_node(TreeShape::kChain, 4, 4, 1, 0), std::invalid_argument);
  EXPECT_THROW(tree_node(TreeShape::kBinomial, 4, 0, 0, -1), std::invalid_argument);
  EXPECT_THROW(whole_tree(TreeShape::kBinomial, 0, 0, 0), std::invalid_argument);
}

// Depth of every rank (edges from the root), checking on the way that the children lists and
// parents agree and that a walk from the root meets every rank exactly once.
std::vector<int> checked_depths(const Tree& t, int root) {
  const int p = static_cast<int>(t.parent.size());
  std::vector<int> depth(static_cast<std::size_t>(p), -1);
  EXPECT_EQ(t.parent[static_cast<std::size_t>(root)], -1);
  std::queue<int> q;
  q.push(root);
  depth[static_cast<std::size_t>(root)] = 0;
  int reached = 1;
  while (!q.empty()) {
    const int v = q.front();
    q.pop();
    for (const int c : t.children[static_cast<std::size_t>(v)]) {
      EXPECT_TRUE(c >= 0 && c < p) << c;
      if (c < 0 || c >= p) continue;
      EXPECT_EQ(t.parent[static_cast<std::size_t>(c)], v) << "child " << c << " of " << v;
      EXPECT_EQ(depth[static_cast<std::size_t>(c)], -1) << "rank " << c << " reached twice";
      if (depth[static_cast<std::size_t>(c)] != -1) continue;
      depth[static_cast<std::size_t>(c)] = depth[static_cast<std::size_t>(v)] + 1;
      ++reached;
      q.push(c);
    }
  }
  EXPECT_EQ(reached, p);
  return depth;
}

int floor_log2(int p) {
  int l = 0;
  while ((2 << l) <= p) ++l;
  return l;
}
int ceil_log2(int p) {
  int l = 0;
  while ((1 << l) < p) ++l;
  return l;
}

TEST(BcastTrees, InvariantsForEveryRankCountAndRoot) {
  const std::vector<int> sizes = [] {
    std::vector<int> s;
    for (int p = 1; p <= 130; ++p) s.push_back(p);
    for (const int p : {255, 256, 257, 300, 333}) s.push_back(p);
    return s;
  }();
  for (const int p : sizes) {
    const Tree binomial0 = whole_tree(TreeShape::kBinomial, p, 0, 0);
    const Tree binary0 = whole_tree(TreeShape::kKary, p, 0, 2);
    for (int root = 0; root < p; ++root) {
      SCOPED_TRACE(::testing::Message() << "P=" << p << " root=" << root);
      const Tree flat = whole_tree(TreeShape::kFlat, p, root, 0);
      const auto flat_depth = checked_depths(flat, root);
      EXPECT_EQ(*std::max_element(flat_depth.begin(), flat_depth.end()), p > 1 ? 1 : 0);
      EXPECT_TRUE(std::is_sorted(flat.children[static_cast<std::size_t>(root)].begin(),
                                 flat.children[static_cast<std::size_t>(root)].end()));

      const Tree chain = whole_tree(TreeShape::kChain, p, root, 1);
      const auto chain_depth = checked_depths(chain, root);
      EXPECT_EQ(*std::max_element(chain_depth.begin(), chain_depth.end()), p - 1);

      const Tree binomial = whole_tree(TreeShape::kBinomial, p, root, 0);
      const auto bdepth = checked_depths(binomial, root);
      EXPECT_EQ(*std::max_element(bdepth.begin(), bdepth.end()), floor_log2(p));
      EXPECT_EQ(static_cast<int>(binomial.children[static_cast<std::size_t>(root)].size()),
                ceil_log2(p));
      EXPECT_EQ(binomial.children, rotate(binomial0.children, root));

      const Tree binary = whole_tree(TreeShape::kKary, p, root, 2);
      const auto ydepth = checked_depths(binary, root);
      EXPECT_EQ(*std::max_element(ydepth.begin(), ydepth.end()), floor_log2(p));
      EXPECT_EQ(binary.children, rotate(binary0.children, root));
      for (int r = 0; r < p; ++r) {
        EXPECT_LE(binary.children[static_cast<std::size_t>(r)].size(), 2U);
        // Split-binary's halves: a subtree of the root's child i carries half i; the root is 1.
        const int s = (r - root + p) % p;
        int top = r;  // the root's child above r
        while (top != root && binary.parent[static_cast<std::size_t>(top)] != root) {
          top = binary.parent[static_cast<std::size_t>(top)];
        }
        const int half = split_binary_half(p, root, r);
        if (r == root) {
          EXPECT_EQ(half, 1);
          continue;
        }
        const auto& heads = binary.children[static_cast<std::size_t>(root)];
        EXPECT_EQ(half, top == heads[0] ? 0 : 1) << "rank " << r;
        EXPECT_EQ(half, s % 2 == 1 ? 0 : 1);
        // The exchange pairs s and s+1 (s odd); with P even the last has the root instead.
        if (p % 2 == 0 && s == p - 1) continue;
        const int pair = split_binary_pair(p, root, r);
        EXPECT_NE(pair, root);
        EXPECT_EQ(split_binary_pair(p, root, pair), r);
        EXPECT_NE(split_binary_half(p, root, pair), half);
      }

      for (const int k : {2, 3, 4, 5, 8, 32}) {
        SCOPED_TRACE(::testing::Message() << "K=" << k);
        const Tree kc = whole_tree(TreeShape::kChain, p, root, k);
        const auto kdepth = checked_depths(kc, root);
        const int chains = std::min(k, p - 1);
        EXPECT_EQ(static_cast<int>(kc.children[static_cast<std::size_t>(root)].size()),
                  std::max(chains, 0));
        if (p == 1) continue;
        // ceil((P-1)/K) deep, not the floor of [Nuriyev2022] §3; longer chains come first.
        EXPECT_EQ(*std::max_element(kdepth.begin(), kdepth.end()), (p - 1 + chains - 1) / chains);
        int previous = p;
        for (const int head : kc.children[static_cast<std::size_t>(root)]) {
          int length = 0;
          for (int v = head;; ++length) {
            const auto& c = kc.children[static_cast<std::size_t>(v)];
            ASSERT_LE(c.size(), 1U);
            if (c.empty()) {
              ++length;
              break;
            }
            EXPECT_EQ(c[0], (v + 1) % p);
            v = c[0];
          }
          EXPECT_LE(length, previous);
          EXPECT_GE(length, (p - 1) / chains);
          previous = length;
        }
      }
    }
  }
}

TEST(BcastSegments, OpenMpiSegcountRule) {
  // segsize / typesize, plus one when the rest exceeds half an element.
  EXPECT_EQ(segment_elements(8192, 1, 100000), 8192U);
  EXPECT_EQ(segment_elements(8192, 8, 100000), 1024U);
  EXPECT_EQ(segment_elements(100, 8, 1000), 12U);  // 100 = 12*8 + 4: 4 is not above 4
  EXPECT_EQ(segment_elements(101, 8, 1000), 13U);  // 101 = 12*8 + 5
  EXPECT_EQ(segment_elements(10, 4, 1000), 2U);    // rest 2 = half: not rounded up
  EXPECT_EQ(segment_elements(11, 4, 1000), 3U);
  // No segmentation: below one element (0 among them) or not below the message.
  EXPECT_EQ(segment_elements(0, 4, 1000), 1000U);
  EXPECT_EQ(segment_elements(3, 4, 1000), 1000U);
  EXPECT_EQ(segment_elements(4000, 4, 1000), 1000U);
  EXPECT_EQ(segment_elements(3999, 4, 1000), 1000U);  // 999 elements + 3 bytes rounds to 1000
  EXPECT_EQ(segment_total(1000, 12), 84U);
  EXPECT_EQ(segment_total(1000, 1000), 1U);
  EXPECT_EQ(segment_total(0, 0), 0U);
}

TEST(BcastSegments, SplitBinaryPlan) {
  // 16 KiB in bytes with 8 KiB segments: halves of exactly one segment, no fallback
  // ([Nuriyev2022] §4.7's smallest size).
  SplitPlan p = split_binary_plan(16384, 1, 8192);
  EXPECT_FALSE(p.fallback);
  EXPECT_EQ(p.counts, (std::array<std::size_t, 2>{8192, 8192}));
  EXPECT_EQ(p.segments, (std::array<std::size_t, 2>{1, 1}));
  // One byte less: the second half is below a segment, so the pipeline runs instead.
  EXPECT_TRUE(split_binary_plan(16383, 1, 8192).fallback);
  // Odd counts: the first half is the larger; no rounding of segcount here (100/8 = 12).
  p = split_binary_plan(1001, 8, 100);
  EXPECT_FALSE(p.fallback);
  EXPECT_EQ(p.counts, (std::array<std::size_t, 2>{501, 500}));
  EXPECT_EQ(p.segcount, (std::array<std::size_t, 2>{12, 12}));
  EXPECT_EQ(p.segments, (std::array<std::size_t, 2>{42, 42}));
  // segsize below one element is raised to one element.
  p = split_binary_plan(10, 8, 3);
  EXPECT_EQ(p.segsize, 8U);
  EXPECT_EQ(p.segcount[0], 1U);
  EXPECT_FALSE(p.fallback);
  // segsize 0: each half one segment; only an empty half falls back.
  p = split_binary_plan(7, 4, 0);
  EXPECT_FALSE(p.fallback);
  EXPECT_EQ(p.segments, (std::array<std::size_t, 2>{1, 1}));
  EXPECT_EQ(p.segcount, (std::array<std::size_t, 2>{4, 3}));
  EXPECT_TRUE(split_binary_plan(1, 4, 0).fallback);
}

}  // namespace
}  // namespace papbench::bcast
