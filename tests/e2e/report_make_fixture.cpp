// Writes the result sets the papbench-report end-to-end tests read, with timestamps chosen so
// that every number the report prints is known in advance:
//
//   DIR/a.h5   4 ranks on 2 nodes, sync events with rtt_min up to 2.4 us (bound 1.20 us)
//              case 0 reduce/native   10 iterations, run time 10, 11, ..., 19 us
//                                     (median 14.5 us, 95% CI [11.0 us, 18.0 us] = x(2), x(9))
//                                     and an 11th, late, of 1000 us that statistics leave out
//              case 1 reduce/binomial  5 iterations, run time 20..24 us (too few for a 95% CI),
//                                     params "k=2,segment=8Ki" (a comma: CSV must quote it),
//                                     and a late 6th of 2000 us
//              case 2 reduce/ring      written, then marked incomplete (complete=0)
//   DIR/b.h5   case 0 reduce/native   the same with every duration exactly twice as long
//              case 1 reduce/ring     complete: present only in B
//   DIR/c.h5   case 0 reduce/native   as a.h5's case 0, but its validation failed: iteration 3
//                                     (run time 13 us) checked wrong, the others unchecked
//   DIR/d.h5   case 0 reduce/native   as a.h5's case 0 with format 1.4's clock records: every
//                                     iteration's clock bounds are 0, 300, 200, 100 ns (rank 0..3)
//                                     and rank 2 was slewing in iterations 2 and 5; sync events
//                                     with bounds 300, 200, 100 ns growing by 50, 20, 10 ppb
//   DIR/e.h5   case 0 reduce/native   d.h5's with every exit 800 ns later
//   DIR/f.h5   case 0 reduce/native   a.h5's with format 1.8's arrival errors (r ns per rank,
//                                     tolerance 100 ns) and rank 3 5000 ns off plan in the late
//                                     11th: |errors| median 1.5 ns, p99 5 us; 1 of 11 dropped
//   DIR/g.h5   case 0 reduce/native   f.h5's with iterations 0-3 off plan too: 5 of 11 dropped
//                                     (45.5% against f.h5's 9.1%: compare warns)
//   DIR/h.h5   case 0 reduce/native   f.h5's with every iteration off plan: nothing kept; its run
//                                     says its ranks shared CPUs (start_ticks)
//   DIR/j.h5   case 0 allreduce/native  a.h5's case 0 as an allreduce: no case of a.h5 matches it
//   DIR/k.h5   cases 0, 1 pingpong/native  count 1Ki and 64Ki, no planned delays: Hockney's fit
//              case 2 gather/lin       c.h5's iterations (3 wrong, 10 late) as a gather, for
//                                     `model scatter-gather`'s kept iterations
//   DIR/not_hdf5.h5  a text file
//   DIR/existing.csv a one-line file an export must not overwrite without --force
//
// Per iteration i (t0 = i ms) and rank r: planned delay 100 r ns, planned arrival t0 + 100 r,
// arrival t0 + 101 r (arrival error r ns, achieved imbalance 303 ns), exit
// t0 + scale * base_i - 10 r, so rank 0 exits last and run time = scale * base_i exactly.
//
// The clock bounds of d.h5 (each timestamp t_r within b_r of rank 0's clock, b = 0, 300, 200,
// 100): the last exit (rank 0) may truly be rank 1's, up to -10 + 300 = 290 ns later; the first
// arrival (rank 0) rank 1's, up to 300 - 101 = 199 ns earlier; the last arrival (rank 3) is off
// by up to its own 100 ns (rank 2: 200 - 101 = 99, rank 1: 300 - 202 = 98). So per iteration,
// and as the median: run time 290 + 199 = 489 ns, after-last 290 + 100 = 390 ns, imbalance
// 100 + 199 = 299 ns. e.h5 - d.h5: run time and after-last +800 ns, within the two sides' run
// time bounds together (489 + 489 ns) but not their after-last ones (390 + 390 ns), imbalance +0.
// Neither file records the exits' own bounds (an older file): exits take the arrival's.

#include <hdf5.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "results/result_set.hpp"

namespace {

using papbench::results::CaseRecord;
using papbench::results::Matrix;
using papbench::results::ResultWriter;
using papbench::results::RunInfo;
using papbench::results::SyncEventRow;

constexpr int kRanks = 4;

RunInfo run_info(const std::string& name) {
  RunInfo info;
  info.papbench_version = "0.1.0";
  info.git_sha = "fixture";
  info.command_line = "papbench --collective reduce --algorithm native,binomial,ring --out " + name;
  info.mpi_library_version = "Fixture MPI 1.0, package: test\nbuilt for the report tests";
  info.mpi_size = kRanks;
  info.hostnames = {"node-a", "node-a", "node-b", "node-b"};
  info.node_index = {0, 0, 1, 1};
  info.core = {0, 1, 0, 1};
  info.clock_info = "CLOCK_MONOTONIC_RAW, Cristian min-RTT, resync 1s";
  return info;
}

// `on_time` iterations of run time scale * (base_us + i) us, then one late one of
// scale * 100 * base_us us.
CaseRecord make_case(const std::string& algorithm, int on_time, std::int64_t base_us,
                     std::int64_t scale, const std::string& params = "") {
  const int iterations = on_time + 1;
  CaseRecord c;
  c.collective = "reduce";
  c.algorithm = algorithm;
  c.params = params;
  c.dtype = "int";
  c.op = "sum";
  c.pattern = "linear";
  c.sync_mode = "window";
  c.count = 1024;
  c.maxdelay_ns = 300;
  c.seed = 7;
  c.warmup = 2;
  c.iterations = iterations;
  c.ranks = kRanks;
  c.validated = "pass";
  c.complete = true;
  c.arrival_ns = Matrix(iterations, kRanks);
  c.exit_ns = Matrix(iterations, kRanks);
  c.planned_delay_ns = Matrix(iterations, kRanks);
  c.planned_arrival_ns = Matrix(iterations, kRanks);
  c.late.assign(static_cast<std::size_t>(iterations), 0);
  c.late.back() = 1;  // one late iteration, so the report has a count to show and to leave out
  c.validation.assign(static_cast<std::size_t>(iterations), 0);
  Matrix cycles(iterations, kRanks);
  for (int i = 0; i < iterations; ++i) {
    const std::int64_t t0 = 1'000'000LL * i;
    const std::int64_t run_ns = scale * (i < on_time ? base_us + i : 100 * base_us) * 1000;
    for (int r = 0; r < kRanks; ++r) {
      c.planned_delay_ns.at(i, r) = 100LL * r;
      c.planned_arrival_ns.at(i, r) = t0 + 100LL * r;
      c.arrival_ns.at(i, r) = t0 + 101LL * r;
      c.exit_ns.at(i, r) = t0 + run_ns - 10LL * r;
      cycles.at(i, r) = 1000LL * i + r;
    }
  }
  c.counters.emplace("PAPI_TOT_CYC", std::move(cycles));
  // Format 1.5's calibration: what the report's counters view shows beside the values.
  c.counters_domain = "user";
  Matrix start(1, kRanks), stop(1, kRanks), empty(1, kRanks);
  for (int r = 0; r < kRanks; ++r) {
    start.at(0, r) = 3200;
    stop.at(0, r) = 1500;
    empty.at(0, r) = 240 + 20LL * (r % 2);  // median 250 over the ranks
  }
  c.counter_costs.emplace("start_ns", std::move(start));
  c.counter_costs.emplace("stop_ns", std::move(stop));
  c.counters_empty.emplace("PAPI_TOT_CYC", std::move(empty));
  return c;
}

// The writer only ever commits complete cases; an interrupted run is simulated by resetting
// the flag afterwards, exactly what the reader sees when a run dies before the commit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wold-style-cast"  // H5P_DEFAULT and H5T_NATIVE_* are C casts
bool mark_incomplete(const std::string& path, const std::string& group) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  if (file < 0) return false;
  bool ok = false;
  const hid_t g = H5Gopen2(file, group.c_str(), H5P_DEFAULT);
  if (g >= 0) {
    const hid_t attr = H5Aopen(g, "complete", H5P_DEFAULT);
    if (attr >= 0) {
      const std::int64_t zero = 0;
      ok = H5Awrite(attr, H5T_NATIVE_INT64, &zero) >= 0;
      H5Aclose(attr);
    }
    H5Gclose(g);
  }
  H5Fclose(file);
  return ok;
}
#pragma GCC diagnostic pop

// Format 1.4's clock records (see the top of this file); exits move by exit_shift_ns.
CaseRecord with_clock(CaseRecord c, std::int64_t exit_shift_ns) {
  const std::int64_t bound[kRanks] = {0, 300, 200, 100};
  c.clock_bound_ns = Matrix(c.iterations, kRanks);
  c.clock_slew_ns = Matrix(c.iterations, kRanks);
  for (int i = 0; i < c.iterations; ++i) {
    for (int r = 0; r < kRanks; ++r) {
      c.clock_bound_ns.at(i, r) = bound[r];
      c.exit_ns.at(i, r) += exit_shift_ns;
    }
  }
  c.clock_slew_ns.at(2, 2) = -35;
  c.clock_slew_ns.at(5, 2) = 12;
  return c;
}

// Format 1.8's arrival errors: a_i - planned_i = r ns, and 5000 ns on rank 3 of each iteration
// in `off_plan` (flagged late, as the run flags an iteration beyond its tolerance of 100 ns).
CaseRecord with_arrival_errors(CaseRecord c, const std::vector<int>& off_plan) {
  c.arrival_error_ns = Matrix(c.iterations, kRanks);
  for (int i = 0; i < c.iterations; ++i) {
    for (int r = 0; r < kRanks; ++r) c.arrival_error_ns.at(i, r) = r;
  }
  c.arrival_tolerance = papbench::results::ArrivalTolerance::of(100);
  c.late.assign(static_cast<std::size_t>(c.iterations), 0);
  for (int i : off_plan) {
    c.arrival_error_ns.at(i, kRanks - 1) = 5000;
    c.late[static_cast<std::size_t>(i)] = 1;
  }
  return c;
}

void write_sync_with_bounds(ResultWriter& w) {
  const std::vector<SyncEventRow> events = {{0, 1, 150, 0.0, 800, 300, 50.0},
                                            {0, 2, -40, 0.0, 2400, 200, 20.0},
                                            {0, 3, 75, 0.0, 1600, 100, 10.0}};
  w.append_sync_events(events);
}

void write_sync(ResultWriter& w) {
  const std::vector<SyncEventRow> events = {
      {0, 1, 150, 0.0, 800}, {0, 2, -40, 0.0, 2400}, {0, 3, 75, 0.0, 1600}};
  w.append_sync_events(events);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  try {
    std::filesystem::create_directories(dir);
    {
      ResultWriter a(dir + "/a.h5", true, run_info("a.h5"));
      write_sync(a);
      a.write_case(make_case("native", 10, 10, 1));
      // A comma in params makes every CSV output quote a field.
      a.write_case(make_case("binomial", 5, 20, 1, "k=2,segment=8Ki"));
      a.write_case(make_case("ring", 10, 30, 1));
    }
    if (!mark_incomplete(dir + "/a.h5", "/cases/0002")) {
      std::cerr << "cannot mark /cases/0002 of a.h5 incomplete\n";
      return 1;
    }
    {
      ResultWriter b(dir + "/b.h5", true, run_info("b.h5"));
      write_sync(b);
      b.write_case(make_case("native", 10, 10, 2));
      b.write_case(make_case("ring", 10, 30, 1));
    }
    {
      ResultWriter c(dir + "/c.h5", true, run_info("c.h5"));
      write_sync(c);
      CaseRecord wrong = make_case("native", 10, 10, 1);
      wrong.validated = "fail";
      wrong.validation[3] = static_cast<std::uint8_t>(papbench::results::IterationCheck::kFailed);
      c.write_case(wrong);
    }
    for (const auto& [name, shift] : {std::pair{"d.h5", 0}, std::pair{"e.h5", 800}}) {
      ResultWriter w(dir + "/" + name, true, run_info(name));
      write_sync_with_bounds(w);
      w.write_case(with_clock(make_case("native", 10, 10, 1), shift));
    }
    {
      // d.h5's case from another commit and a debug build: compare says both.
      RunInfo info = run_info("i.h5");
      info.git_sha = "0123456789ab-dirty";
      info.extra["build"] = "Debug; GNU 12.2.0; flags: -O0 -g";
      ResultWriter w(dir + "/i.h5", true, info);
      write_sync_with_bounds(w);
      w.write_case(with_clock(make_case("native", 10, 10, 1), 0));
    }
    const std::vector<int> last = {10}, five = {0, 1, 2, 3, 10};
    const std::vector<int> all = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    for (const auto& [name, off_plan] :
         {std::pair{"f.h5", &last}, std::pair{"g.h5", &five}, std::pair{"h.h5", &all}}) {
      RunInfo info = run_info(name);
      if (std::string(name) == "h.h5") {
        // What papbench writes on an oversubscribed host (bench/run/case_runner.cpp).
        info.extra["start_ticks"] =
            "not measured: ranks share CPUs, so the scheduler, not the tick, decides when a rank "
            "runs";
      }
      ResultWriter w(dir + "/" + name, true, info);
      write_sync(w);
      w.write_case(with_arrival_errors(make_case("native", 10, 10, 1), *off_plan));
    }
    {
      // Another collective, the rest alike: compare finds nothing to match (issue 43).
      ResultWriter w(dir + "/j.h5", true, run_info("j.h5"));
      write_sync(w);
      CaseRecord other = make_case("native", 10, 10, 1);
      other.collective = "allreduce";
      w.write_case(other);
    }
    {
      // What `model scatter-gather` reads: ping-pongs to fit (no planned delays) and a gather
      // with a wrong and a late iteration, so that its kept iterations show (issue 43).
      ResultWriter w(dir + "/k.h5", true, run_info("k.h5"));
      write_sync(w);
      for (const auto& [count, scale] : {std::pair{1024, 1}, std::pair{65536, 4}}) {
        CaseRecord pp = make_case("native", 10, 10, scale);
        pp.collective = "pingpong";
        pp.op.clear();
        pp.pattern = "none";
        pp.maxdelay_ns = 0;
        pp.count = static_cast<std::uint64_t>(count);
        pp.late.assign(pp.late.size(), 0);
        for (int i = 0; i < pp.iterations; ++i) {
          for (int r = 0; r < kRanks; ++r) {
            pp.planned_delay_ns.at(i, r) = 0;
            pp.planned_arrival_ns.at(i, r) = 1'000'000LL * i;
          }
        }
        w.write_case(pp);
      }
      CaseRecord gather = make_case("lin", 10, 10, 1);
      gather.collective = "gather";
      gather.op.clear();
      gather.validated = "fail";
      gather.validation[3] = static_cast<std::uint8_t>(papbench::results::IterationCheck::kFailed);
      w.write_case(gather);
    }
    std::ofstream(dir + "/not_hdf5.h5") << "this is not an HDF5 file\n";
    // An export target that exists already: must survive an export without --force.
    std::ofstream(dir + "/existing.csv") << "keep me\n";
  } catch (const std::exception& e) {
    std::cerr << "report_make_fixture: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
