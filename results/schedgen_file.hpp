#pragma once
// The HDF5 file of `papbench schedgen` (layout: docs/SCHEDGEN.md). Not a papbench result set:
// its root attribute kind = "papbench-schedgen" tells the two apart, and each reader refuses
// the other's files by name.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/errors.hpp"

namespace papbench::schedgen {

inline constexpr const char* kFileKind = "papbench-schedgen";
inline constexpr std::int64_t kFormatVersion = 1;

// One (pattern, P) of the grid: every timing of every rep and implementation.
struct GridPoint {
  std::string pattern;  // "uniform" or "skewed"
  int P = 0;
  int segments = 0;                            // N (= P in the protocol)
  std::vector<std::int64_t> time_ns;           // reps x impls, row-major, impl order of File::impls
  std::vector<std::int64_t> root;              // per rep
  std::vector<std::int64_t> round_time_ticks;  // d per rep (1 tick = 1e-9 time unit)
  std::vector<std::int64_t> rounds;            // schedule length per rep (identical for every impl)
  std::vector<std::int64_t> transfers;         // transfers per rep
  std::vector<std::int64_t> peak_state_bytes;  // per impl: measured on rep 0's instance

  std::size_t reps() const { return root.size(); }
  // time of rep r, implementation column c
  std::int64_t time(std::size_t r, std::size_t c, std::size_t impls) const {
    return time_ns[r * impls + c];
  }
};

struct File {
  std::vector<std::string> impls;  // column order of every time_ns table
  std::uint64_t seed = 0;
  std::string segtree_path;  // "avx2" or "scalar64": the kernels segtree ran with
  std::string command_line, papbench_version, cpu_model, clock = "std::chrono::steady_clock";
  std::string build;  // build type, compiler and flags (kBuild); empty in files older than it
  std::vector<GridPoint> points;  // in run order
};

// A file that is not a schedgen file, is damaged or has a newer format; what() names the file.
class FileError : public Error {
 public:
  using Error::Error;
};

// Writes `path`, which must not exist (exclusive create); the caller renames it into place.
void write_file(const std::string& path, const File& data);
File read_file(const std::string& path);

}  // namespace papbench::schedgen
