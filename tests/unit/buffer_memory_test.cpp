#include "bench/run/buffer_memory.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "bench/run/call_watchdog.hpp"
#include "collectives/core/workload.hpp"
#include "common/datatype_size.hpp"

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
       {"--count 2G: the buffers of allreduce with blocks of 2G double (16GB)",
        "(send, receive and the algorithms' scratch) need 64000000001 bytes",
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
       {"buffers of 3 cases run together (--order) of allreduce", "--order sequential"}) {
    EXPECT_NE(why->find(part), std::string::npos) << part << " missing in: " << *why;
  }
  const auto alone = buffer_memory_refusal(need(64000000001), NodeMemory{64000000000, "test"});
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->find("--order"), std::string::npos) << *alone;
}

// The sizes a label shows (common/datatype_size.hpp) are those the workload allocates.
TEST(BufferMemory, LabelSizesAreTheWorkloadsTypeSizes) {
  for (const DatatypeInfo& d : datatype_table()) {
    EXPECT_EQ(datatype_size(d.name), d.size) << d.name;
  }
}

// Set-up's own limit grows with what the node fills (issue 43: 16 GB of buffers met the call's
// 60 s limit while being filled), and does not depend on --call-timeout.
TEST(BufferMemory, SetupLimitGrowsWithTheBytesFilled) {
  EXPECT_EQ(case_setup_timeout_ns(0), kSetupFloorNs);
  EXPECT_EQ(case_setup_timeout_ns(1), kSetupFloorNs + kSetupNsPerGiB);
  EXPECT_EQ(case_setup_timeout_ns(1ULL << 30), kSetupFloorNs + kSetupNsPerGiB);
  // 2G ints at 2 ranks: about 56 GB of buffers and scratch, 53 GiB: 590 s.
  EXPECT_EQ(case_setup_timeout_ns(56'000'000'000), kSetupFloorNs + 53 * kSetupNsPerGiB);
  EXPECT_GT(case_setup_timeout_ns(UINT64_MAX), 0);
}

TEST(BufferMemory, NodeMemoryIsReadFromThisMachine) {
  const NodeMemory mem = node_memory_available();
  EXPECT_GT(mem.available_bytes, 0U);
  EXPECT_FALSE(mem.source.empty());
}

}  // namespace
}  // namespace papbench
