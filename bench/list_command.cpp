#include "bench/list_command.hpp"

#include <fmt/format.h>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"

namespace papbench {

std::string list_algorithms() {
  std::string out;
  for (const CollectiveInfo& c : collective_table()) {
    out +=
        fmt::format("{}{}  — {}\n", c.name, c.intergroup ? " (intercommunicator)" : "", c.summary);
    for (const AlgorithmInfo& a : algorithm_registry()) {
      if (a.collective != c.name) continue;
      out += fmt::format("    {:<14} {}  [{}]\n", a.name, a.summary, a.source);
    }
  }
  return out;
}

}  // namespace papbench
