#pragma once
// `papbench counters`: which PAPI presets and native events this machine can count, each one
// tried for real (like papi_avail and papi_native_avail, but short).

#include <string>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawCountersOptions {
  std::string domain = "user";
  bool all = false;
};

CLI::App* add_counters_command(CLI::App& app, RawCountersOptions& raw);
int counters_command(const RawCountersOptions& raw);

}  // namespace papbench
