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

TEST(BufferMemory, NodeMemoryIsReadFromThisMachine) {
  const NodeMemory mem = node_memory_available();
  EXPECT_GT(mem.available_bytes, 0U);
  EXPECT_FALSE(mem.source.empty());
}

}  // namespace
}  // namespace papbench
