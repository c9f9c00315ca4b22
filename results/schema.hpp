#pragma once
// Names the writer and the reader must agree on (docs/RESULTS_FORMAT.md).

#include <functional>
#include <set>
#include <string>

namespace papbench::results {

// The attributes of '/' that RunInfo's typed fields own; RunInfo::extra may not reuse them.
const std::set<std::string, std::less<>>& standard_root_attributes();

}  // namespace papbench::results
