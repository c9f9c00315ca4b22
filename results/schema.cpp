#include "results/schema.hpp"

namespace papbench::results {

const std::set<std::string, std::less<>>& standard_root_attributes() {
  static const std::set<std::string, std::less<>> names = {
      "format",     "format_version", "format_major",        "format_minor", "papbench_version",
      "git_sha",    "command_line",   "mpi_library_version", "mpi_size",     "created_utc",
      "clock_info", "nodes_virtual",  "virtual_ppn"};
  return names;
}

}  // namespace papbench::results
