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

// reduce_case() with each identifying field changed alone; the first two (algorithm and params)
// are the ones the workload key leaves out.
std::vector<CaseRecord> field_variants() {
  std::vector<CaseRecord> v(12, reduce_case());
  v[0].algorithm = "binomial";
  v[1].params = "k=2";
  v[2].collective = "allreduce";
  v[3].count = 2048;
  v[4].dtype = "double";
  v[5].op = "max";
  v[6].root = 1;
  v[7].pattern = "exponential";
  v[8].sync_mode = "barrier";
  v[9].compute_ns = 1;
  v[10].maxdelay_ns = 1;
  v[11].ranks = 4;
  return v;
}

TEST(CaseRecordMatchKey, EveryIdentifyingFieldCounts) {
  const CaseRecord base = reduce_case();
  const std::vector<CaseRecord> variants = field_variants();
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
  const std::vector<CaseRecord> all = field_variants();
  const std::vector<CaseRecord> variants(all.begin() + 2, all.end());
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
