#pragma once
// What the report-view tests share: a result set written with known cases and opened as
// papbench-report opens it, and the columns of a view's table looked up by key.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "results/result_set.hpp"
#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

// Result-set timestamps are in nanoseconds; the fixtures write them in milliseconds.
inline constexpr std::int64_t kMs = 1'000'000;

// The run of a fixture result set: `ranks` ranks on one host in --virtual-ppn 2 nodes.
inline results::RunInfo virtual_nodes_run_info(int ranks, const std::string& command_line) {
  results::RunInfo info;
  info.papbench_version = "test";
  info.command_line = command_line;
  info.mpi_library_version = "Fixture MPI";
  info.mpi_size = ranks;
  info.nodes_virtual = true;
  info.virtual_ppn = 2;
  for (int r = 0; r < ranks; ++r) {
    info.hostnames.push_back("host");
    info.node_index.push_back(r / 2);
    info.core.push_back(r);
  }
  return info;
}

// Writes `cases` to a new result set at `file` and opens it as the views read their FILES.
inline std::vector<ResultFile> write_result_files(const std::string& file,
                                                  const results::RunInfo& info,
                                                  const std::vector<results::CaseRecord>& cases) {
  {
    results::ResultWriter w(file, false, info);
    for (const results::CaseRecord& c : cases) w.write_case(c);
  }
  std::vector<ResultFile> files;
  files.push_back(open_result_file(file));
  return files;
}

// The index of the column `key` in a section's table; a test failure when it has none.
inline std::size_t column(const Section& s, const std::string& key) {
  const auto& cols = s.table.columns;
  const auto it =
      std::find_if(cols.begin(), cols.end(), [&](const Column& c) { return c.key == key; });
  EXPECT_NE(it, cols.end()) << key;
  return static_cast<std::size_t>(it - cols.begin());
}

}  // namespace papbench::report
