#pragma once
// Extension point for `papbench-report table <paper-table> FILE...`: each entry rebuilds one
// table or figure of a source paper from result sets and prints our numbers beside the
// paper's. The registry in paper_tables.cpp is an explicit list (no self-registration), one
// row per table, so a reader can scan what exists top to bottom.
//
// Adding a table: write tools/report/tables/table_<paper>_<n>.cpp with a function of the PaperTable
// `build` signature that fills a Report (table_format.hpp renders all four formats), and add
// one row to kPaperTables.

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

struct PaperTable {
  std::string_view name;     // the command-line argument, e.g. "proficz-table3"
  std::string_view summary;  // one line for --list
  std::string_view source;   // "[Proficz2020] Table 3" (docs/REFERENCES.md keys)
  std::function<Report(const std::vector<ResultFile>&)> build;
  // Set instead of `build` by a table whose input is not a result set (clv-table1 reads
  // `papbench schedgen` files): it gets the paths and opens them with its own loader.
  std::function<Report(const std::vector<std::string>&)> build_from_paths = {};
};

std::span<const PaperTable> paper_tables();
const PaperTable* find_paper_table(std::string_view name);

}  // namespace papbench::report
