#pragma once
// `papbench topology`: the nodes, leaders and ranks of this run, real or virtual (--virtual-ppn),
// as papbench's hierarchical code and clock sync see them.

#include <string>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawTopologyOptions {
  std::string virtual_ppn = "0";
  int leaders = 1;
  bool json = false;
};

CLI::App* add_topology_command(CLI::App& app, RawTopologyOptions& raw);
int topology_command(const RawTopologyOptions& raw);

}  // namespace papbench
