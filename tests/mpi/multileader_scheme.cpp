// allgather/multileader runs the thesis' scheme ([Parsons2015] §2.3.2; issue 27 item 9): no
// shared window spans more than one leader group (shared-memory use drops from ns to ns/L ranks),
// and the leaders of a node exchange point to point: each leader sends every group it ran to every
// other leader of its node. scheme=shared keeps one node-wide window and no exchange. Counted
// through the profiling interface (mpi_object_counts.hpp), on nodes of --virtual-ppn K, for
// leaders=1..K+1; the results are validated too (collectives_native covers the whole matrix).
//
// Usage: multileader_scheme_mpi [--virtual-ppn K]

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <string>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "mpi_object_counts.hpp"
#include "mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

// What one leaders=L case should show on this rank, from the group cut of collectives/uha/
// multileader.hpp (ceil(ns / min(L, ns)) consecutive local ranks per group).
struct Expected {
  int group_ranks = 0;  // this rank's group: its windows' communicator
  long sends = 0;       // this rank's Isends in one call: the leaders' exchange
};

Expected expected_of(const topology::NodeTopology& nodes, int leaders) {
  const int node = nodes.node_of_rank()[std::size_t(world_rank())];
  const auto& ranks = nodes.ranks_of_node(node);
  const int ns = int(ranks.size());
  const int local = int(std::ranges::find(ranks, world_rank()) - ranks.begin());
  const int gs = (ns + std::min(leaders, ns) - 1) / std::min(leaders, ns);
  const int here = (ns + gs - 1) / gs;  // this node's groups
  int groups = 0;                       // the most groups of any node
  for (int n = 0; n < nodes.node_count(); ++n) {
    const int size = int(nodes.ranks_of_node(n).size());
    const int g = (size + std::min(leaders, size) - 1) / std::min(leaders, size);
    groups = std::max(groups, (size + g - 1) / g);
  }
  Expected e;
  e.group_ranks = std::min(gs, ns - local / gs * gs);
  if (local % gs == 0) {
    const int mine = local / gs;
    long owned = 0;  // the groups this leader runs, its own and those it stands in for
    for (int g = 0; g < groups; ++g) owned += g % here == mine ? 1 : 0;
    e.sends = owned * (here - 1);
  }
  return e;
}

void check_case(const topology::NodeTopology& nodes, const AlgOptions& given,
                const Expected& want) {
  const AlgorithmInfo& info = *find_algorithm("allgather", "multileader");
  const CollectiveInfo& coll = *find_collective("allgather");
  Workload w(coll, MPI_COMM_WORLD, 0, *find_datatype("int"), *find_op("sum"), 5);
  Args args = w.args();
  args.nodes = &nodes;
  std::string label = "allgather/multileader";
  for (const auto& [key, value] : given) label += fmt::format(" {}={}", key, value);
  mpi_test::ObjectCounts& counts = mpi_test::object_counts();
  const auto alg = make_algorithm(info, given);
  counts.largest_shared_window_comm = 0;
  alg->prepare(args);
  const int window_ranks = counts.largest_shared_window_comm;
  mpi_test::expect(window_ranks == want.group_ranks,
                   fmt::format("{}: largest shared window over {} ranks, want {}", label,
                               window_ranks, want.group_ranks));
  for (int it = 0; it < 2; ++it) {
    w.reset();
    const long before = counts.isends;
    alg->run(args);
    const long sends = counts.isends - before;
    mpi_test::expect(sends == want.sends, fmt::format("{}: {} Isends in call {}, want {}", label,
                                                      sends, it, want.sends));
    std::string why;
    mpi_test::expect(w.check(&why), fmt::format("{}: call {}: {}", label, it, why));
  }
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  const int ppn = papbench::mpi_test::virtual_ppn_arg(argc, argv);
  return papbench::mpi_test::run_checks([&] {
    const papbench::topology::NodeTopology nodes(MPI_COMM_WORLD, ppn);
    int largest = 0;
    for (int n = 0; n < nodes.node_count(); ++n) {
      largest = std::max(largest, int(nodes.ranks_of_node(n).size()));
    }
    const int my_node_size =
        int(nodes.ranks_of_node(nodes.node_of_rank()[std::size_t(papbench::world_rank())]).size());
    for (int leaders = 1; leaders <= largest + 1; ++leaders) {
      const std::string l = std::to_string(leaders);
      // inter=mpich-ring: its own sends are MPI_Sendrecv, so every Isend is the exchange's.
      papbench::check_case(nodes, {{"leaders", l}, {"inter", "mpich-ring"}},
                           papbench::expected_of(nodes, leaders));
      papbench::check_case(nodes, {{"leaders", l}, {"inter", "mpich-ring"}, {"scheme", "shared"}},
                           {.group_ranks = my_node_size, .sends = 0});
    }
  });
}
