// The node-shared waits' progress hook (collectives/core/node_shared.hpp): a wait calls its
// progress callable between looks at its word, also once it yields the core, until the word is
// done; so the landing ranks of dynleader-os keep entering MPI while they wait (docs/ALGORITHMS.md,
// Decision: one-sided dynamic leaders, Progress). No MPI_Init: no MPI call is made.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>

#include "collectives/core/node_shared.hpp"

namespace papbench {
namespace {

TEST(SpinProgress, ProgressRunsBetweenLooksUntilTheWordIsDone) {
  std::uint64_t value = 0;
  const std::atomic_ref<std::uint64_t> word(value);
  int calls = 0;
  // Past the backoff's spinning rounds, into its yielding ones.
  constexpr int kCallsUntilDone = 1000;
  const auto progress = [&] {
    if (++calls == kCallsUntilDone) word.store(7, std::memory_order_release);
  };
  EXPECT_EQ(spin_until(
                word, [](std::uint64_t v) { return v >= 7; }, progress),
            7u);
  EXPECT_EQ(calls, kCallsUntilDone);
}

TEST(SpinProgress, NoProgressWhenTheWordIsAlreadyDone) {
  std::uint64_t value = 3;
  const std::atomic_ref<std::uint64_t> word(value);
  int calls = 0;
  EXPECT_EQ(spin_until(
                word, [](std::uint64_t v) { return v == 3; }, [&] { ++calls; }),
            3u);
  EXPECT_EQ(calls, 0);
  // Without a progress communicator the buffers' waits only spin: no MPI call, none initialised.
  EXPECT_EQ(wait_at_least(word, 2, MPI_COMM_NULL), 3u);
  EXPECT_EQ(wait_for_value(word, 3), 3u);
}

}  // namespace
}  // namespace papbench
