// The crash guarantee, tested the hard way: a child process writes cases and sync events as fast
// as it can and is SIGKILLed at a random moment, which in such a loop usually falls inside a
// write. The file must then read, with every case the child finished and none damaged.
// PAPBENCH_KILL_ROUNDS raises the number of rounds for a soak run (default 20).

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "results/result_set.hpp"

namespace papbench::results {
namespace {

namespace fs = std::filesystem;

constexpr int kRanks = 16;

// Case `index` is fully determined by its index, so the reader's copy can be checked exactly.
CaseRecord case_for(int index) {
  int iterations = 20 + (index * 7) % 60;
  CaseRecord c;
  c.collective = "allreduce";
  c.algorithm = "ring";
  c.params = "segment=" + std::to_string(index);
  c.count = static_cast<std::uint64_t>(index) + 1;
  c.dtype = "double";
  c.op = "max";
  c.pattern = "exponential";
  c.sync_mode = "window";
  c.seed = static_cast<std::uint64_t>(index) * 7919;
  c.iterations = iterations;
  c.ranks = kRanks;
  c.validated = "pass";
  auto fill = [&](std::int64_t salt) {
    Matrix m(iterations, kRanks);
    for (int i = 0; i < iterations; ++i) {
      for (int r = 0; r < kRanks; ++r) m.at(i, r) = (index * 1'000'003LL + i * 101 + r) ^ salt;
    }
    return m;
  };
  c.arrival_ns = fill(1);
  c.exit_ns = fill(2);
  c.planned_delay_ns = fill(3);
  c.planned_arrival_ns = fill(4);
  if (index % 2 == 1) c.predicted_arrival_ns = fill(5);
  if (index % 3 == 0) c.counters["perf::TASK-CLOCK"] = fill(6);
  c.late.assign(static_cast<std::size_t>(iterations), static_cast<std::uint8_t>(index % 2));
  return c;
}

SyncEventRow sync_row(int batch, int i) {
  return {.time_ns = batch * 1'000'000'000LL + i,
          .rank = i,
          .offset_ns = batch - i,
          .drift_ppb = batch * 0.5,
          .rtt_min_ns = 1000 + batch};
}

RunInfo run_info() {
  RunInfo info;
  info.mpi_size = kRanks;
  for (int r = 0; r < kRanks; ++r) {
    info.hostnames.push_back("node" + std::to_string(r / 4));
    info.node_index.push_back(r / 4);
    info.core.push_back(r % 4);
  }
  return info;
}

// Child: create the file (or, from case `start` on, continue it as --resume does), then
// alternate cases and sync batches forever, telling the parent (one int per case) after each
// write_case returns.
[[noreturn]] void run_child(const std::string& path, int report_fd, int start = -1) {
  try {
    ResultWriter w =
        start < 0 ? ResultWriter(path, false, run_info()) : ResultWriter(path, AppendToExisting{});
    for (int index = std::max(start, 0);; ++index) {
      std::vector<SyncEventRow> rows;
      for (int i = 0; i < 1 + index % 5; ++i) rows.push_back(sync_row(index, i));
      w.append_sync_events(rows);
      w.write_case(case_for(index));
      if (::write(report_fd, &index, sizeof index) != sizeof index) ::_exit(3);
    }
  } catch (...) {
    ::_exit(2);
  }
}

int rounds() {
  const char* env = std::getenv("PAPBENCH_KILL_ROUNDS");
  return env != nullptr ? std::max(1, std::atoi(env)) : 20;
}

// A test's own directory, removed at the end unless the test failed: the files of a failed round
// are the evidence, and the trace says where they are.
struct EvidenceDir {
  explicit EvidenceDir(const std::string& name)
      : path(fs::temp_directory_path() / (name + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~EvidenceDir() {
    if (!::testing::Test::HasFailure()) fs::remove_all(path);
  }
  EvidenceDir(const EvidenceDir&) = delete;
  EvidenceDir& operator=(const EvidenceDir&) = delete;
  fs::path path;
};

// One round: run_child(path, start) in a child process, SIGKILLed after it reported `wait_cases`
// finished cases and a random sub-case delay. `last` becomes the last case it reported (reports in
// flight when it died included), and stays as it was if it reported none.
void kill_writer(const std::string& path, int start, int wait_cases, std::mt19937& rng, int& last) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(fds[0]);
    run_child(path, fds[1], start);
  }
  ::close(fds[1]);
  for (int finished = 0; finished < wait_cases;) {
    int index = 0;
    ssize_t n = ::read(fds[0], &index, sizeof index);
    if (n < 0 && errno == EINTR) continue;
    ASSERT_EQ(n, static_cast<ssize_t>(sizeof index)) << "child died early";
    last = index;
    ++finished;
  }
  std::this_thread::sleep_for(std::chrono::microseconds(rng() % 4000));
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "child exited with " << WEXITSTATUS(status);
  int index = 0;
  while (::read(fds[0], &index, sizeof index) == sizeof index) last = index;
  ::close(fds[0]);
}

TEST(ResultsKill, KilledWriterLeavesEveryFinishedCase) {
  const EvidenceDir dir("papbench-results-kill-");
  SCOPED_TRACE("files in " + dir.path.string());
  std::random_device device;
  const unsigned seed = device();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);

  for (int round = 0; round < rounds(); ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string path = (dir.path / ("run" + std::to_string(round) + ".h5")).string();
    // A random number of finished cases, then a random sub-case delay, then the kill.
    int last = -1;
    kill_writer(path, -1, 1 + static_cast<int>(rng() % 12), rng, last);
    if (::testing::Test::HasFatalFailure()) return;

    ResultReader reader(path);
    const std::vector<CaseRecord>& cases = reader.cases();
    // Every case write_case returned for is there; the one in progress may or may not be.
    ASSERT_GE(static_cast<int>(cases.size()), last + 1);
    ASSERT_LE(static_cast<int>(cases.size()), last + 2);
    EXPECT_LE(reader.incomplete_cases(), 1);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      CaseRecord want = case_for(static_cast<int>(i));
      const CaseRecord& got = cases[i];
      EXPECT_EQ(got.params, want.params) << i;
      EXPECT_EQ(got.seed, want.seed) << i;
      EXPECT_EQ(got.arrival_ns.data, want.arrival_ns.data) << i;
      EXPECT_EQ(got.exit_ns.data, want.exit_ns.data) << i;
      EXPECT_EQ(got.planned_delay_ns.data, want.planned_delay_ns.data) << i;
      EXPECT_EQ(got.planned_arrival_ns.data, want.planned_arrival_ns.data) << i;
      EXPECT_EQ(got.predicted_arrival_ns.has_value(), want.predicted_arrival_ns.has_value()) << i;
      EXPECT_EQ(got.counters.size(), want.counters.size()) << i;
      EXPECT_EQ(got.late, want.late) << i;
    }
    // Sync batches 0..last were appended before their cases finished; a later one may be
    // partly there. Whatever is there must be whole rows, in order.
    std::size_t at = 0;
    for (int batch = 0; at < reader.sync_events().size(); ++batch) {
      for (int i = 0; i < 1 + batch % 5 && at < reader.sync_events().size(); ++i, ++at) {
        const SyncEventRow& row = reader.sync_events()[at];
        SyncEventRow want = sync_row(batch, i);
        ASSERT_EQ(row.time_ns, want.time_ns) << at;
        ASSERT_EQ(row.rank, want.rank) << at;
        ASSERT_EQ(row.offset_ns, want.offset_ns) << at;
        ASSERT_EQ(row.rtt_min_ns, want.rtt_min_ns) << at;
      }
    }
    std::size_t expected_rows = 0;
    for (int batch = 0; batch <= last; ++batch) expected_rows += 1 + batch % 5;
    EXPECT_GE(reader.sync_events().size(), expected_rows);
    // A kill inside the commit may leave the case in progress unreadable, or /cases in need of
    // the fallback index; the reader says so. Nothing else may be reported.
    char in_progress[32];
    std::snprintf(in_progress, sizeof in_progress, "case %04d ", last + 1);
    for (const std::string& w : reader.warnings()) {
      bool expected =
          w.rfind(in_progress, 0) == 0 || w.rfind("the /cases index is damaged", 0) == 0;
      EXPECT_TRUE(expected) << "warning: " << w;
    }
  }
}

// --resume's writer: one file killed again and again, each round continuing it from the cases
// it holds (a kill inside a commit may have left debris under /cases). The cases read back are
// always 0, 1, 2, ... in order, whole, and include every one a write_case returned for.
TEST(ResultsKill, KilledResumedWriterLeavesEveryFinishedCase) {
  const EvidenceDir dir("papbench-results-kill-resume-");
  SCOPED_TRACE("files in " + dir.path.string());
  std::random_device device;
  const unsigned seed = device();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  const std::string path = (dir.path / "run.h5").string();

  int held = 0;  // complete cases in the file
  for (int round = 0; round < rounds(); ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    int last = held - 1;
    kill_writer(path, round == 0 ? -1 : held, 1 + static_cast<int>(rng() % 4), rng, last);
    if (::testing::Test::HasFatalFailure()) return;

    ResultReader reader(path);
    const std::vector<CaseRecord>& cases = reader.cases();
    ASSERT_GE(static_cast<int>(cases.size()), last + 1);
    ASSERT_LE(static_cast<int>(cases.size()), last + 2);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const CaseRecord want = case_for(static_cast<int>(i));
      EXPECT_EQ(cases[i].params, want.params) << i;
      EXPECT_EQ(cases[i].arrival_ns.data, want.arrival_ns.data) << i;
      EXPECT_EQ(cases[i].exit_ns.data, want.exit_ns.data) << i;
    }
    held = static_cast<int>(cases.size());
  }
}

}  // namespace
}  // namespace papbench::results
