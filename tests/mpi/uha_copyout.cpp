// The copy-out methods of [Parsons2015] §2.3.3 that hand the result back outside the caller's
// receive buffer (allgather/uha and bcast/uha, copyout=shared|cow; Algorithm::result_view):
// every inter-node algorithm, virtual nodes of 1-4 ranks (the last node shorter where the node
// size does not divide P), counts 0, 1 and 7 (every root at 7), three calls each with different
// data.
// Checked on every rank:
//   - the result read through result_view is exact, and the receive buffer keeps its poison
//     (the root's bcast buffer its input): these methods never write it;
//   - shared: the previous call's result is still intact after the next call, before any rank
//     starts the one after (the two alternating shared buffers; docs/ALGORITHMS.md, UHA);
//   - cow: a rank's writes to its view stay private: after the even local ranks of a node
//     overwrite theirs, the odd ones still read the call's result, and the writers their own
//     writes (a leak into the shared file would show in the odd ranks' unwritten pages).

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "collectives/core/node_shared.hpp"
#include "collectives/core/registry.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

constexpr int kPoison = -7;
constexpr int kScribble = -99;

int value(int call, int from, int k) {
  return call * 1'000'000 + from * 1000 + k;
}

struct Case {
  std::string what;
  int root = 0;
  int count = 0;
  bool allgather = true;
};

// This call's result, as the receive buffer would hold it.
std::vector<int> expected(const Case& c, int call) {
  const int P = world_size();
  std::vector<int> want;
  for (int from = 0; from < (c.allgather ? P : 1); ++from) {
    for (int k = 0; k < c.count; ++k) want.push_back(value(call, c.allgather ? from : c.root, k));
  }
  return want;
}

bool holds(const void* view, const std::vector<int>& want) {
  return want.empty() || std::memcmp(view, want.data(), want.size() * sizeof(int)) == 0;
}

// The even local ranks of each node scribble over their whole view; then (after a barrier) every
// rank reads its own: the writers their scribble, the others the call's result.
void check_private_writes(const void* view, const std::vector<int>& want, MPI_Comm node,
                          const std::string& what) {
  const bool writer = comm_rank(node) % 2 == 0;
  std::vector<int> scribble(want.size(), kScribble);
  if (writer && !want.empty()) {
    std::memcpy(const_cast<void*>(view), scribble.data(), scribble.size() * sizeof(int));
  }
  mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  mpi_test::expect(holds(view, writer ? scribble : want),
                   what + (writer ? ": own write to the cow view lost"
                                  : ": a neighbour's write to its cow view reached this one"));
}

void run_case(Algorithm& alg, const topology::NodeTopology& t, MPI_Comm node, const Case& c,
              bool cow) {
  const int P = world_size(), me = world_rank();
  const std::size_t recv_elems = std::size_t(c.count) * std::size_t(c.allgather ? P : 1);
  std::vector<int> send(std::size_t(std::max(c.count, 1)));
  std::vector<int> recv(std::max<std::size_t>(recv_elems, 1));
  Args a;
  a.comm = MPI_COMM_WORLD;
  a.dtype = MPI_INT;
  a.root = c.root;
  a.count = std::size_t(c.count);
  a.send = send.data();
  a.recv = recv.data();
  a.nodes = &t;
  alg.prepare(a);
  const void* previous = nullptr;
  for (int call = 0; call < 3; ++call) {
    const std::string what = fmt::format("{} call {}", c.what, call);
    for (int k = 0; k < c.count; ++k) send[std::size_t(k)] = value(call, me, k);
    std::fill(recv.begin(), recv.end(), kPoison);
    const bool root_input = !c.allgather && me == c.root;
    if (root_input) std::copy(send.begin(), send.begin() + c.count, recv.begin());
    const std::vector<int> untouched = recv;

    alg.run(a);
    const void* view = alg.result_view(a);
    mpi_test::expect(view != a.recv, what + ": result_view is the receive buffer");
    mpi_test::expect(holds(view, expected(c, call)), what + ": wrong result through result_view");
    mpi_test::expect(recv == untouched, what + ": the receive buffer was written");
    if (!cow && previous != nullptr) {
      mpi_test::expect(holds(previous, expected(c, call - 1)),
                       what + ": the previous call's shared result changed");
    }
    previous = view;
    if (cow) check_private_writes(view, expected(c, call), node, what);
    // The next call may overwrite what this one returned only once every rank has read it.
    mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  }
}

void run_all() {
  const int P = world_size();
  for (int ppn = 1; ppn <= 4; ++ppn) {
    const topology::NodeTopology t(MPI_COMM_WORLD, ppn);
    Args world;
    world.comm = MPI_COMM_WORLD;
    world.nodes = &t;
    const HierarchyComms comms(world);
    for (const char* coll : {"allgather", "bcast"}) {
      const bool allgather = std::string_view(coll) == "allgather";
      const AlgorithmInfo& info = *find_algorithm(coll, "uha");
      for (const std::string_view inter : info.find_option("inter")->words) {
        for (const char* method : {"shared", "cow"}) {
          const auto alg =
              make_algorithm(info, {{"inter", std::string(inter)}, {"copyout", method}});
          for (const int count : {0, 1, 7}) {
            // Every root at the odd count only: collectives_native's uha_ppn* entries run these
            // methods at every root and count too, and MPICH's spinning ranks make each case
            // slow at 4 ranks.
            const int roots = allgather || count != 7 ? 1 : P;
            for (int root = 0; root < roots; ++root) {
              const Case c{fmt::format("{}/uha inter={} copyout={} ppn={} count={} root={}", coll,
                                       inter, method, ppn, count, root),
                           root, count, allgather};
              run_case(*alg, t, comms.node.get(), c, std::string_view(method) == "cow");
            }
          }
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
