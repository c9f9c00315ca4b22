// The capture library's recorder and rank 0's assembly of cases, without MPI.

#include <gtest/gtest.h>

#include "capture/call_log.hpp"
#include "capture/capture_cases.hpp"
#include "capture/capture_rows.hpp"
#include "capture/comm_identity.hpp"

namespace papbench::capture {
namespace {

TEST(CaptureCallLog, NumbersCallsPerCommunicator) {
  CallLog log;
  const std::uint32_t world = log.add_comm("world", {0, 1});
  const std::uint32_t half = log.add_comm("c1#0", {1});
  for (std::uint32_t c : {world, half, world, world, half}) {
    RawCall call;
    call.comm = c;
    log.append(call);
  }
  std::vector<std::uint32_t> seqs;
  for (const RawCall& c : log.calls()) seqs.push_back(c.seq);
  EXPECT_EQ(seqs, (std::vector<std::uint32_t>{0, 0, 1, 2, 1}));
}

TEST(CaptureCallLog, NonblockingCallsKeepTheSeqOfTheirPost) {
  // Posted, a blocking call, then completed: the post's seq (MPI orders collectives by their
  // calls), though it is recorded last.
  CallLog log;
  const std::uint32_t world = log.add_comm("world", {0});
  RawCall posted;
  posted.comm = world;
  posted.seq = log.take_seq(world);
  RawCall blocking;
  blocking.comm = world;
  log.append(blocking);
  log.append_numbered(posted);
  ASSERT_EQ(log.calls().size(), 2u);
  EXPECT_EQ(log.calls()[0].seq, 1u);
  EXPECT_EQ(log.calls()[1].seq, 0u);
}

TEST(CaptureRows, PackAndUnpackRoundTrip) {
  const std::vector<std::string> strings = {"world", "", "main+0x10"};
  EXPECT_EQ(unpack_strings(pack_strings(strings)), strings);
  std::vector<CallRow> rows(2);
  rows[1].arrival_ns = 42;
  rows[1].root = 3;
  rows[1].done_by_test = 1;
  const auto back = unpack_rows(pack_rows(rows));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].arrival_ns, 42);
  EXPECT_EQ(back[1].root, 3);
  EXPECT_EQ(back[1].done_by_test, 1);
  const std::vector<std::int64_t> partial(kCallRowFields + 1);
  EXPECT_THROW(unpack_rows(partial), std::runtime_error);
}

TEST(CaptureCommIdentity, DependsOnMembersAndOccurrence) {
  const std::vector<int> a = {0, 2}, b = {2, 0};
  EXPECT_EQ(comm_identity_text(a, 0), comm_identity_text(a, 0));
  EXPECT_NE(comm_identity_text(a, 0), comm_identity_text(b, 0));
  EXPECT_NE(comm_identity_text(a, 0), comm_identity_text(a, 1));
}

// Two ranks: strings 0 "world", 1 "0,1", 2 "int", 3 "sum", 4 site A, 5 site B.
RankCalls rank_calls(int rank) {
  RankCalls r;
  r.world_rank = rank;
  r.strings = {"world", "0,1", "int", "sum", "solver+0x10", "io+0x20"};
  return r;
}

CallRow call(std::int64_t seq, std::int64_t site, std::int64_t arrival, std::int64_t count = 8) {
  CallRow c;
  c.comm = 0;
  c.members = 1;
  c.seq = seq;
  c.collective = static_cast<std::int64_t>(Collective::kAllreduce);
  c.count = count;
  c.dtype = 2;
  c.op = 3;
  c.site = site;
  c.arrival_ns = arrival;
  c.exit_ns = arrival + 100;
  return c;
}

TEST(CaptureCases, OneCasePerSiteWithCallsAsIterations) {
  std::vector<RankCalls> ranks = {rank_calls(0), rank_calls(1)};
  // Rank 1 reaches the second call from another site: rank 0's site names the call.
  ranks[0].rows = {call(0, 4, 1000), call(1, 5, 2000), call(2, 4, 3000)};
  ranks[1].rows = {call(0, 4, 1500), call(1, 4, 2100), call(2, 4, 3900)};
  const AssembledCapture out = assemble_cases(ranks);
  EXPECT_EQ(out.incomplete_calls, 0);
  ASSERT_EQ(out.cases.size(), 2u);
  const results::CaseRecord& solver = out.cases[0];
  EXPECT_EQ(solver.collective, "allreduce");
  EXPECT_EQ(solver.algorithm, "application");
  EXPECT_EQ(solver.pattern, "captured");
  EXPECT_EQ(solver.params, "site=solver+0x10 comm=world");
  EXPECT_EQ(solver.dtype, "int");
  EXPECT_EQ(solver.op, "sum");
  EXPECT_EQ(solver.count, 8u);
  EXPECT_EQ(solver.iterations, 2);
  EXPECT_EQ(solver.ranks, 2);
  EXPECT_EQ(solver.arrival_ns.at(0, 1), 1500);
  EXPECT_EQ(solver.arrival_ns.at(1, 0), 3000);
  EXPECT_EQ(solver.exit_ns.at(1, 1), 4000);
  EXPECT_TRUE(solver.metrics.empty());
  EXPECT_EQ(out.cases[1].params, "site=io+0x20 comm=world");
  EXPECT_EQ(out.cases[1].iterations, 1);
}

TEST(CaptureCases, LeavesOutCallsARankDidNotRecordAndKeepsVaryingCounts) {
  std::vector<RankCalls> ranks = {rank_calls(0), rank_calls(1)};
  ranks[0].rows = {call(0, 4, 1000, 8), call(1, 4, 2000, 16), call(2, 4, 3000)};
  ranks[1].rows = {call(0, 4, 1000, 8), call(1, 4, 2000, 16)};
  const AssembledCapture out = assemble_cases(ranks);
  EXPECT_EQ(out.incomplete_calls, 1);
  ASSERT_EQ(out.cases.size(), 1u);
  ASSERT_TRUE(out.cases[0].metrics.contains("count"));
  EXPECT_EQ(out.cases[0].metrics.at("count").at(1, 0), 16);
}

TEST(CaptureCases, NonblockingSitesCarryWhereThePostToCompletionWent) {
  std::vector<RankCalls> ranks = {rank_calls(0), rank_calls(1)};
  for (int r = 0; r < 2; ++r) {
    CallRow c = call(0, 4, 1000);
    c.collective = static_cast<std::int64_t>(Collective::kIallreduce);
    c.compute_ns = 700 + r;
    c.test_ns = 20;
    c.wait_ns = 30;
    c.tests = 1 - r;
    c.done_by_test = r;
    ranks[static_cast<std::size_t>(r)].rows = {c, call(1, 5, 2000)};
  }
  const AssembledCapture out = assemble_cases(ranks);
  ASSERT_EQ(out.cases.size(), 2u);
  const results::CaseRecord& nbc = out.cases[0];
  EXPECT_EQ(nbc.collective, "iallreduce");
  EXPECT_EQ(nbc.metrics.at("nbc_compute_ns").at(0, 1), 701);
  EXPECT_EQ(nbc.metrics.at("nbc_test_ns").at(0, 0), 20);
  EXPECT_EQ(nbc.metrics.at("nbc_wait_ns").at(0, 1), 30);
  EXPECT_EQ(nbc.metrics.at("nbc_tests").at(0, 0), 1);
  EXPECT_EQ(nbc.metrics.at("nbc_done_before_wait").at(0, 1), 1);
  // A blocking site has none of them.
  EXPECT_TRUE(out.cases[1].metrics.empty());
}

TEST(CaptureCases, RefusesARankOutsideItsCommunicator) {
  std::vector<RankCalls> ranks = {rank_calls(0), rank_calls(5)};
  ranks[1].rows = {call(0, 4, 1000)};
  EXPECT_THROW(assemble_cases(ranks), std::runtime_error);
}

}  // namespace
}  // namespace papbench::capture
