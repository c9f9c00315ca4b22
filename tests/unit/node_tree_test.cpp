// The tree between nodes of the hierarchical reduce and bcast (collectives/core/node_tree.hpp):
// MPICH's binomial shape and the k-ary shape, relative to the root's node (pure).
#include "collectives/core/node_tree.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace papbench {
namespace {

using Children = std::vector<int>;

TEST(NodeTree, BinomialFromNodeZeroIsMpichs) {
  const NodeTree t(8, 0, 0);
  EXPECT_EQ(t.parent(0), -1);
  EXPECT_EQ(t.children(0), (Children{1, 2, 4}));
  EXPECT_EQ(t.children(4), (Children{5, 6}));
  EXPECT_EQ(t.children(6), (Children{7}));
  EXPECT_EQ(t.parent(7), 6);
  EXPECT_EQ(t.parent(5), 4);
  EXPECT_TRUE(t.children(7).empty());
}

TEST(NodeTree, BinomialRelativeToTheRootsNode) {
  const NodeTree t(5, 3, 0);  // relative ids: node 3 -> 0, 4 -> 1, 0 -> 2, 1 -> 3, 2 -> 4
  EXPECT_EQ(t.parent(3), -1);
  EXPECT_EQ(t.children(3), (Children{4, 0, 2}));
  EXPECT_EQ(t.children(0), (Children{1}));
  EXPECT_EQ(t.parent(2), 3);
}

TEST(NodeTree, KaryHasAtMostKChildren) {
  const NodeTree t(7, 0, 2);
  EXPECT_EQ(t.children(0), (Children{1, 2}));
  EXPECT_EQ(t.children(1), (Children{3, 4}));
  EXPECT_EQ(t.children(2), (Children{5, 6}));
  EXPECT_EQ(t.parent(6), 2);
}

TEST(NodeTree, EveryNodeButTheRootHasOneParentListingIt) {
  for (int nodes = 1; nodes <= 13; ++nodes) {
    for (int kdeg : {0, 2, 3, 5}) {
      for (int root = 0; root < nodes; ++root) {
        const NodeTree t(nodes, root, kdeg);
        int listed = 0;
        for (int n = 0; n < nodes; ++n) {
          for (const int c : t.children(n)) {
            EXPECT_EQ(t.parent(c), n);
            ++listed;
          }
          if (n != root) {
            EXPECT_GE(t.parent(n), 0);
          }
        }
        EXPECT_EQ(listed, nodes - 1);
      }
    }
  }
}

TEST(NodeTree, RefusesBadShapes) {
  EXPECT_THROW(NodeTree(0, 0, 0), std::invalid_argument);
  EXPECT_THROW(NodeTree(4, 4, 0), std::invalid_argument);
  EXPECT_THROW(NodeTree(4, 0, 1), std::invalid_argument);
}

}  // namespace
}  // namespace papbench
