#pragma once
// The options every `papbench app` macro kernel (floyd, matvec, ft) takes, apart from the
// kernel's own: light enough for the raw option structs that main.cpp holds.

#include <string>

#include "common/cli_fwd.hpp"

namespace papbench::app {

struct CommonOptions {
  int reps = 3;
  int virtual_ppn = 0;
  std::string out;  // empty: no result set
  bool force = false;
};

// Adds --reps, --virtual-ppn, --out and --force to `cmd`; check_common refuses their bad values
// (UsageError naming the option, exit 2).
void add_common_options(CLI::App& cmd, CommonOptions& common);
void check_common(const CommonOptions& common);

}  // namespace papbench::app
