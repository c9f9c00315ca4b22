#include "bench/commands/topology_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

#include "bench/run/run_options.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/units.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

// A virtual node lies in one real node, but a real node whose ranks MPI reports under several
// processor names would otherwise show only one of them.
std::string host_of(const std::vector<std::string>& hosts, const std::vector<int>& ranks) {
  std::set<std::string> names;
  for (int r : ranks) names.insert(hosts[static_cast<std::size_t>(r)]);
  return fmt::format("{}", fmt::join(names, ","));
}

}  // namespace

CLI::App* add_topology_command(CLI::App& app, RawTopologyOptions& raw) {
  CLI::App* sub = app.add_subcommand(
      "topology", "Print the nodes, node leaders and ranks of this run (real or virtual nodes)");
  const std::vector<OptionRow> rows = {
      {.name = "--virtual-ppn",
       .target = &raw.virtual_ppn,
       .help = "Treat every K consecutive ranks of a node as one virtual node (0: real nodes)",
       .show_default = true},
      {.name = "--leaders",
       .target = &raw.leaders,
       .help = "Leaders per node (local ranks 0..L-1)",
       .show_default = true},
      {.name = "--json", .target = &raw.json, .help = "Print JSON"},
  };
  add_option_rows(*sub, rows);
  return sub;
}

int topology_command(const RawTopologyOptions& raw) {
  const int k = parse_virtual_ppn("--virtual-ppn", raw.virtual_ppn);
  if (raw.leaders < 1) {
    throw UsageError(
        fmt::format("--leaders: {} is not accepted; accepted: an integer L >= 1", raw.leaders));
  }
  const topology::NodeTopology nodes(MPI_COMM_WORLD, k, raw.leaders);
  const std::vector<std::string> hosts = allgather_strings(MPI_COMM_WORLD, processor_name());
  if (world_rank() != 0) return 0;

  nlohmann::json list = nlohmann::json::array();
  for (int n = 0; n < nodes.node_count(); ++n) {
    const std::vector<int> ranks = nodes.ranks_of_node(n);
    const std::vector<int> leaders = nodes.leaders_of_node(n);
    list.push_back({{"node", n},
                    {"ranks", ranks},
                    {"leader", leaders.front()},
                    {"leaders", leaders},
                    {"host", host_of(hosts, ranks)},
                    {"virtual", nodes.is_virtual()}});
  }
  if (raw.json) {
    const nlohmann::json report = {{"nodes", list},
                                   {"ranks", nodes.size()},
                                   {"virtual_ppn", nodes.virtual_ppn()},
                                   {"leaders_per_node", nodes.leaders_per_node()},
                                   {"real_nodes", nodes.real_node_count()},
                                   {"consecutive", nodes.consecutive()}};
    fmt::print("{}\n", report.dump(2));
  } else {
    const std::string kind = nodes.is_virtual()
                                 ? fmt::format("virtual node(s) (--virtual-ppn {}) on {} real", k,
                                               nodes.real_node_count())
                                 : std::string("real");
    fmt::print("{} rank(s) on {} {} node(s){}\n", nodes.size(), nodes.node_count(), kind,
               nodes.consecutive() ? "" : "; ranks are NOT placed consecutively");
    for (const auto& node : list) {
      fmt::print("node {:>3}: ranks {}  leader{} {}  host {}\n", node.at("node").get<int>(),
                 node.at("ranks").dump(), nodes.leaders_per_node() > 1 ? "s" : "",
                 node.at("leaders").dump(), node.at("host").get<std::string>());
    }
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace papbench
