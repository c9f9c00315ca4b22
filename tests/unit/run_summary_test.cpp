// The table a papbench run ends with (bench/run/run_summary.cpp).
#include "bench/run/run_summary.hpp"

#include <gtest/gtest.h>

#include <string>

namespace papbench {
namespace {

// Only what its label shows: the table's medians of a record without iterations read "-".
results::CaseRecord record(const std::string& sync) {
  results::CaseRecord r;
  r.collective = "reduce";
  r.algorithm = "native";
  r.sync_mode = sync;
  return r;
}

// An A/A run (--sync window,window) has two cases whose labels say the same: the table numbers
// them in file order, so its rows can be told apart; a label of its own stays as it is.
TEST(RunSummary, NumbersCasesWhoseLabelsRepeat) {
  const std::string window = record("window").label(), barrier = record("barrier").label();
  ASSERT_NE(window, barrier);
  const std::string table =
      summary_table({record("window"), record("barrier"), record("window")}, "aa.h5");
  EXPECT_NE(table.find(window + " #1 "), std::string::npos) << table;
  EXPECT_NE(table.find(window + " #2 "), std::string::npos) << table;
  EXPECT_LT(table.find(window + " #1 "), table.find(window + " #2 ")) << table;
  EXPECT_NE(table.find(barrier + " "), std::string::npos) << table;
  EXPECT_EQ(table.find(barrier + " #"), std::string::npos) << table;
}

}  // namespace
}  // namespace papbench
