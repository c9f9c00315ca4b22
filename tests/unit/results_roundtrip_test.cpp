// Everything the writer stores comes back from the reader unchanged, in the documented layout.

#include <gtest/gtest.h>
#include <hdf5.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "results/arrival_error.hpp"
#include "results/hdf5_handles.hpp"
#include "results/result_set.hpp"
#include "tests/unit/results_temp_dir.hpp"

namespace papbench::results {
namespace {

namespace fs = std::filesystem;

class ResultsRoundTrip : public ResultsTempDir {};

RunInfo make_info(int ranks) {
  RunInfo info;
  info.papbench_version = "0.1.0";
  info.git_sha = "0123456789ab";
  info.command_line = "papbench --collective reduce --count 1Ki,4Ki --out run.h5";
  info.mpi_library_version = "Open MPI v4.1.4, package: Debian OpenMPI";
  info.created_utc = "2024-05-01T12:34:56Z";
  info.mpi_size = ranks;
  info.clock_info = "CLOCK_MONOTONIC_RAW; cristian min-rtt; hierarchical; resync 1s";
  for (int r = 0; r < ranks; ++r) {
    info.hostnames.push_back("node" + std::to_string(r / 2));
    info.node_index.push_back(r / 2);
    info.core.push_back(r % 2 == 0 ? r : -1);
  }
  info.extra = {{"job_id", "12345"}, {"partition", "debug"}, {"empty", ""}};
  info.nodes_virtual = true;
  info.virtual_ppn = 2;
  return info;
}

Matrix make_matrix(int rows, int cols, std::int64_t base) {
  Matrix m(rows, cols);
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) m.at(i, j) = base + i * 1000 + j;
  }
  return m;
}

CaseRecord make_case(int index, int iterations, int ranks) {
  CaseRecord c;
  c.collective = index % 2 == 0 ? "reduce" : "scatter";
  c.algorithm = "binomial";
  c.params = index % 3 == 0 ? "" : "k=4";
  c.count = 1024ULL << index;
  c.dtype = "int";
  c.op = "sum";
  c.root = index % ranks;
  c.pattern = "uniform";
  c.sync_mode = "window";
  c.compute_ns = 1000 * index;
  c.maxdelay_ns = 50'000'000;
  c.seed = 0xFFFF'FFFF'FFFF'FF00ULL + static_cast<std::uint64_t>(index);  // above INT64_MAX
  c.warmup = 2;
  c.iterations = iterations;
  c.ranks = ranks;
  c.validated = "pass";
  std::int64_t base = std::int64_t{1'700'000'000'000'000'000} + index * 10'000'000LL;
  c.arrival_ns = make_matrix(iterations, ranks, base);
  c.exit_ns = make_matrix(iterations, ranks, base + 500);
  c.planned_delay_ns = make_matrix(iterations, ranks, -7 - index);
  c.planned_arrival_ns = make_matrix(iterations, ranks, base - 100);
  c.late.assign(static_cast<std::size_t>(iterations), 0);
  if (iterations > 1) c.late[1] = 1;
  c.validation.assign(static_cast<std::size_t>(iterations), 0);
  if (iterations > 0) c.validation[0] = static_cast<std::uint8_t>(IterationCheck::kPassed);
  if (iterations > 2) c.validation[2] = static_cast<std::uint8_t>(IterationCheck::kFailed);
  c.clock_bound_ns = make_matrix(iterations, ranks, 300 + index);
  c.clock_slew_ns = make_matrix(iterations, ranks, -40 - index);
  c.clock_elapsed_bound_ns = make_matrix(iterations, ranks, 7 + index);
  // Format 1.8: signed arrival errors (early and late ranks) and the tolerance that judged them.
  c.arrival_error_ns = make_matrix(iterations, ranks, -2'500 + index);
  c.arrival_tolerance =
      index % 2 == 0 ? ArrivalTolerance::of(5'000 + index) : ArrivalTolerance::off();
  return c;
}

// What a PAP-aware case adds ([Proficz2020] §3): the predicted arrivals and when the PAT
// runtime's exchange and background work were done, one row per iteration of `c`.
void add_pat_times(CaseRecord& c) {
  c.predicted_arrival_ns = make_matrix(c.iterations, c.ranks, 42);
  c.pat_exchange_done_ns = make_matrix(c.iterations, c.ranks, 43);
  c.pat_work_done_ns = make_matrix(c.iterations, c.ranks, 44);
}

void expect_equal(const Matrix& a, const Matrix& b, const std::string& what) {
  EXPECT_EQ(a.rows, b.rows) << what;
  EXPECT_EQ(a.cols, b.cols) << what;
  EXPECT_EQ(a.data, b.data) << what;
}

void expect_equal(const CaseRecord& a, const CaseRecord& b) {
  EXPECT_EQ(a.collective, b.collective);
  EXPECT_EQ(a.algorithm, b.algorithm);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.count, b.count);
  EXPECT_EQ(a.dtype, b.dtype);
  EXPECT_EQ(a.op, b.op);
  EXPECT_EQ(a.root, b.root);
  EXPECT_EQ(a.pattern, b.pattern);
  EXPECT_EQ(a.sync_mode, b.sync_mode);
  EXPECT_EQ(a.compute_ns, b.compute_ns);
  EXPECT_EQ(a.maxdelay_ns, b.maxdelay_ns);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.warmup, b.warmup);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.ranks, b.ranks);
  EXPECT_EQ(a.validated, b.validated);
  expect_equal(a.arrival_ns, b.arrival_ns, "arrival_ns");
  expect_equal(a.exit_ns, b.exit_ns, "exit_ns");
  expect_equal(a.planned_delay_ns, b.planned_delay_ns, "planned_delay_ns");
  expect_equal(a.planned_arrival_ns, b.planned_arrival_ns, "planned_arrival_ns");
  ASSERT_EQ(a.predicted_arrival_ns.has_value(), b.predicted_arrival_ns.has_value());
  if (a.predicted_arrival_ns) {
    expect_equal(*a.predicted_arrival_ns, *b.predicted_arrival_ns, "predicted_arrival_ns");
  }
  ASSERT_EQ(a.pat_exchange_done_ns.has_value(), b.pat_exchange_done_ns.has_value());
  ASSERT_EQ(a.pat_work_done_ns.has_value(), b.pat_work_done_ns.has_value());
  if (a.pat_exchange_done_ns) {
    expect_equal(*a.pat_exchange_done_ns, *b.pat_exchange_done_ns, "pat_exchange_done_ns");
    expect_equal(*a.pat_work_done_ns, *b.pat_work_done_ns, "pat_work_done_ns");
  }
  EXPECT_EQ(a.late, b.late);
  EXPECT_EQ(a.validation, b.validation);
  expect_equal(a.clock_bound_ns, b.clock_bound_ns, "clock_bound_ns");
  expect_equal(a.clock_slew_ns, b.clock_slew_ns, "clock_slew_ns");
  expect_equal(a.clock_elapsed_bound_ns, b.clock_elapsed_bound_ns, "clock_elapsed_bound_ns");
  expect_equal(a.arrival_error_ns, b.arrival_error_ns, "arrival_error_ns");
  EXPECT_EQ(a.arrival_tolerance, b.arrival_tolerance);
  ASSERT_EQ(a.counters.size(), b.counters.size());
  for (const auto& [event, m] : a.counters) {
    ASSERT_TRUE(b.counters.contains(event)) << event;
    expect_equal(m, b.counters.at(event), event);
  }
  ASSERT_EQ(a.metrics.size(), b.metrics.size());
  for (const auto& [name, m] : a.metrics) {
    ASSERT_TRUE(b.metrics.contains(name)) << name;
    expect_equal(m, b.metrics.at(name), name);
  }
  EXPECT_EQ(a.counters_unavailable, b.counters_unavailable);
  EXPECT_EQ(a.counters_domain, b.counters_domain);
  for (const auto& [mine, theirs] : {std::pair{&a.counter_costs, &b.counter_costs},
                                     std::pair{&a.counters_empty, &b.counters_empty}}) {
    ASSERT_EQ(mine->size(), theirs->size());
    for (const auto& [name, m] : *mine) {
      ASSERT_TRUE(theirs->contains(name)) << name;
      expect_equal(m, theirs->at(name), name);
    }
  }
}

std::vector<SyncEventRow> make_sync(int first, int n) {
  std::vector<SyncEventRow> rows;
  for (int i = first; i < first + n; ++i) {
    rows.push_back({.time_ns = 1'000'000'000LL * i,
                    .rank = i % 5,
                    .offset_ns = -250 + i,
                    .drift_ppb = 0.125 * i,
                    .rtt_min_ns = 1800 + i,
                    .error_bound_ns = 900 + 3 * i,
                    .bound_growth_ppb = 12.5 + i});
  }
  return rows;
}

TEST_F(ResultsRoundTrip, EverythingComesBack) {
  const int ranks = 6;
  RunInfo info = make_info(ranks);
  std::vector<CaseRecord> cases = {make_case(0, 5, ranks), make_case(1, 3, ranks)};
  add_pat_times(cases[1]);
  cases[1].counters["perf::TASK-CLOCK"] = make_matrix(3, ranks, 7);
  cases[1].counters["PAPI_TOT_CYC"] = make_matrix(3, ranks, 8);
  cases[1].counters["odd/name%with:all"] = make_matrix(3, ranks, 9);
  cases[1].counters[".leading-dot"] = make_matrix(3, ranks, 10);
  cases[1].counters_unavailable = {"PAPI_L3_TCM", "perf::CACHE-MISSES:u=0"};
  cases[1].counters_domain = "user|kernel";
  cases[1].counter_costs["start_ns"] = make_matrix(1, ranks, 13);
  cases[1].counter_costs["stop_ns"] = make_matrix(1, ranks, 14);
  cases[1].counters_empty["perf::TASK-CLOCK"] = make_matrix(1, ranks, 15);
  cases[1].counters_empty["odd/name%with:all"] = make_matrix(1, ranks, 16);
  cases[1].metrics["clv_schedule_ns"] = make_matrix(3, ranks, 11);
  cases[1].metrics["app/total%"] = make_matrix(1, ranks, 12);  // rows need not be iterations
  cases.push_back(make_case(2, 0, ranks));  // no timed iterations: empty matrices
  cases[2].validated = "unchecked";
  cases[2].sync_mode = "barrier";
  cases.push_back(make_case(3, 2, ranks));  // made without a clock: reads back without one
  cases[3].clock_bound_ns = Matrix();
  cases[3].clock_slew_ns = Matrix();
  cases[3].clock_elapsed_bound_ns = Matrix();
  // Made without arrival errors (as a file older than 1.8): reads back without them.
  cases[3].arrival_error_ns = Matrix();
  cases[3].arrival_tolerance.reset();

  // Crosses a /sync chunk boundary (1024 rows) and includes an empty append.
  std::vector<SyncEventRow> sync = make_sync(0, 3);
  std::vector<SyncEventRow> more = make_sync(3, 1500);
  std::vector<SyncEventRow> last = make_sync(1503, 7);
  {
    ResultWriter w(path("run.h5"), false, info);
    EXPECT_EQ(w.path(), path("run.h5"));
    w.append_sync_events(sync);
    w.write_case(cases[0]);
    w.append_sync_events({});
    w.append_sync_events(more);
    w.write_case(cases[1]);
    w.append_sync_events(last);
    w.write_case(cases[2]);
    w.write_case(cases[3]);
    EXPECT_EQ(w.cases_written(), 4);
  }
  sync.insert(sync.end(), more.begin(), more.end());
  sync.insert(sync.end(), last.begin(), last.end());

  ResultReader r(path("run.h5"));
  EXPECT_EQ(r.format_major(), 1);
  EXPECT_EQ(r.format_minor(), kFormatMinor);
  EXPECT_TRUE(r.warnings().empty());
  EXPECT_EQ(r.incomplete_cases(), 0);

  const RunInfo& got = r.run_info();
  EXPECT_EQ(got.papbench_version, info.papbench_version);
  EXPECT_EQ(got.git_sha, info.git_sha);
  EXPECT_EQ(got.command_line, info.command_line);
  EXPECT_EQ(got.mpi_library_version, info.mpi_library_version);
  EXPECT_EQ(got.created_utc, info.created_utc);
  EXPECT_EQ(got.mpi_size, info.mpi_size);
  EXPECT_EQ(got.clock_info, info.clock_info);
  EXPECT_EQ(got.hostnames, info.hostnames);
  EXPECT_EQ(got.node_index, info.node_index);
  EXPECT_TRUE(got.nodes_virtual);
  EXPECT_EQ(got.virtual_ppn, 2);
  EXPECT_EQ(got.core, info.core);
  EXPECT_EQ(got.extra, info.extra);

  ASSERT_EQ(r.sync_events().size(), sync.size());
  for (std::size_t i = 0; i < sync.size(); ++i) {
    const SyncEventRow& a = sync[i];
    const SyncEventRow& b = r.sync_events()[i];
    EXPECT_EQ(a.time_ns, b.time_ns) << i;
    EXPECT_EQ(a.rank, b.rank) << i;
    EXPECT_EQ(a.offset_ns, b.offset_ns) << i;
    EXPECT_EQ(a.drift_ppb, b.drift_ppb) << i;
    EXPECT_EQ(a.rtt_min_ns, b.rtt_min_ns) << i;
    EXPECT_EQ(a.error_bound_ns, b.error_bound_ns) << i;
    EXPECT_EQ(a.bound_growth_ppb, b.bound_growth_ppb) << i;
  }

  ASSERT_EQ(r.cases().size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(i);
    expect_equal(cases[i], r.cases()[i]);
    EXPECT_TRUE(r.cases()[i].complete);
  }
}

// CaseData::kOnDemand: cases() carries the attributes, late, validation and every matrix's shape
// but no values; load_case reads the values of the parts asked for, the others keep the shape.
TEST_F(ResultsRoundTrip, OnDemandReaderLoadsACaseWhenAsked) {
  const int ranks = 3;
  std::vector<CaseRecord> cases = {make_case(0, 4, ranks), make_case(1, 2, ranks)};
  add_pat_times(cases[1]);
  cases[1].counters["PAPI_TOT_CYC"] = make_matrix(2, ranks, 8);
  cases[1].counter_costs["start_ns"] = make_matrix(1, ranks, 13);
  cases[1].metrics["clv_schedule_ns"] = make_matrix(2, ranks, 11);
  cases.push_back(make_case(2, 0, ranks));  // no timed iterations
  {
    ResultWriter w(path("lazy.h5"), false, make_info(ranks));
    for (const CaseRecord& c : cases) w.write_case(c);
  }
  const ResultReader r(path("lazy.h5"), CaseData::kOnDemand);
  EXPECT_TRUE(r.on_demand());
  EXPECT_TRUE(r.warnings().empty());
  ASSERT_EQ(r.cases().size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(i);
    const CaseRecord& index = r.cases()[i];
    EXPECT_EQ(index.match_key(), cases[i].match_key());
    EXPECT_EQ(index.late, cases[i].late);
    EXPECT_EQ(index.validation, cases[i].validation);
    EXPECT_EQ(index.arrival_ns.rows, cases[i].arrival_ns.rows);
    EXPECT_EQ(index.arrival_ns.cols, ranks);
    EXPECT_EQ(index.clock_bound_ns.cols, cases[i].clock_bound_ns.cols);
    EXPECT_TRUE(index.arrival_ns.data.empty());
    EXPECT_EQ(index.arrival_error_ns.rows, cases[i].arrival_error_ns.rows);
    EXPECT_TRUE(index.arrival_error_ns.data.empty());
    EXPECT_EQ(index.predicted_arrival_ns.has_value(), cases[i].predicted_arrival_ns.has_value());
    EXPECT_EQ(index.counters.size(), cases[i].counters.size());
    expect_equal(cases[i], r.load_case(i));
  }
  // Only the parts asked for: arrivals and metrics, not the counters or the clock.
  const CaseRecord part =
      r.load_case(1, {.planned = false, .pat = false, .clock = false, .counters = false});
  expect_equal(part.arrival_ns, cases[1].arrival_ns, "arrival_ns");
  expect_equal(part.metrics.at("clv_schedule_ns"), cases[1].metrics.at("clv_schedule_ns"),
               "metrics");
  EXPECT_TRUE(part.planned_delay_ns.data.empty());
  EXPECT_EQ(part.arrival_error_ns.rows, 2);  // read with the plan
  EXPECT_TRUE(part.arrival_error_ns.data.empty());
  EXPECT_TRUE(part.clock_bound_ns.data.empty());
  EXPECT_TRUE(part.predicted_arrival_ns->data.empty());
  EXPECT_EQ(part.counters.at("PAPI_TOT_CYC").rows, 2);
  EXPECT_TRUE(part.counters.at("PAPI_TOT_CYC").data.empty());
  // A loaded reader hands out a copy of what it holds.
  const ResultReader loaded(path("lazy.h5"));
  EXPECT_FALSE(loaded.on_demand());
  expect_equal(loaded.cases()[1], loaded.load_case(1));
  EXPECT_THROW((void)r.load_case(cases.size()), std::out_of_range);
}

TEST_F(ResultsRoundTrip, CasesComeBackInIndexOrder) {
  ResultWriter w(path("many.h5"), false, make_info(2));
  for (int i = 0; i < 23; ++i) {
    CaseRecord c = make_case(0, 1, 2);
    c.seed = static_cast<std::uint64_t>(i);
    w.write_case(c);
  }
  ResultReader r(path("many.h5"));
  ASSERT_EQ(r.cases().size(), 23u);
  for (int i = 0; i < 23; ++i) EXPECT_EQ(r.cases()[static_cast<std::size_t>(i)].seed, i);
}

// The documented layout, checked with the raw API, since tools other than ours (h5dump, h5py)
// rely on the names and types rather than on our reader.
TEST_F(ResultsRoundTrip, LayoutMatchesTheDocument) {
  CaseRecord c = make_case(3, 2, 4);
  c.counters["perf::TASK-CLOCK"] = make_matrix(2, 4, 1);
  c.counters["a/b"] = make_matrix(2, 4, 2);
  c.metrics["clv_schedule_ns"] = make_matrix(2, 4, 3);
  c.counters_domain = "user";
  c.counter_costs["start_ns"] = make_matrix(1, 4, 4);
  c.counter_costs["stop_ns"] = make_matrix(1, 4, 5);
  c.counters_empty["perf::TASK-CLOCK"] = make_matrix(1, 4, 6);
  {
    ResultWriter w(path("layout.h5"), false, make_info(4));
    w.write_case(c);
  }
  h5::QuietErrors quiet;
  h5::File f(H5Fopen(path("layout.h5").c_str(), H5F_ACC_RDONLY, h5::default_plist()), "open");
  h5::Group root(H5Gopen2(f.get(), "/", h5::default_plist()), "root");
  EXPECT_EQ(h5::read_string_attr(root.get(), "format"), "papbench-results");
  EXPECT_EQ(h5::read_string_attr(root.get(), "format_version"), "1.9");
  EXPECT_EQ(h5::read_int64_attr(root.get(), "format_major"), 1);
  EXPECT_EQ(h5::read_int64_attr(root.get(), "format_minor"), 9);
  EXPECT_EQ(h5::read_int64_attr(root.get(), "nodes_virtual"), 1);
  EXPECT_EQ(h5::read_int64_attr(root.get(), "virtual_ppn"), 2);
  EXPECT_EQ(h5::read_int64_attr(root.get(), "mpi_size"), 4);
  EXPECT_EQ(h5::read_string_attr(root.get(), "job_id"), "12345");
  for (const char* name : {"/topology/rank",
                           "/topology/host",
                           "/topology/node_index",
                           "/topology/core",
                           "/sync",
                           "/cases/0000/arrival_ns",
                           "/cases/0000/exit_ns",
                           "/cases/0000/planned_delay_ns",
                           "/cases/0000/planned_arrival_ns",
                           "/cases/0000/late",
                           "/cases/0000/validation",
                           "/cases/0000/clock_bound_ns",
                           "/cases/0000/clock_slew_ns",
                           "/cases/0000/clock_elapsed_bound_ns",
                           "/cases/0000/arrival_error_ns",
                           "/cases/0000/counters/perf::TASK-CLOCK",
                           "/cases/0000/counters/a%2Fb",
                           "/cases/0000/metrics/clv_schedule_ns",
                           "/cases/0000/counter_costs/start_ns",
                           "/cases/0000/counter_costs/stop_ns",
                           "/cases/0000/counters_empty/perf::TASK-CLOCK"}) {
    EXPECT_GT(H5Lexists(f.get(), name, h5::default_plist()), 0) << name;
  }
  for (const char* pat_only :
       {"/cases/0000/predicted_arrival_ns", "/cases/0000/pat_exchange_done_ns",
        "/cases/0000/pat_work_done_ns"}) {
    EXPECT_EQ(H5Lexists(f.get(), pat_only, h5::default_plist()), 0) << pat_only;
  }
  h5::Group g(H5Gopen2(f.get(), "/cases/0000", h5::default_plist()), "case");
  EXPECT_EQ(h5::read_int64_attr(g.get(), "complete"), 1);
  EXPECT_EQ(h5::read_string_attr(g.get(), "collective"), "scatter");
  EXPECT_EQ(h5::read_uint64_attr(g.get(), "count"), 8192u);
  EXPECT_EQ(h5::read_string_array_attr(g.get(), "counters_unavailable"),
            std::vector<std::string>{});
  EXPECT_EQ(h5::read_string_attr(g.get(), "counters_domain"), "user");
  // Off is stored as -1, as every file since format 1.8 holds it.
  EXPECT_EQ(h5::read_int64_attr(g.get(), "arrival_tolerance_ns"), -1);
  h5::Dataset odd(H5Dopen2(g.get(), "counters/a%2Fb", h5::default_plist()), "counter");
  EXPECT_EQ(h5::read_string_attr(odd.get(), "event"), "a/b");
  h5::Int64Table t = h5::read_int64_2d(g.get(), "arrival_ns");
  EXPECT_EQ(t.rows, 2);
  EXPECT_EQ(t.cols, 4);
  // /sync: the 1.3 fields, then 1.4's bound and its growth.
  h5::Dataset sync(H5Dopen2(f.get(), "/sync", h5::default_plist()), "sync");
  h5::Datatype row(H5Dget_type(sync.get()), "sync type");
  ASSERT_EQ(H5Tget_nmembers(row.get()), 7);
  const char* names[] = {"time_ns",    "rank",           "offset_ns",       "drift_ppb",
                         "rtt_min_ns", "error_bound_ns", "bound_growth_ppb"};
  for (int i = 0; i < 7; ++i) {
    char* name = H5Tget_member_name(row.get(), static_cast<unsigned>(i));
    EXPECT_STREQ(name, names[i]);
    H5free_memory(name);
  }
}

TEST_F(ResultsRoundTrip, CreationTimeIsFilledInWhenMissing) {
  RunInfo info = make_info(1);
  info.created_utc.clear();
  { ResultWriter w(path("t.h5"), false, info); }
  ResultReader r(path("t.h5"));
  const std::string& t = r.run_info().created_utc;
  ASSERT_EQ(t.size(), 20u) << t;  // 2024-05-01T12:34:56Z
  EXPECT_EQ(t[4], '-');
  EXPECT_EQ(t[10], 'T');
  EXPECT_EQ(t.back(), 'Z');
}

TEST_F(ResultsRoundTrip, EmptyRunHasNoCasesAndNoSync) {
  { ResultWriter w(path("empty.h5"), false, make_info(3)); }
  ResultReader r(path("empty.h5"));
  EXPECT_TRUE(r.cases().empty());
  EXPECT_TRUE(r.sync_events().empty());
  EXPECT_EQ(r.incomplete_cases(), 0);
  EXPECT_EQ(r.run_info().hostnames.size(), 3u);
}

TEST_F(ResultsRoundTrip, RefusesInconsistentInput) {
  RunInfo info = make_info(2);
  info.core.pop_back();
  EXPECT_THROW(ResultWriter(path("a.h5"), false, info), std::invalid_argument);
  EXPECT_FALSE(fs::exists(path("a.h5")));

  info = make_info(2);
  info.extra["git_sha"] = "shadow";
  EXPECT_THROW(ResultWriter(path("b.h5"), false, info), std::invalid_argument);

  ResultWriter w(path("c.h5"), false, make_info(2));
  CaseRecord c = make_case(0, 2, 2);
  c.exit_ns.data.pop_back();
  EXPECT_THROW(w.write_case(c), std::invalid_argument);
  c = make_case(0, 2, 2);
  c.counters[""] = make_matrix(2, 2, 0);
  EXPECT_THROW(w.write_case(c), std::invalid_argument);
  c = make_case(0, 2, 2);
  c.metrics[""] = make_matrix(2, 2, 0);
  EXPECT_THROW(w.write_case(c), std::invalid_argument);
  c = make_case(0, 2, 2);
  c.clock_bound_ns = make_matrix(1, 2, 0);  // not one row per iteration
  EXPECT_THROW(w.write_case(c), std::invalid_argument);
  c = make_case(0, 2, 2);
  c.clock_elapsed_bound_ns = make_matrix(2, 1, 0);  // not one column per rank
  EXPECT_THROW(w.write_case(c), std::invalid_argument);
  c = make_case(0, 2, 2);
  c.counter_costs["start_ns"] = make_matrix(2, 2, 0);  // one row per rank, not one row
  EXPECT_THROW(w.write_case(c), std::invalid_argument);
  EXPECT_EQ(w.cases_written(), 0);
  w.write_case(make_case(0, 2, 2));
  ResultReader r(path("c.h5"));
  EXPECT_EQ(r.cases().size(), 1u);
  EXPECT_EQ(r.incomplete_cases(), 0);
}

}  // namespace
}  // namespace papbench::results
