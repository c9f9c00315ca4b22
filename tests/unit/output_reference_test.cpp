// --buffers warm's reference (bench/run/output_reference.hpp): a later output passes the fast
// comparison only where every checked block equals the kept one byte for byte; anything else
// (a changed element, a poisoned block end the call did not overwrite, no reference yet) goes to
// the full check.
#include "bench/run/output_reference.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace papbench {
namespace {

// Two checked blocks of int in a receive buffer of 12: elements 1-4 and 8-10 (a gap between,
// and one unchecked element at each end).
std::vector<layout::Block> reference_blocks() {
  return {{.label = 0, .offset = 1, .len = 4, .src = 0, .src_start = 0},
          {.label = 1, .offset = 8, .len = 3, .src = 1, .src_start = 0}};
}

std::vector<std::int32_t> reference_output() {
  std::vector<std::int32_t> v(12);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<std::int32_t>(100 + i);
  return v;
}

TEST(OutputReference, HoldsTheCheckedBlocksOnly) {
  EXPECT_EQ(OutputReference::bytes(reference_blocks(), sizeof(std::int32_t)),
            7 * sizeof(std::int32_t));
  EXPECT_EQ(OutputReference::bytes({}, 8), 0U);
}

TEST(OutputReference, NothingMatchesBeforeOneIsKept) {
  const OutputReference ref(reference_blocks(), sizeof(std::int32_t));
  EXPECT_FALSE(ref.kept());
  EXPECT_FALSE(ref.matches(reference_output().data()));
}

TEST(OutputReference, MatchesTheSameBytesAndNothingElseInTheBlocks) {
  OutputReference ref(reference_blocks(), sizeof(std::int32_t));
  std::vector<std::int32_t> out = reference_output();
  ref.keep(out.data());
  EXPECT_TRUE(ref.kept());
  EXPECT_TRUE(ref.matches(out.data()));
  // Outside the checked blocks nothing is compared (the full check reads nothing there either).
  out[0] = -1;
  out[6] = -1;
  out[11] = -1;
  EXPECT_TRUE(ref.matches(out.data()));
  // Every element of every block counts: the first, the last and one inside.
  for (const std::size_t i :
       {std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{8}, std::size_t{10}}) {
    std::vector<std::int32_t> wrong = reference_output();
    wrong[i] ^= 1 << 20;
    EXPECT_FALSE(ref.matches(wrong.data())) << "element " << i;
  }
}

TEST(OutputReference, AKeptOutputIsACopy) {
  OutputReference ref(reference_blocks(), sizeof(std::int32_t));
  std::vector<std::int32_t> out = reference_output();
  ref.keep(out.data());
  // A call that left a poisoned block end unwritten (Workload::poison_block_ends) no longer
  // matches: the reference did not follow the buffer.
  out[10] = static_cast<std::int32_t>(0xA5A5A5A5);
  EXPECT_FALSE(ref.matches(out.data()));
  EXPECT_TRUE(ref.matches(reference_output().data()));
}

}  // namespace
}  // namespace papbench
