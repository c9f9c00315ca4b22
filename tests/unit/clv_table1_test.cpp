// [ProficzOcetkiewicz2021] Table 1 from schedgen files: the schedgen HDF5 layout round-trips, the
// table's speedups are mean(X) / mean(segtree) with Welch confidence, the paper's numbers sit
// beside them, and foreign or duplicate inputs are refused by name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "common/errors.hpp"
#include "results/schedgen_file.hpp"
#include "tools/report/tables/table_clv1.hpp"

namespace papbench::report {
namespace {

namespace fs = std::filesystem;

class ClvTable1 : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("clv_table1_test." + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

// linear = 3x segtree in the mean with a clear separation, pairing = segtree exactly in the
// mean with overlapping samples.
schedgen::File sample_file() {
  schedgen::File f;
  f.impls = {"linear", "pairing", "segtree"};
  f.seed = 9;
  f.segtree_path = "scalar64";
  f.command_line = "papbench schedgen (test)";
  f.cpu_model = "test CPU";
  f.build = "Release; GNU 12.2.0; flags: -O3 -DNDEBUG";
  for (const int P : {4, 512}) {
    schedgen::GridPoint p;
    p.pattern = "uniform";
    p.P = P;
    p.segments = P;
    const std::int64_t seg[] = {100, 110, 90, 105, 95};
    const std::int64_t pair[] = {80, 120, 100, 90, 110};
    for (int r = 0; r < 5; ++r) {
      p.time_ns.insert(p.time_ns.end(), {3 * seg[r], pair[r], seg[r]});
      p.root.push_back(r % P);
      p.round_time_ticks.push_back(1000000 + r);
      p.rounds.push_back(10 + r);
      p.transfers.push_back(20 + r);
    }
    p.peak_state_bytes = {P * P, 50 * P * P, P * P / 2};
    f.points.push_back(p);
  }
  schedgen::GridPoint s = f.points.front();
  s.pattern = "skewed";
  f.points.push_back(s);
  return f;
}

const Cell& cell(const Section& s, std::size_t row, const std::string& key) {
  const auto& cols = s.table.columns;
  for (std::size_t c = 0; c < cols.size(); ++c) {
    if (cols[c].key == key) return s.table.rows.at(row).cells.at(c);
  }
  throw std::runtime_error("no column " + key);
}

TEST_F(ClvTable1, FileRoundTrips) {
  const schedgen::File f = sample_file();
  schedgen::write_file(path("sg.h5"), f);
  const schedgen::File g = schedgen::read_file(path("sg.h5"));
  EXPECT_EQ(g.impls, f.impls);
  EXPECT_EQ(g.seed, 9U);
  EXPECT_EQ(g.segtree_path, "scalar64");
  EXPECT_EQ(g.build, f.build);
  ASSERT_EQ(g.points.size(), 3U);
  EXPECT_EQ(g.points[0].pattern, "uniform");  // uniform first, P ascending
  EXPECT_EQ(g.points[0].P, 4);
  EXPECT_EQ(g.points[1].P, 512);
  EXPECT_EQ(g.points[2].pattern, "skewed");
  EXPECT_EQ(g.points[1].time_ns, f.points[1].time_ns);
  EXPECT_EQ(g.points[1].peak_state_bytes, f.points[1].peak_state_bytes);
  EXPECT_EQ(g.points[0].rounds, f.points[0].rounds);
  EXPECT_THROW(schedgen::write_file(path("sg.h5"), f), std::exception);  // never overwrites
}

TEST_F(ClvTable1, SpeedupsConfidenceAndPaper) {
  schedgen::write_file(path("sg.h5"), sample_file());
  const Report r = build_clv_table1({path("sg.h5")});
  ASSERT_EQ(r.sections.size(), 1U);
  const Section& s = r.sections[0];
  ASSERT_EQ(s.table.rows.size(), 3U);
  EXPECT_DOUBLE_EQ(cell(s, 0, "linear_speedup").raw.get<double>(), 3.0);
  EXPECT_DOUBLE_EQ(cell(s, 0, "pairing_speedup").raw.get<double>(), 1.0);
  EXPECT_EQ(cell(s, 0, "linear_confidence").text, "99.9%");
  EXPECT_EQ(cell(s, 0, "pairing_confidence").text, "<90%");
  EXPECT_LT(cell(s, 0, "linear_welch_p").raw.get<double>(), 1e-3);
  EXPECT_DOUBLE_EQ(cell(s, 0, "pairing_welch_p").raw.get<double>(), 1.0);
  EXPECT_EQ(cell(s, 0, "linear_paper").text, "0.49");    // uniform P = 4
  EXPECT_EQ(cell(s, 1, "pairing_paper").text, "43.64");  // uniform P = 512
  EXPECT_EQ(cell(s, 2, "linear_paper").text, "0.45");    // skewed P = 4
  EXPECT_EQ(cell(s, 2, "pairing_paper").text, "2.45");
  EXPECT_EQ(cell(s, 0, "reps").raw.get<long long>(), 5);
}

TEST_F(ClvTable1, MissingImplementationShowsDash) {
  schedgen::File f = sample_file();
  f.impls = {"pairing", "segtree"};
  for (auto& p : f.points) {
    std::vector<std::int64_t> t;
    for (std::size_t i = 0; i < p.time_ns.size(); i += 3)
      t.insert(t.end(), {p.time_ns[i + 1], p.time_ns[i + 2]});
    p.time_ns = t;
    p.peak_state_bytes.erase(p.peak_state_bytes.begin());
  }
  schedgen::write_file(path("two.h5"), f);
  const Report r = build_clv_table1({path("two.h5")});
  EXPECT_EQ(cell(r.sections[0], 0, "linear_speedup").text, "-");
  EXPECT_DOUBLE_EQ(cell(r.sections[0], 0, "pairing_speedup").raw.get<double>(), 1.0);
}

TEST_F(ClvTable1, RefusesForeignAndDuplicateInput) {
  { std::ofstream(path("text.h5")) << "not hdf5\n"; }
  try {
    build_clv_table1({path("text.h5")});
    FAIL() << "accepted a text file";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("not a schedgen file"), std::string::npos) << e.what();
  }
  EXPECT_THROW(build_clv_table1({path("missing.h5")}), UsageError);
  schedgen::write_file(path("a.h5"), sample_file());
  schedgen::write_file(path("b.h5"), sample_file());
  try {
    build_clv_table1({path("a.h5"), path("b.h5")});
    FAIL() << "accepted the same (pattern, P) twice";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("b.h5"), std::string::npos) << e.what();
  }
}

TEST(ClvTable1Levels, ConfidenceAndPaperRows) {
  EXPECT_EQ(confidence_level(0.0005), "99.9%");
  EXPECT_EQ(confidence_level(0.005), "99%");
  EXPECT_EQ(confidence_level(0.015), "98%");
  EXPECT_EQ(confidence_level(0.03), "95%");
  EXPECT_EQ(confidence_level(0.07), "90%");
  EXPECT_EQ(confidence_level(0.5), "<90%");
  EXPECT_EQ(confidence_level(std::nan("")), "n/a");
  ASSERT_TRUE(clv_table1_paper(512).has_value());
  EXPECT_DOUBLE_EQ(clv_table1_paper(512)->uniform_linear, 19.33);
  EXPECT_DOUBLE_EQ(clv_table1_paper(512)->skewed_linear, 1.36);
  EXPECT_FALSE(clv_table1_paper(1024).has_value());
}

}  // namespace
}  // namespace papbench::report
