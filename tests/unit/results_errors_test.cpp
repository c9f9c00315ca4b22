// The writer's refusals and the reader's diagnoses: each failure names the file and says what
// is wrong in words, with nothing from HDF5 printed around it.

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <hdf5.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "results/hdf5_handles.hpp"
#include "results/result_set.hpp"
#include "tests/unit/results_temp_dir.hpp"

namespace papbench::results {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class ResultsErrors : public ResultsTempDir {};

RunInfo small_info(const std::string& sha = "abc") {
  RunInfo info;
  info.papbench_version = "0.1.0";
  info.git_sha = sha;
  info.mpi_size = 2;
  info.hostnames = {"n0", "n0"};
  info.node_index = {0, 0};
  info.core = {0, 1};
  return info;
}

CaseRecord small_case(std::uint64_t seed) {
  CaseRecord c;
  c.collective = "reduce";
  c.algorithm = "native";
  c.count = 1024;
  c.dtype = "int";
  c.op = "sum";
  c.pattern = "uniform";
  c.sync_mode = "window";
  c.seed = seed;
  c.iterations = 2;
  c.ranks = 2;
  c.validated = "pass";
  c.arrival_ns = Matrix(2, 2);
  c.exit_ns = Matrix(2, 2);
  c.planned_delay_ns = Matrix(2, 2);
  c.planned_arrival_ns = Matrix(2, 2);
  c.late = {0, 0};
  return c;
}

std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void spit(const std::string& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// The message of the FormatError that reading `p` throws; fails the test if none is thrown or
// if anything reaches stderr (HDF5's own error stack print).
std::string read_error(const std::string& p) {
  ::testing::internal::CaptureStderr();
  std::string message;
  try {
    ResultReader r(p);
    ADD_FAILURE() << "reading " << p << " did not throw";
  } catch (const FormatError& e) {
    message = e.what();
  }
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  return message;
}

// A file with '/' attributes as given, made with the raw API (as another tool or a future
// papbench would).
void make_hdf5(const std::string& p, const char* format, int major, int minor) {
  h5::File f(H5Fcreate(p.c_str(), H5F_ACC_TRUNC, h5::default_plist(), h5::default_plist()),
             "create");
  h5::Group root(H5Gopen2(f.get(), "/", h5::default_plist()), "root");
  if (format != nullptr) h5::write_string_attr(root.get(), "format", format);
  if (major >= 0) {
    h5::write_string_attr(root.get(), "format_version",
                          std::to_string(major) + "." + std::to_string(minor));
    h5::write_int64_attr(root.get(), "format_major", major);
    h5::write_int64_attr(root.get(), "format_minor", minor);
  }
  h5::Group cases(
      H5Gcreate2(f.get(), "/cases", h5::default_plist(), h5::default_plist(), h5::default_plist()),
      "cases");
}

TEST_F(ResultsErrors, RefusesAnExistingFileWithoutOverwrite) {
  const std::string p = path("precious.h5");
  const std::string bytes = "months of cluster time\n\x89HDF\r\n\x1a\n and binary \0 bytes";
  spit(p, bytes);
  try {
    ResultWriter w(p, false, small_info());
    FAIL() << "did not refuse";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr(p));
    EXPECT_THAT(e.what(), HasSubstr("--force"));
  }
  EXPECT_EQ(slurp(p), bytes);

  // A real result set is left alone just the same.
  const std::string q = path("run.h5");
  {
    ResultWriter w(q, false, small_info());
    w.write_case(small_case(1));
  }
  const std::string before = slurp(q);
  EXPECT_THROW(ResultWriter(q, false, small_info("other")), std::runtime_error);
  EXPECT_EQ(slurp(q), before);
  EXPECT_EQ(ResultReader(q).cases().size(), 1u);
}

TEST_F(ResultsErrors, OverwriteReplacesTheFile) {
  const std::string p = path("run.h5");
  spit(p, "not even HDF5");
  {
    ResultWriter w(p, true, small_info("first"));
    w.write_case(small_case(1));
    w.write_case(small_case(2));
  }
  {
    ResultWriter w(p, true, small_info("second"));
    w.write_case(small_case(3));
  }
  ResultReader r(p);
  EXPECT_EQ(r.run_info().git_sha, "second");
  ASSERT_EQ(r.cases().size(), 1u);
  EXPECT_EQ(r.cases()[0].seed, 3u);
  // The temporary file the new run was built in is gone.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(ResultsErrors, OverwriteReplacesOnlyARegularFile) {
  const std::string p = path("fifo.h5");
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
  try {
    ResultWriter w(p, true, small_info());
    FAIL() << "replaced a FIFO";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("not a regular file"));
  }
  EXPECT_TRUE(fs::is_fifo(p));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

// A kill during creation (issue 31, item 4), made exact: the writing process gets a file size
// limit, so the kernel kills it (SIGXFSZ) at the write that crosses it, inside the skeleton.
// --out must then be absent (it was a file that no reader or --resume could open and that
// blocked every later run), the leftover clearly named, and a new run with the same --out
// must succeed.
TEST_F(ResultsErrors, KillDuringCreationLeavesOutAbsent) {
  const std::string p = path("run.h5");
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const rlimit limit{2048, 2048};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    try {
      ResultWriter w(p, false, small_info());
    } catch (...) {
    }
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) << "status " << status;
  EXPECT_FALSE(fs::exists(p)) << "a kill during creation left --out behind";
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir_)) left.push_back(e.path().filename());
  ASSERT_EQ(left.size(), 1u);
  EXPECT_THAT(left[0], ::testing::StartsWith("run.h5.incomplete-"));
  ResultWriter again(p, false, small_info());
  again.write_case(small_case(1));
  EXPECT_EQ(ResultReader(p).cases().size(), 1u);
}

TEST_F(ResultsErrors, WriterNoticesItsFileWasReplacedOrRemoved) {
  const std::string p = path("run.h5");
  ResultWriter w(p, false, small_info());
  w.write_case(small_case(1));
  { ResultWriter other(p, true, small_info("intruder")); }
  try {
    w.write_case(small_case(2));
    FAIL() << "wrote into a replaced file";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("replaced"));
  }
  EXPECT_EQ(ResultReader(p).cases().size(), 0u);
  fs::remove(p);
  EXPECT_THROW(w.append_sync_events(std::vector<SyncEventRow>(1)), std::runtime_error);
  EXPECT_FALSE(fs::exists(p));
}

TEST_F(ResultsErrors, WriterFailureIsOneClearMessage) {
  const std::string p = path("no/such/dir/run.h5");
  ::testing::internal::CaptureStderr();
  try {
    ResultWriter w(p, false, small_info());
    ADD_FAILURE() << "created a file in a missing directory";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr(p));
    EXPECT_THAT(e.what(), HasSubstr("No such file or directory"));
  }
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST_F(ResultsErrors, MissingFile) {
  std::string m = read_error(path("nowhere.h5"));
  EXPECT_THAT(m, HasSubstr(path("nowhere.h5")));
  EXPECT_THAT(m, HasSubstr("No such file"));
}

TEST_F(ResultsErrors, Directory) {
  EXPECT_THAT(read_error(dir_.string()), HasSubstr("directory"));
}

TEST_F(ResultsErrors, TextFile) {
  spit(path("notes.txt"), "reduce native 1024 12.5us\n");
  std::string m = read_error(path("notes.txt"));
  EXPECT_THAT(m, HasSubstr(path("notes.txt")));
  EXPECT_THAT(m, HasSubstr("not an HDF5 file"));
}

TEST_F(ResultsErrors, EmptyFile) {
  spit(path("empty.h5"), "");
  EXPECT_THAT(read_error(path("empty.h5")), HasSubstr("not an HDF5 file"));
}

TEST_F(ResultsErrors, TruncatedFile) {
  const std::string p = path("cut.h5");
  {
    ResultWriter w(p, false, small_info());
    for (int i = 0; i < 4; ++i) w.write_case(small_case(static_cast<std::uint64_t>(i)));
  }
  fs::resize_file(p, fs::file_size(p) / 3);
  std::string m = read_error(p);
  EXPECT_THAT(m, HasSubstr(p));
  EXPECT_THAT(m, HasSubstr("damaged"));
}

TEST_F(ResultsErrors, OtherHdf5File) {
  make_hdf5(path("other.h5"), nullptr, -1, 0);
  std::string m = read_error(path("other.h5"));
  EXPECT_THAT(m, HasSubstr("not a papbench result set"));
  make_hdf5(path("wrong.h5"), "netcdf4", 1, 0);
  EXPECT_THAT(read_error(path("wrong.h5")), HasSubstr("not a papbench result set"));
}

TEST_F(ResultsErrors, NewerMajorVersion) {
  make_hdf5(path("v2.h5"), "papbench-results", 2, 3);
  std::string m = read_error(path("v2.h5"));
  EXPECT_THAT(m, HasSubstr(path("v2.h5")));
  EXPECT_THAT(m, HasSubstr("written by a newer papbench (format 2.x); this papbench reads 1.x"));
}

// Rewrites a result set's format version as 1.`minor`, after `edit` changes its root group the
// way a writer of that version would have.
template <typename Edit>
void relabel_minor_version(const std::string& p, int minor, Edit edit) {
  h5::QuietErrors quiet;
  h5::File f(H5Fopen(p.c_str(), H5F_ACC_RDWR, h5::default_plist()), "open");
  h5::Group root(H5Gopen2(f.get(), "/", h5::default_plist()), "root");
  H5Adelete(root.get(), "format_minor");
  H5Adelete(root.get(), "format_version");
  edit(root.get());
  h5::write_int64_attr(root.get(), "format_minor", minor);
  h5::write_string_attr(root.get(), "format_version", fmt::format("1.{}", minor));
}

// A 1.1 file has no nodes_virtual/virtual_ppn: its nodes are the real ones.
TEST_F(ResultsErrors, OlderMinorVersionReadsAsRealNodes) {
  const std::string p = path("v1_1.h5");
  RunInfo info = small_info();
  info.nodes_virtual = true;
  info.virtual_ppn = 1;
  {
    ResultWriter w(p, false, info);
    w.write_case(small_case(5));
  }
  relabel_minor_version(p, 1, [](hid_t root) {
    H5Adelete(root, "nodes_virtual");
    H5Adelete(root, "virtual_ppn");
    H5Ldelete(root, "cases/0000/validation", h5::default_plist());
  });
  ResultReader r(p);
  EXPECT_EQ(r.format_minor(), 1);
  EXPECT_FALSE(r.run_info().nodes_virtual);
  EXPECT_EQ(r.run_info().virtual_ppn, 0);
  EXPECT_EQ(r.run_info().node_index, info.node_index);
  ASSERT_EQ(r.cases().size(), 1u);
  EXPECT_TRUE(r.cases()[0].validation.empty());  // 1.3: not recorded before
}

// The /sync row of formats 1.0 to 1.3, packed as their writers stored it.
struct SyncRow13 {
  std::int64_t time_ns;
  std::int32_t rank;
  std::int64_t offset_ns;
  double drift_ppb;
  std::int64_t rtt_min_ns;
};

// Replaces the file's /sync by one with the 1.3 row type (no error_bound_ns, bound_growth_ppb)
// holding `rows`.
void write_sync_13(hid_t file, const std::vector<SyncRow13>& rows) {
  ASSERT_GE(H5Ldelete(file, "/sync", h5::default_plist()), 0);
  h5::Datatype mem(H5Tcreate(H5T_COMPOUND, sizeof(SyncRow13)), "mem type");
  h5::Datatype disk(H5Tcreate(H5T_COMPOUND, 36), "file type");
  const std::pair<const char*, std::pair<std::size_t, std::size_t>> fields[] = {
      {"time_ns", {offsetof(SyncRow13, time_ns), 0}},
      {"rank", {offsetof(SyncRow13, rank), 8}},
      {"offset_ns", {offsetof(SyncRow13, offset_ns), 12}},
      {"drift_ppb", {offsetof(SyncRow13, drift_ppb), 20}},
      {"rtt_min_ns", {offsetof(SyncRow13, rtt_min_ns), 28}}};
  for (const auto& [name, at] : fields) {
    const bool is_rank = std::string_view(name) == "rank";
    const bool is_drift = std::string_view(name) == "drift_ppb";
    const hid_t m = is_rank    ? h5::native_int32()
                    : is_drift ? h5::native_double()
                               : h5::native_int64();
    const hid_t d = is_rank ? h5::file_int32() : is_drift ? h5::file_double() : h5::file_int64();
    ASSERT_GE(H5Tinsert(mem.get(), name, at.first, m), 0);
    ASSERT_GE(H5Tinsert(disk.get(), name, at.second, d), 0);
  }
  hsize_t n = rows.size();
  h5::Dataspace space(H5Screate_simple(1, &n, nullptr), "space");
  h5::Dataset ds(H5Dcreate2(file, "/sync", disk.get(), space.get(), h5::default_plist(),
                            h5::default_plist(), h5::default_plist()),
                 "create /sync");
  ASSERT_GE(H5Dwrite(ds.get(), mem.get(), h5::all_selection(), h5::all_selection(),
                     h5::default_plist(), rows.data()),
            0);
}

// A 1.3 file: sync rows without a bound read as "not recorded" (-1, growth 0), with every
// older field intact, and its cases have no per-iteration clock bound or slew.
TEST_F(ResultsErrors, Format13SyncRowsReadAsBoundNotRecorded) {
  const std::string p = path("v1_3.h5");
  {
    ResultWriter w(p, false, small_info());
    w.write_case(small_case(5));
  }
  {
    h5::QuietErrors quiet;
    h5::File f(H5Fopen(p.c_str(), H5F_ACC_RDWR, h5::default_plist()), "open");
    write_sync_13(f.get(), {{1000, 1, -250, 0.5, 1800}, {2000, 2, 75, -1.25, 2400}});
  }
  relabel_minor_version(p, 3, [](hid_t) {});
  ResultReader r(p);
  EXPECT_EQ(r.format_minor(), 3);
  EXPECT_TRUE(r.warnings().empty());
  ASSERT_EQ(r.sync_events().size(), 2u);
  const SyncEventRow& s = r.sync_events()[1];
  EXPECT_EQ(s.time_ns, 2000);
  EXPECT_EQ(s.rank, 2);
  EXPECT_EQ(s.offset_ns, 75);
  EXPECT_EQ(s.drift_ppb, -1.25);
  EXPECT_EQ(s.rtt_min_ns, 2400);
  for (const SyncEventRow& row : r.sync_events()) {
    EXPECT_EQ(row.error_bound_ns, -1);
    EXPECT_EQ(row.bound_growth_ppb, 0.0);
  }
  ASSERT_EQ(r.cases().size(), 1u);
  EXPECT_EQ(r.cases()[0].clock_bound_ns.rows, 0);
  EXPECT_EQ(r.cases()[0].clock_slew_ns.cols, 0);
}

TEST_F(ResultsErrors, NewerMinorVersionReads) {
  const std::string p = path("v1_7.h5");
  {
    ResultWriter w(p, false, small_info());
    w.write_case(small_case(5));
  }
  // What a 1.7 writer might do: bump the minor version, add a root attribute of a new kind
  // and a dataset to the case. None of it may stop a 1.0 reader.
  relabel_minor_version(p, 7, [&](hid_t root) {
    h5::write_double_attr(root, "future_number", 2.5);
    h5::Group c(H5Gopen2(root, "cases/0000", h5::default_plist()), "case");
    std::vector<std::int64_t> v = {1, 2, 3};
    h5::write_int64_1d(c.get(), "future_dataset", v);
  });
  ResultReader r(p);
  EXPECT_EQ(r.format_major(), 1);
  EXPECT_EQ(r.format_minor(), 7);
  ASSERT_EQ(r.cases().size(), 1u);
  EXPECT_EQ(r.cases()[0].seed, 5u);
  EXPECT_FALSE(r.run_info().extra.contains("future_number"));
}

TEST_F(ResultsErrors, InterruptedCasesAreSkippedAndCounted) {
  const std::string p = path("killed.h5");
  {
    ResultWriter w(p, false, small_info());
    w.write_case(small_case(10));
    w.write_case(small_case(11));
  }
  {
    // What a run killed part-way through a case could leave: a case group without complete=1,
    // one with complete=0 and only some data, and a name that is not a case index.
    h5::QuietErrors quiet;
    h5::File f(H5Fopen(p.c_str(), H5F_ACC_RDWR, h5::default_plist()), "open");
    h5::Group a(H5Gcreate2(f.get(), "/cases/0002", h5::default_plist(), h5::default_plist(),
                           h5::default_plist()),
                "0002");
    h5::write_string_attr(a.get(), "collective", "reduce");
    h5::Group b(H5Gcreate2(f.get(), "/cases/0003", h5::default_plist(), h5::default_plist(),
                           h5::default_plist()),
                "0003");
    std::vector<std::int64_t> half(4, 0);
    h5::write_int64_2d(b.get(), "arrival_ns", 2, 2, half);
    h5::write_int64_attr(b.get(), "complete", 0);
    h5::Group c(H5Gcreate2(f.get(), "/cases/tmp-0004", h5::default_plist(), h5::default_plist(),
                           h5::default_plist()),
                "tmp");
  }
  ::testing::internal::CaptureStderr();
  ResultReader r(p);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  ASSERT_EQ(r.cases().size(), 2u);
  EXPECT_EQ(r.cases()[0].seed, 10u);
  EXPECT_EQ(r.cases()[1].seed, 11u);
  EXPECT_EQ(r.incomplete_cases(), 3);
  EXPECT_TRUE(r.warnings().empty());
}

TEST_F(ResultsErrors, CompleteButUnreadableCaseIsSkippedWithAWarning) {
  const std::string p = path("damaged.h5");
  {
    ResultWriter w(p, false, small_info());
    w.write_case(small_case(1));
    w.write_case(small_case(2));
  }
  {
    h5::QuietErrors quiet;
    h5::File f(H5Fopen(p.c_str(), H5F_ACC_RDWR, h5::default_plist()), "open");
    h5::check(H5Ldelete(f.get(), "/cases/0000/exit_ns", h5::default_plist()), "delete");
  }
  ResultReader r(p);
  ASSERT_EQ(r.cases().size(), 1u);
  EXPECT_EQ(r.cases()[0].seed, 2u);
  EXPECT_EQ(r.incomplete_cases(), 1);
  ASSERT_EQ(r.warnings().size(), 1u);
  EXPECT_THAT(r.warnings()[0], HasSubstr("0000"));
  EXPECT_THAT(r.warnings()[0], HasSubstr("exit_ns"));
  // An on-demand reader finds the missing dataset when it indexes the case, not at load_case.
  const ResultReader lazy(p, CaseData::kOnDemand);
  ASSERT_EQ(lazy.cases().size(), 1u);
  EXPECT_EQ(lazy.incomplete_cases(), 1);
  EXPECT_EQ(lazy.warnings(), r.warnings());
  EXPECT_EQ(lazy.load_case(0).exit_ns.data, r.cases()[0].exit_ns.data);
}

// What a kill in the middle of a /cases update can do, made deterministic: entries missing from
// /cases, or /cases gone altogether. The /last_case chain must bring every case back.
TEST_F(ResultsErrors, CasesLostFromTheIndexAreFoundThroughTheChain) {
  const std::string p = path("chain.h5");
  {
    ResultWriter w(p, false, small_info());
    for (int i = 0; i < 5; ++i) w.write_case(small_case(static_cast<std::uint64_t>(100 + i)));
  }
  auto unlink_keeping_object = [&](const char* link) {
    h5::QuietErrors quiet;
    h5::File f(H5Fopen(p.c_str(), H5F_ACC_RDWR, h5::default_plist()), "open");
    {
      // Keep the object alive (as a cut-short index update would) while its link goes away.
      h5::Group g(H5Gopen2(f.get(), link, h5::default_plist()), "open");
      h5::check(H5Oincr_refcount(g.get()), "incr");
    }
    h5::check(H5Ldelete(f.get(), link, h5::default_plist()), "unlink");
  };

  // An on-demand reader loads each case from where its index found it: by name in /cases, or
  // through the chain's reference.
  const auto expect_on_demand_alike = [&](const ResultReader& r) {
    const ResultReader lazy(p, CaseData::kOnDemand);
    ASSERT_EQ(lazy.cases().size(), r.cases().size());
    EXPECT_EQ(lazy.warnings(), r.warnings());
    for (std::size_t i = 0; i < r.cases().size(); ++i) {
      const CaseRecord got = lazy.load_case(i);
      EXPECT_EQ(got.seed, r.cases()[i].seed) << i;
      EXPECT_EQ(got.arrival_ns.data, r.cases()[i].arrival_ns.data) << i;
    }
  };
  unlink_keeping_object("/cases/0001");
  unlink_keeping_object("/cases/0004");
  {
    ResultReader r(p);
    ASSERT_EQ(r.cases().size(), 5u);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(r.cases()[i].seed, 100 + i);
    EXPECT_EQ(r.incomplete_cases(), 0);
    ASSERT_EQ(r.warnings().size(), 1u);
    EXPECT_THAT(r.warnings()[0], HasSubstr("2 case(s) were found through the /last_case chain"));
    expect_on_demand_alike(r);
  }

  unlink_keeping_object("/cases");
  {
    ResultReader r(p);
    ASSERT_EQ(r.cases().size(), 5u);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(r.cases()[i].seed, 100 + i);
    ASSERT_EQ(r.warnings().size(), 1u);
    EXPECT_THAT(r.warnings()[0], HasSubstr("5 case(s) were found through the /last_case chain"));
    expect_on_demand_alike(r);
  }
}

}  // namespace
}  // namespace papbench::results
