#include <gtest/gtest.h>

#include <climits>
#include <set>
#include <stdexcept>
#include <string>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/workload.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

template <class Table>
void expect_unique_names(const Table& table) {
  std::set<std::string_view> seen;
  for (const auto& row : table) {
    EXPECT_FALSE(row.name.empty());
    EXPECT_TRUE(seen.insert(row.name).second) << "duplicate name " << row.name;
  }
}

TEST(CollectiveTable, NamesAreUniqueAndFlagsMatchTheCollectives) {
  expect_unique_names(collective_table());
  for (const auto* name : {"reduce", "allreduce", "bcast", "scatter", "gather", "allgather",
                           "allgatherv", "alltoall", "alltoallv", "reduce_scatter", "barrier",
                           "intergroup_allgather", "intergroup_allgatherv"}) {
    const CollectiveInfo* c = find_collective(name);
    ASSERT_NE(c, nullptr) << name;
    EXPECT_EQ(c->name, name);
    EXPECT_FALSE(c->summary.empty());
  }
  for (const auto* name : {"reduce", "bcast", "scatter", "gather"}) {
    EXPECT_TRUE(find_collective(name)->rooted) << name;
  }
  for (const auto* name : {"reduce", "allreduce", "reduce_scatter"}) {
    EXPECT_TRUE(find_collective(name)->uses_op) << name;
  }
  int rooted = 0, with_op = 0, intergroup = 0;
  for (const auto& c : collective_table()) {
    rooted += c.rooted;
    with_op += c.uses_op;
    intergroup += c.intergroup;
    EXPECT_FALSE(c.intergroup && (c.rooted || c.uses_op)) << c.name;
  }
  // The nonblocking collectives take their blocking counterparts' flags (and layouts).
  for (const auto* name :
       {"allreduce", "reduce", "bcast", "allgather", "alltoall", "gather", "scatter"}) {
    const CollectiveInfo* blocking = find_collective(name);
    const CollectiveInfo* nonblocking = find_collective(std::string("i") + name);
    ASSERT_NE(nonblocking, nullptr) << name;
    EXPECT_EQ(nonblocking->rooted, blocking->rooted) << name;
    EXPECT_EQ(nonblocking->uses_op, blocking->uses_op) << name;
    EXPECT_FALSE(nonblocking->intergroup) << name;
  }
  EXPECT_EQ(rooted, 8);   // 4 blocking, their 4 nonblocking counterparts
  EXPECT_EQ(with_op, 5);  // 3 blocking, iallreduce, ireduce
  EXPECT_EQ(intergroup, 2);
  EXPECT_EQ(find_collective("allgatherw"), nullptr);
  EXPECT_EQ(find_collective(""), nullptr);
}

TEST(DatatypeTable, HoldsTheDocumentedTypesWithTheirSizes) {
  expect_unique_names(datatype_table());
  const std::pair<const char*, std::size_t> expected[] = {
      {"int8", 1},   {"uint8", 1},    {"int16", 2},  {"uint16", 2},          {"int", 4},
      {"int32", 4},  {"unsigned", 4}, {"uint32", 4}, {"long", sizeof(long)}, {"int64", 8},
      {"uint64", 8}, {"float", 4},    {"double", 8}};
  EXPECT_EQ(datatype_table().size(), std::size(expected));
  for (const auto& [name, size] : expected) {
    const DatatypeInfo* d = find_datatype(name);
    ASSERT_NE(d, nullptr) << name;
    EXPECT_EQ(d->size, size) << name;
    EXPECT_EQ(d->floating, std::string_view(name) == "float" || std::string_view(name) == "double")
        << name;
  }
  EXPECT_EQ(find_datatype("float")->type, MPI_FLOAT);
  EXPECT_EQ(find_datatype("int64")->type, MPI_INT64_T);
  EXPECT_EQ(find_datatype("char"), nullptr);
}

TEST(OpTable, BitwiseAndLogicalOpsAreIntegerOnly) {
  expect_unique_names(op_table());
  for (const auto* name : {"sum", "prod", "max", "min"}) {
    ASSERT_NE(find_op(name), nullptr) << name;
    EXPECT_FALSE(find_op(name)->integer_only) << name;
  }
  for (const auto* name : {"land", "lor", "lxor", "band", "bor", "bxor"}) {
    ASSERT_NE(find_op(name), nullptr) << name;
    EXPECT_TRUE(find_op(name)->integer_only) << name;
  }
  EXPECT_EQ(find_op("sum")->op, MPI_SUM);
  EXPECT_EQ(find_op("bxor")->op, MPI_BXOR);
  EXPECT_EQ(find_op("maxloc"), nullptr);
  EXPECT_EQ(find_op("replace"), nullptr);

  EXPECT_TRUE(op_applies(*find_op("sum"), *find_datatype("double")));
  EXPECT_TRUE(op_applies(*find_op("band"), *find_datatype("uint8")));
  EXPECT_FALSE(op_applies(*find_op("band"), *find_datatype("float")));
  EXPECT_FALSE(op_applies(*find_op("land"), *find_datatype("double")));
}

TEST(BlockSizes, VariantBlocksAreUnevenAndIncludeZeros) {
  // max(0, count + i % 3 - 1)
  EXPECT_EQ(vblock_count(0, 0), 0u);
  EXPECT_EQ(vblock_count(0, 1), 0u);
  EXPECT_EQ(vblock_count(0, 2), 1u);
  EXPECT_EQ(vblock_count(1, 0), 0u);
  EXPECT_EQ(vblock_count(1, 1), 1u);
  EXPECT_EQ(vblock_count(1, 2), 2u);
  EXPECT_EQ(vblock_count(7, 3), 6u);
  EXPECT_EQ(vblock_count(7, 5), 8u);
  // max(0, count + (i + 2 j) % 3 - 1)
  EXPECT_EQ(alltoallv_block_count(0, 0, 0), 0u);
  EXPECT_EQ(alltoallv_block_count(0, 0, 1), 1u);  // (0 + 2) % 3 = 2
  EXPECT_EQ(alltoallv_block_count(5, 1, 0), 5u);  // (1 + 0) % 3 = 1
  EXPECT_EQ(alltoallv_block_count(5, 1, 1), 4u);  // (1 + 2) % 3 = 0
  EXPECT_EQ(alltoallv_block_count(5, 2, 2), 4u);  // (2 + 4) % 3 = 0
  EXPECT_EQ(alltoallv_block_count(5, 0, 1), 6u);  // (0 + 2) % 3 = 2
  // --dist every-other ([Parsons2015] §2.5): one int shorter where from + to is odd, never < 0.
  const BlockDist eo = BlockDist::kEveryOther;
  EXPECT_EQ(alltoallv_block_count(5, 0, 0, eo), 5u);
  EXPECT_EQ(alltoallv_block_count(5, 0, 1, eo), 4u);
  EXPECT_EQ(alltoallv_block_count(5, 1, 0, eo), 4u);
  EXPECT_EQ(alltoallv_block_count(5, 3, 5, eo), 5u);
  EXPECT_EQ(alltoallv_block_count(0, 0, 1, eo), 0u);
  EXPECT_EQ(parse_block_dist("every-other"), eo);
  EXPECT_EQ(block_dist_name(eo), "every-other");
}

TEST(CountAsInt, RefusesWhatAnIntCannotHold) {
  EXPECT_EQ(count_as_int(0, "n"), 0);
  EXPECT_EQ(count_as_int(INT_MAX, "n"), INT_MAX);
  EXPECT_THROW(count_as_int(std::size_t{INT_MAX} + 1, "n"), std::overflow_error);
  try {
    count_as_int(std::size_t{1} << 40, "reduce count");
    FAIL() << "no exception";
  } catch (const std::overflow_error& e) {
    EXPECT_NE(std::string(e.what()).find("reduce count"), std::string::npos) << e.what();
  }
}

// --groups p:q itself is parsed with the run's options (run_options_test, RunOptions.Groups).
TEST(Groups, Default) {
  EXPECT_EQ(default_groups(8).p, 4);
  EXPECT_EQ(default_groups(8).q, 4);
  EXPECT_EQ(default_groups(7).p, 4);  // the paper's q <= p
  EXPECT_EQ(default_groups(7).q, 3);
}

}  // namespace
}  // namespace papbench
