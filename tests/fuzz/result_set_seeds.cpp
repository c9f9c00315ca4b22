#include "tests/fuzz/result_set_seeds.hpp"

#include <hdf5.h>

#include <fstream>
#include <functional>
#include <iterator>

#include "results/hdf5_handles.hpp"
#include "results/result_set.hpp"

namespace papbench::fuzz {
namespace {

using results::Matrix;

results::RunInfo small_info() {
  results::RunInfo info;
  info.papbench_version = "fuzz";
  info.git_sha = "0";
  info.mpi_size = 3;
  info.hostnames = {"n0", "n0", "n1"};
  info.node_index = {0, 0, 1};
  info.core = {0, 1, 0};
  return info;
}

Matrix counting(int rows, int cols, std::int64_t base) {
  Matrix m(rows, cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) m.at(r, c) = base + 1000 * r + 10 * c;
  return m;
}

results::CaseRecord small_case(const char* algorithm, bool pat) {
  results::CaseRecord c;
  c.collective = "reduce";
  c.algorithm = algorithm;
  c.params = pat ? "segments=2" : "";
  c.count = 1024;
  c.dtype = "int";
  c.op = "sum";
  c.pattern = "uniform";
  c.sync_mode = "window";
  c.seed = 1;
  c.warmup = 1;
  c.iterations = 3;
  c.ranks = 3;
  c.validated = "pass";
  c.arrival_ns = counting(3, 3, 100);
  c.exit_ns = counting(3, 3, 500);
  c.planned_delay_ns = counting(3, 3, 0);
  c.planned_arrival_ns = counting(3, 3, 90);
  c.late = {0, 1, 0};
  c.validation = {1, 0, 0};
  c.clock_bound_ns = counting(3, 3, 5);
  c.clock_slew_ns = Matrix(3, 3);
  if (pat) {
    c.predicted_arrival_ns = counting(3, 3, 95);
    c.pat_exchange_done_ns = counting(3, 3, 300);
    c.pat_work_done_ns = counting(3, 3, 400);
    c.metrics["clv_schedule_ns"] = counting(3, 3, 1);
  }
  c.counters["PAPI_TOT_INS"] = counting(3, 3, 7);
  c.counters_unavailable = {"PAPI_L3_TCM: not supported"};
  return c;
}

void write_valid(const std::string& path) {
  results::ResultWriter w(path, true, small_info());
  const std::vector<results::SyncEventRow> sync = {{0, 1, 10, 0.5, 800, 400, 1.0},
                                                   {0, 2, -10, -0.5, 900, 450, 1.0}};
  w.append_sync_events(sync);
  w.write_case(small_case("native", false));
  w.write_case(small_case("clairvoyant", true));
}

// Opens `path` read-write and applies `edit` to it.
void edit(const std::string& path, const std::function<void(hid_t)>& change) {
  results::h5::File f(H5Fopen(path.c_str(), H5F_ACC_RDWR, results::h5::default_plist()), "open");
  change(f.get());
}

void set_major(hid_t file, std::int64_t major) {
  results::h5::Group root(H5Gopen2(file, "/", results::h5::default_plist()), "root");
  for (const char* name : {"format_major", "format_version"}) {
    if (H5Aexists(root.get(), name) > 0) H5Adelete(root.get(), name);
  }
  results::h5::write_int64_attr(root.get(), "format_major", major);
  results::h5::write_string_attr(root.get(), "format_version", std::to_string(major) + ".0");
}

// Replaces /cases/0000/NAME by what `make` writes under the same name.
void replace_dataset(hid_t file, const char* name, const std::function<void(hid_t)>& make) {
  results::h5::Group c(H5Gopen2(file, "/cases/0000", results::h5::default_plist()), "case");
  H5Ldelete(c.get(), name, results::h5::default_plist());
  make(c.get());
}

// A dataset that claims `dims` elements but stores none (chunked, never written): what a damaged
// dataspace looks like to the reader, in a file HDF5 itself finds valid.
void write_unstored(hid_t loc, const char* name, std::vector<hsize_t> dims) {
  namespace h5 = results::h5;
  h5::Dataspace space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr),
                      "space");
  h5::PropList dcpl(H5Pcreate(H5P_DATASET_CREATE), "dcpl");
  const std::vector<hsize_t> chunk(dims.size(), 1);
  h5::check(H5Pset_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data()), "chunk");
  h5::Dataset ds(H5Dcreate2(loc, name, h5::file_int64(), space.get(), h5::default_plist(),
                            dcpl.get(), h5::default_plist()),
                 "create");
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

std::vector<std::pair<std::string, std::string>> result_set_seeds(const std::string& dir) {
  results::h5::QuietErrors quiet;
  std::vector<std::pair<std::string, std::string>> seeds;
  const auto add = [&](const std::string& name, const std::function<void(const std::string&)>& f) {
    const std::string path = dir + "/seed-" + name + ".h5";
    f(path);
    seeds.emplace_back(name, slurp(path));
  };
  add("valid", write_valid);
  add("foreign", [](const std::string& p) {
    results::h5::File f(H5Fcreate(p.c_str(), H5F_ACC_TRUNC, results::h5::default_plist(),
                                  results::h5::default_plist()),
                        "create");
    const std::vector<std::int64_t> data = {1, 2, 3};
    results::h5::write_int64_1d(f.get(), "data", data);
  });
  add("newer-major", [](const std::string& p) {
    write_valid(p);
    edit(p, [](hid_t f) { set_major(f, results::kFormatMajor + 1); });
  });
  add("older-major", [](const std::string& p) {
    write_valid(p);
    edit(p, [](hid_t f) { set_major(f, results::kFormatMajor - 1); });
  });
  add("arrival-wrong-shape", [](const std::string& p) {
    write_valid(p);
    edit(p, [](hid_t f) {
      replace_dataset(f, "arrival_ns", [](hid_t c) {
        const Matrix m = counting(4, 2, 100);
        results::h5::write_int64_2d(c, "arrival_ns", m.rows, m.cols, m.data);
      });
    });
  });
  add("exit-one-dimension", [](const std::string& p) {
    write_valid(p);
    edit(p, [](hid_t f) {
      replace_dataset(f, "exit_ns", [](hid_t c) {
        const std::vector<std::int64_t> data(9, 1);
        results::h5::write_int64_1d(c, "exit_ns", data);
      });
    });
  });
  add("late-wrong-type", [](const std::string& p) {
    write_valid(p);
    edit(p, [](hid_t f) {
      replace_dataset(f, "late", [](hid_t c) {
        const std::vector<std::string> words = {"a", "b", "c"};
        results::h5::write_string_1d(c, "late", words);
      });
    });
  });
  add("late-short", [](const std::string& p) {
    write_valid(p);
    edit(p, [](hid_t f) {
      replace_dataset(f, "late", [](hid_t c) {
        const std::vector<std::uint8_t> one = {1};
        results::h5::write_uint8_1d(c, "late", one);
      });
    });
  });
  // Found by the fuzzer: a flipped bit in /topology's dataspace made the reader allocate the
  // claimed extent (std::bad_alloc, or minutes of zero-filling), before HDF5 found no data.
  add("topology-claims-2^40-cores", [](const std::string& p) {
    write_valid(p);
    edit(p, [](hid_t f) {
      results::h5::Group topo(H5Gopen2(f, "/topology", results::h5::default_plist()), "topo");
      H5Ldelete(topo.get(), "core", results::h5::default_plist());
      write_unstored(topo.get(), "core", {hsize_t{1} << 40});
    });
  });
  add("arrival-claims-2^25-squared", [](const std::string& p) {
    write_valid(p);
    edit(p, [](hid_t f) {
      replace_dataset(f, "arrival_ns", [](hid_t c) {
        write_unstored(c, "arrival_ns", {hsize_t{1} << 25, hsize_t{1} << 25});
      });
    });
  });
  return seeds;
}

}  // namespace papbench::fuzz
