// The app kernels' algorithm instance for a moving root (bench/app/app_kernel.hpp) holds as many
// communicators and windows as one instance prepared for one root, at any rank count: one instance
// per root held P times as many, past MPICH's ~2048 context ids for Floyd at 512-1024 ranks
// ([Parsons2015] Table 3.9) and matvec up to 8192 (issue 27, item 13). Counts the communicators
// and windows this program creates and frees (mpi_object_counts.hpp). Then runs every
// root through the instance twice and checks that no call made any. Every bcast and reduce row the
// kernels accept (no PAT runtime), default options, on the nodes of --virtual-ppn K.
//
// Usage: prepared_roots_mpi [--virtual-ppn K]

#include <fmt/format.h>
#include <mpi.h>

#include <string>
#include <vector>

#include "bench/app/app_kernel.hpp"
#include "collectives/core/registry.hpp"
#include "mpi_object_counts.hpp"
#include "mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

struct Held {
  long comms = 0, windows = 0;
  bool operator==(const Held&) const = default;
};
Held held_now() {
  const mpi_test::ObjectCounts& c = mpi_test::object_counts();
  return {c.live_comms, c.live_windows};
}
Held operator-(Held a, Held b) {
  return {a.comms - b.comms, a.windows - b.windows};
}

void check_algorithm(const app::AlgorithmChoice& choice, const topology::NodeTopology& nodes) {
  const int size = world_size();
  // Buffers every rank can be the root with (a Workload's are its root's), as the kernels' are.
  std::vector<int> send(7, world_rank()), recv(7, 0);
  Args base;
  base.comm = MPI_COMM_WORLD;
  base.dtype = MPI_INT;
  base.op = MPI_SUM;
  base.count = send.size();
  base.send = send.data();
  base.recv = recv.data();
  base.nodes = &nodes;
  const std::string name = choice.info->full_name();
  // What one instance prepared for one root holds.
  Held one;
  {
    const Held before = held_now();
    const auto single = make_algorithm(*choice.info, choice.options);
    single->prepare(base);
    one = held_now() - before;
  }
  const Held before = held_now();
  app::PreparedForEveryRoot prepared(choice, base);
  const Held made = held_now() - before;
  mpi_test::expect(made == one,
                   fmt::format("{}: the instance for every root holds {} communicators and {} "
                               "windows, one instance for one root {} and {}",
                               name, made.comms, made.windows, one.comms, one.windows));
  for (int pass = 0; pass < 2; ++pass) {
    for (int root = size - 1; root >= 0; --root) {
      prepared.run(root);
    }
  }
  const Held after = held_now() - before;
  mpi_test::expect(after == made,
                   fmt::format("{}: calls at every root left {} communicators and {} windows, "
                               "{} and {} before",
                               name, after.comms, after.windows, made.comms, made.windows));
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  const int ppn = papbench::mpi_test::virtual_ppn_arg(argc, argv);
  return papbench::mpi_test::run_checks([&] {
    const papbench::topology::NodeTopology nodes(MPI_COMM_WORLD, ppn);
    int algorithms = 0;
    for (const char* collective : {"bcast", "reduce"}) {
      for (const std::string_view name : papbench::algorithms_of(collective)) {
        const papbench::AlgorithmInfo& info = *papbench::find_algorithm(collective, name);
        const papbench::AlgRestrictions& r = info.restrictions;
        if (info.needs_pat || nodes.node_count() < r.min_nodes ||
            papbench::world_size() < r.min_ranks ||
            (r.max_ranks > 0 && papbench::world_size() > r.max_ranks)) {
          continue;
        }
        const auto choice =
            papbench::app::algorithms_named(collective, name, "--alg", nodes.node_count());
        papbench::check_algorithm(choice.front(), nodes);
        ++algorithms;
      }
    }
    papbench::mpi_test::expect(algorithms > 20, fmt::format("only {} algorithms", algorithms));
  });
}
