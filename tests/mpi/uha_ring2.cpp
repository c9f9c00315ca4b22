// allgather/uha-ms:exchange=two-way-ring ([Parsons2015] §2.3.2) with every senders value that
// changes who serves the two directions: one rank both ways (senders=1, and every node of one
// rank), one rank each way (2), more senders than the ring uses (3, all). On virtual nodes of
// 1-4 ranks, so odd and even node counts, one node, and a shorter last node all occur; counts
// 0, 1, 7 and P-1 per rank of int and uint8 (odd byte counts), two calls per case (the second
// on the UHA's other shared buffer), output poisoned and checked on every rank.

#include <fmt/format.h>
#include <mpi.h>

#include <string>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

void run_case(Algorithm& alg, const topology::NodeTopology& t, const char* dtype,
              std::uint64_t count, const std::string& what) {
  Workload w(*find_collective("allgather"), MPI_COMM_WORLD, 0, *find_datatype(dtype),
             *find_op("sum"), count);
  Args a = w.args();
  a.nodes = &t;
  alg.prepare(a);
  for (int call = 0; call < 2; ++call) {
    w.reset();
    alg.run(a);
    std::string why;
    const bool ok = w.check(&why);
    mpi_test::expect(ok, fmt::format("{} {} count={} call {}: {}", what, dtype, count, call, why));
  }
}

void run_all() {
  const AlgorithmInfo& info = *find_algorithm("allgather", "uha-ms");
  const auto odd = static_cast<std::uint64_t>(world_size() - 1);
  for (int ppn = 1; ppn <= 4; ++ppn) {
    const topology::NodeTopology t(MPI_COMM_WORLD, ppn);
    for (const char* senders : {"1", "2", "3", "all"}) {
      const auto alg = make_algorithm(info, {{"exchange", "two-way-ring"}, {"senders", senders}});
      const std::string what = fmt::format("two-way-ring senders={} ppn={}", senders, ppn);
      for (const char* dtype : {"int", "uint8"}) {
        for (const std::uint64_t count :
             {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{7}, odd}) {
          run_case(*alg, t, dtype, count, what);
        }
      }
    }
  }
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  return papbench::mpi_test::run_checks(papbench::run_all);
}
