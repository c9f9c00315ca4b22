// The piece and subgroup arithmetic of the intergroup algorithms (collectives/core/
// intergroup_parts.hpp): the worked examples of [Kang2019] Fig. 2 and §4.1, exact tiling for
// every small case (including k < g, which gives empty pieces), and 64-bit sizes.

#include "collectives/core/intergroup_parts.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>

namespace papbench::intergroup {
namespace {

TEST(IntergroupParts, Fig2SubgroupsOfEightOverThree) {
  const Subgroups s{8, 3};
  EXPECT_EQ(s.start(0), 0);
  EXPECT_EQ(s.size(0), 3);
  EXPECT_EQ(s.start(1), 3);
  EXPECT_EQ(s.size(1), 3);
  EXPECT_EQ(s.start(2), 6);
  EXPECT_EQ(s.size(2), 2);
  EXPECT_EQ(s.owner(5), 1);
  EXPECT_EQ(s.owner(6), 2);
}

TEST(IntergroupParts, Algorithm2WorkedExamplePieces) {
  // K_A = 20 over q = 3 receivers: [0,7), [7,14), [14,20); a_1's block [2,9) spans b_0 and b_1.
  EXPECT_EQ(piece(20, 3, 0).offset, 0);
  EXPECT_EQ(piece(20, 3, 0).size, 7);
  EXPECT_EQ(piece(20, 3, 1).offset, 7);
  EXPECT_EQ(piece(20, 3, 2).offset, 14);
  EXPECT_EQ(piece(20, 3, 2).size, 6);
  EXPECT_EQ(piece_of(20, 3, 2), 0);
  EXPECT_EQ(piece_of(20, 3, 8), 1);
  EXPECT_EQ(piece_of(20, 3, 14), 2);
}

TEST(IntergroupParts, PiecesTileEveryBlockAndPieceOfInvertsThem) {
  for (std::int64_t k = 0; k <= 40; ++k) {
    for (std::int64_t g = 1; g <= 12; ++g) {
      std::int64_t at = 0;
      for (std::int64_t t = 0; t < g; ++t) {
        const Piece pc = piece(k, g, t);
        EXPECT_EQ(pc.offset, at) << k << " " << g << " " << t;
        EXPECT_GE(pc.size, k / g);
        EXPECT_LE(pc.size, k / g + 1);
        for (std::int64_t x = pc.offset; x < pc.offset + pc.size; ++x) {
          EXPECT_EQ(piece_of(k, g, x), t) << k << " " << g << " " << x;
        }
        at += pc.size;
      }
      EXPECT_EQ(at, k);
    }
  }
}

TEST(IntergroupParts, SixtyFourBitSizes) {
  const std::int64_t k = (std::int64_t{1} << 40) + 5;  // beyond any int
  const std::int64_t g = 7;
  const Piece last = piece(k, g, g - 1);
  EXPECT_EQ(last.offset + last.size, k);
  EXPECT_EQ(piece_of(k, g, k - 1), g - 1);
  EXPECT_EQ(piece_of(k, g, piece(k, g, 3).offset), 3);
  EXPECT_THROW(as_count(k), std::overflow_error);
}

}  // namespace
}  // namespace papbench::intergroup
