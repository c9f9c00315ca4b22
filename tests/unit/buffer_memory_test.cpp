#include "bench/buffer_memory.hpp"

#include <gtest/gtest.h>

#include <string>

namespace papbench {
namespace {

BufferNeed need(std::uint64_t node_bytes) {
  return {"allreduce", "double", 2000000000, 32000000000, node_bytes, 2, "node7"};
}

TEST(BufferMemory, FitsUpToTheAvailableByte) {
  const NodeMemory mem{64000000000, "test"};
  EXPECT_FALSE(buffer_memory_refusal(need(64000000000), mem));
  EXPECT_FALSE(buffer_memory_refusal(need(1), mem));
}

TEST(BufferMemory, RefusalNamesCountBytesNeededAndAvailable) {
  const auto why = buffer_memory_refusal(need(64000000001), NodeMemory{64000000000, "test"});
  ASSERT_TRUE(why);
  for (const std::string part :
       {"--count 2000000000", "double buffers of allreduce", "need 64000000001 bytes",
        "node node7 (2 rank(s) there, the largest 32000000000 bytes", "64000000000 bytes",
        "available (test)"}) {
    EXPECT_NE(why->find(part), std::string::npos) << part << " missing in: " << *why;
  }
}

// --order interleaved: the bytes are a group's, and the message says so and names the way out.
TEST(BufferMemory, RefusalOfAGroupNamesItsCasesAndSequentialOrder) {
  BufferNeed group = need(64000000001);
  group.cases_at_once = 3;
  const auto why = buffer_memory_refusal(group, NodeMemory{64000000000, "test"});
  ASSERT_TRUE(why);
  for (const std::string part :
       {"double buffers of 3 cases run together (--order) of allreduce", "--order sequential"}) {
    EXPECT_NE(why->find(part), std::string::npos) << part << " missing in: " << *why;
  }
  const auto alone = buffer_memory_refusal(need(64000000001), NodeMemory{64000000000, "test"});
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->find("--order"), std::string::npos) << *alone;
}

TEST(BufferMemory, NodeMemoryIsReadFromThisMachine) {
  const NodeMemory mem = node_memory_available();
  EXPECT_GT(mem.available_bytes, 0U);
  EXPECT_FALSE(mem.source.empty());
}

}  // namespace
}  // namespace papbench
