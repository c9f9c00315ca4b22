#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

TEST(Registry, EveryCollectiveHasAnAlgorithmAndEveryAlgorithmACollective) {
  for (const auto& c : collective_table()) {
    EXPECT_FALSE(algorithms_of(c.name).empty()) << c.name << " has no algorithm";
    EXPECT_NE(find_algorithm(c.name, "native"), nullptr) << c.name << " has no native baseline";
  }
  for (const auto& a : algorithm_registry()) {
    EXPECT_NE(find_collective(a.collective), nullptr)
        << a.collective << "/" << a.name << " names an unknown collective";
  }
}

TEST(Registry, RowsAreUniqueAndComplete) {
  std::set<std::pair<std::string_view, std::string_view>> seen;
  for (const auto& a : algorithm_registry()) {
    EXPECT_TRUE(seen.insert({a.collective, a.name}).second)
        << "duplicate " << a.collective << "/" << a.name;
    EXPECT_FALSE(a.name.empty());
    EXPECT_FALSE(a.summary.empty()) << a.collective << "/" << a.name;
    EXPECT_FALSE(a.source.empty()) << a.collective << "/" << a.name;
    ASSERT_TRUE(a.make) << a.collective << "/" << a.name;
    EXPECT_NE(a.make({}), nullptr) << a.collective << "/" << a.name;
  }
}

TEST(Registry, RowsOfACollectiveAreContiguousInTableOrder) {
  // The table is read top to bottom; interleaved collectives would hide algorithms from a reader.
  std::set<std::string_view> finished;
  std::string_view current;
  for (const auto& a : algorithm_registry()) {
    if (a.collective != current) {
      EXPECT_TRUE(finished.insert(a.collective).second) << a.collective << " rows are split";
      current = a.collective;
    }
  }
}

TEST(Registry, FindAlgorithmAndAlgorithmsOf) {
  const AlgorithmInfo* a = find_algorithm("reduce", "native");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->collective, "reduce");
  EXPECT_EQ(a->name, "native");
  EXPECT_EQ(a->summary, "the MPI library's MPI_Reduce");
  EXPECT_EQ(a->source, "MPI standard; library default algorithm");
  EXPECT_EQ(find_algorithm("reduce", "nope"), nullptr);
  EXPECT_EQ(find_algorithm("nope", "native"), nullptr);
  EXPECT_TRUE(algorithms_of("nope").empty());

  const auto names = algorithms_of("intergroup_allgatherv");
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.front(), "native");
  // algorithms_of keeps table order.
  std::vector<std::string_view> in_table;
  for (const auto& row : algorithm_registry()) {
    if (row.collective == "reduce") in_table.push_back(row.name);
  }
  EXPECT_EQ(algorithms_of("reduce"), in_table);
}

TEST(Registry, NativeAlgorithmsRefuseOptions) {
  for (const auto& a : algorithm_registry()) {
    if (a.name != "native") continue;
    EXPECT_THROW(a.make({{"radix", "4"}}), UsageError) << a.collective;
  }
}

}  // namespace
}  // namespace papbench
