#include "results/schedgen_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>

#include "common/files.hpp"
#include "results/hdf5_handles.hpp"

namespace papbench::schedgen {
namespace h5 = results::h5;
namespace {

std::string group_name(const GridPoint& p) {
  return fmt::format("P{}", p.P);
}

bool has_hdf5_signature(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  char sig[8] = {};
  return f.read(sig, sizeof sig) && std::string(sig, sizeof sig) == "\x89HDF\r\n\x1a\n";
}

std::vector<std::int64_t> one_d(hid_t g, const char* name, std::size_t want,
                                const std::string& where) {
  std::vector<std::int64_t> v = h5::read_int64_1d(g, name);
  if (v.size() != want) {
    throw FileError(fmt::format("{}/{}: {} values, expected {}", where, name, v.size(), want));
  }
  return v;
}

}  // namespace

void write_file(const std::string& path, const File& data) {
  h5::QuietErrors quiet;
  h5::PropList fapl = h5::file_access_plist();
  h5::File file(H5Fcreate(path.c_str(), H5F_ACC_EXCL, h5::default_plist(), fapl.get()),
                "create schedgen file");
  const hid_t root = file.get();
  h5::write_string_attr(root, "kind", kFileKind);
  h5::write_int64_attr(root, "format_version", kFormatVersion);
  h5::write_string_attr(root, "protocol", "[ProficzOcetkiewicz2021] §5.7");
  h5::write_string_array_attr(root, "impls", data.impls);
  h5::write_uint64_attr(root, "seed", data.seed);
  h5::write_string_attr(root, "segtree_path", data.segtree_path);
  h5::write_string_attr(root, "command_line", data.command_line);
  h5::write_string_attr(root, "papbench_version", data.papbench_version);
  h5::write_string_attr(root, "cpu_model", data.cpu_model);
  h5::write_string_attr(root, "build", data.build);
  h5::write_string_attr(root, "clock", data.clock);
  h5::write_string_attr(root, "time_unit", "ns");
  const int impls = static_cast<int>(data.impls.size());
  for (const GridPoint& p : data.points) {
    if (!h5::has_link(root, p.pattern.c_str())) {
      h5::Group g(H5Gcreate2(root, p.pattern.c_str(), h5::default_plist(), h5::default_plist(),
                             h5::default_plist()),
                  "create pattern group");
    }
    h5::Group pg(H5Gopen2(root, p.pattern.c_str(), h5::default_plist()), "open pattern group");
    h5::Group g(H5Gcreate2(pg.get(), group_name(p).c_str(), h5::default_plist(),
                           h5::default_plist(), h5::default_plist()),
                "create grid point group");
    h5::write_int64_attr(g.get(), "P", p.P);
    h5::write_int64_attr(g.get(), "N", p.segments);
    h5::write_int64_attr(g.get(), "reps", static_cast<std::int64_t>(p.reps()));
    h5::write_int64_2d(g.get(), "time_ns", static_cast<int>(p.reps()), impls, p.time_ns);
    h5::write_int64_1d(g.get(), "root", p.root);
    h5::write_int64_1d(g.get(), "round_time_ticks", p.round_time_ticks);
    h5::write_int64_1d(g.get(), "rounds", p.rounds);
    h5::write_int64_1d(g.get(), "transfers", p.transfers);
    h5::write_int64_1d(g.get(), "peak_state_bytes", p.peak_state_bytes);
  }
  h5::check(H5Fflush(root, H5F_SCOPE_GLOBAL), "flush schedgen file");
  h5::sync_to_disk(root, fapl.get());
  file.close("close schedgen file");
}

File read_file(const std::string& path) {
  h5::QuietErrors quiet;
  // Opening a FIFO would wait for a writer forever.
  if (const auto kind = non_regular_kind(path)) {
    throw FileError(fmt::format("{}: not a regular file ({})", path, *kind));
  }
  {
    std::ifstream probe(path, std::ios::binary);
    if (!probe) throw FileError(fmt::format("{}: cannot open", path));
  }
  if (!has_hdf5_signature(path)) {
    throw FileError(fmt::format("{}: not a schedgen file (not an HDF5 file at all)", path));
  }
  try {
    h5::PropList fapl = h5::file_access_plist();
    h5::File file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl.get()), "open");
    const hid_t root = file.get();
    const auto kind = h5::read_string_attr(root, "kind");
    if (kind != std::string(kFileKind)) {
      throw FileError(fmt::format(
          "{}: not a schedgen file (no kind = \"{}\"; a papbench result set? write one with "
          "`papbench schedgen`)",
          path, kFileKind));
    }
    const auto version = h5::read_int64_attr(root, "format_version").value_or(0);
    if (version != kFormatVersion) {
      throw FileError(fmt::format("{}: schedgen format {} is not {}, the one this tool reads", path,
                                  version, kFormatVersion));
    }
    File data;
    data.impls = h5::read_string_array_attr(root, "impls").value_or(std::vector<std::string>{});
    data.seed = h5::read_uint64_attr(root, "seed").value_or(0);
    data.segtree_path = h5::read_string_attr(root, "segtree_path").value_or("");
    data.command_line = h5::read_string_attr(root, "command_line").value_or("");
    data.papbench_version = h5::read_string_attr(root, "papbench_version").value_or("");
    data.cpu_model = h5::read_string_attr(root, "cpu_model").value_or("");
    data.build = h5::read_string_attr(root, "build").value_or("");
    data.clock = h5::read_string_attr(root, "clock").value_or("");
    if (data.impls.empty()) throw FileError(fmt::format("{}: lists no implementations", path));
    for (const std::string& pattern : h5::link_names(root)) {
      h5::Group pg(H5Gopen2(root, pattern.c_str(), h5::default_plist()), "open pattern group");
      for (const std::string& name : h5::link_names(pg.get())) {
        h5::Group g(H5Gopen2(pg.get(), name.c_str(), h5::default_plist()), "open grid point");
        const std::string where = fmt::format("{}: /{}/{}", path, pattern, name);
        GridPoint p;
        p.pattern = pattern;
        p.P = static_cast<int>(h5::read_int64_attr(g.get(), "P").value_or(0));
        p.segments = static_cast<int>(h5::read_int64_attr(g.get(), "N").value_or(0));
        const h5::Int64Table t = h5::read_int64_2d(g.get(), "time_ns");
        if (t.cols != static_cast<int>(data.impls.size())) {
          throw FileError(fmt::format("{}/time_ns: {} columns for {} implementations", where,
                                      t.cols, data.impls.size()));
        }
        p.time_ns = t.data;
        const auto reps = static_cast<std::size_t>(t.rows);
        p.root = one_d(g.get(), "root", reps, where);
        p.round_time_ticks = one_d(g.get(), "round_time_ticks", reps, where);
        p.rounds = one_d(g.get(), "rounds", reps, where);
        p.transfers = one_d(g.get(), "transfers", reps, where);
        p.peak_state_bytes = one_d(g.get(), "peak_state_bytes", data.impls.size(), where);
        data.points.push_back(std::move(p));
      }
    }
    // Links come in name order ("P128" before "P16"); readers want P ascending.
    std::stable_sort(data.points.begin(), data.points.end(),
                     [](const GridPoint& a, const GridPoint& b) {
                       return a.pattern != b.pattern ? a.pattern > b.pattern : a.P < b.P;
                     });
    return data;
  } catch (const h5::Error& e) {
    throw FileError(fmt::format("{}: unreadable schedgen file ({})", path, e.what()));
  }
}

}  // namespace papbench::schedgen
