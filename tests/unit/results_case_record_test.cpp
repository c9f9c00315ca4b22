// What identifies a case across files, and how a case is named to humans.

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "results/result_set.hpp"

namespace papbench::results {
namespace {

CaseRecord reduce_case() {
  CaseRecord c;
  c.collective = "reduce";
  c.algorithm = "native";
  c.count = 1024;
  c.dtype = "int";
  c.op = "sum";
  c.root = 0;
  c.pattern = "uniform";
  c.sync_mode = "window";
  c.maxdelay_ns = 50'000'000;
  return c;
}

TEST(CaseRecordLabel, ReadsLikeTheCommandLine) {
  EXPECT_EQ(reduce_case().label(),
            "reduce/native count=1Ki int (4KiB) sum root=0 uniform maxdelay=50ms");
}

// Issue 43: --count 1M and 1Mi were labelled count=1000000 and count=1Mi, and nothing showed
// bytes; a label now shows the count as typed and the block's bytes (count x the type's size).
TEST(CaseRecordLabel, ShowsTheBlocksBytes) {
  CaseRecord c = reduce_case();
  c.count = 1000000;
  EXPECT_NE(c.label().find(" count=1M int (4MB) sum "), std::string::npos) << c.label();
  c.count = 1048576;
  EXPECT_NE(c.label().find(" count=1Mi int (4MiB) sum "), std::string::npos) << c.label();
  c.count = 2000000000;
  EXPECT_NE(c.label().find(" count=2G int (8GB) sum "), std::string::npos) << c.label();
  c.count = 3;
  c.dtype = "double";
  EXPECT_NE(c.label().find(" count=3 double (24B) sum "), std::string::npos) << c.label();
  // A type of unknown size (a captured application's) keeps the label it had.
  c.dtype = "user";
  EXPECT_NE(c.label().find(" count=3 user sum "), std::string::npos) << c.label();
}

TEST(CaseRecordLabel, ShowsWhatDiffersFromTheDefaults) {
  CaseRecord c = reduce_case();
  c.algorithm = "radixk";
  c.params = "k=4";
  c.count = 1000;
  c.root = 3;
  c.compute_ns = 1'500'000;
  c.maxdelay_ns = 0;
  c.sync_mode = "barrier";
  c.ranks = 8;
  EXPECT_EQ(c.label(),
            "reduce/radixk(k=4) count=1K int (4KB) sum root=3 uniform maxdelay=0 compute=1.5ms "
            "sync=barrier np=8");
  c.op.clear();  // collectives without an operation
  EXPECT_EQ(c.label().find("(4KB)  root"), std::string::npos);
  EXPECT_NE(c.label().find("int (4KB) root=3"), std::string::npos);
}

TEST(CaseRecordMatchKey, IgnoresHowTheCaseWasMeasured) {
  CaseRecord a = reduce_case();
  CaseRecord b = reduce_case();
  b.seed = 99;
  b.iterations = 1000;
  b.warmup = 10;
  b.validated = "fail";
  b.complete = true;
  b.arrival_ns = Matrix(2, 2);
  EXPECT_EQ(a.match_key(), b.match_key());
}

TEST(CaseRecordMatchKey, EveryIdentifyingFieldCounts) {
  const CaseRecord base = reduce_case();
  std::vector<CaseRecord> variants(12, base);
  variants[0].collective = "allreduce";
  variants[1].algorithm = "binomial";
  variants[2].params = "k=2";
  variants[3].count = 2048;
  variants[4].dtype = "double";
  variants[5].op = "max";
  variants[6].root = 1;
  variants[7].pattern = "exponential";
  variants[8].sync_mode = "barrier";
  variants[9].compute_ns = 1;
  variants[10].maxdelay_ns = 1;
  variants[11].ranks = 4;
  std::set<std::string> keys = {base.match_key()};
  for (const CaseRecord& v : variants) keys.insert(v.match_key());
  EXPECT_EQ(keys.size(), variants.size() + 1);
}

TEST(CaseRecordMatchKey, WorkloadKeyLeavesOutOnlyAlgorithmAndParams) {
  const CaseRecord base = reduce_case();
  CaseRecord other = base;
  other.algorithm = "clairvoyant";
  other.params = "segments=4";
  EXPECT_EQ(base.workload_key(), other.workload_key());
  EXPECT_NE(base.match_key(), other.match_key());
  std::vector<CaseRecord> variants(10, base);
  variants[0].collective = "allreduce";
  variants[1].count = 2048;
  variants[2].dtype = "double";
  variants[3].op = "max";
  variants[4].root = 1;
  variants[5].pattern = "exponential";
  variants[6].sync_mode = "barrier";
  variants[7].compute_ns = 1;
  variants[8].maxdelay_ns = 1;
  variants[9].ranks = 4;
  std::set<std::string> keys = {base.workload_key()};
  for (const CaseRecord& v : variants) keys.insert(v.workload_key());
  EXPECT_EQ(keys.size(), variants.size() + 1);
}

TEST(CaseRecordMatchKey, SeparatorsInsideValuesCannotForgeAKey) {
  CaseRecord a = reduce_case();
  CaseRecord b = reduce_case();
  a.params = "x|algorithm=native";
  b.params = "x";
  b.algorithm = "native|algorithm=native";
  EXPECT_NE(a.match_key(), b.match_key());
}

}  // namespace
}  // namespace papbench::results
