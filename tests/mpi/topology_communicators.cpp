// NodeTopology at any process count, on one host: for real nodes and --virtual-ppn K = 1..4
// with 1..3 leaders per node, the node numbering and every communicator (node, leader l) hold
// exactly the expected ranks in the expected order; the last virtual node may be short.
// Exits non-zero on any failed check (on any rank).
//
//   topology_communicators [--expect-ppn-off-by-one]   (a wrong expectation: must fail)

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace {

using papbench::topology::NodeTopology;

void check(bool ok, const std::string& what) {
  papbench::mpi_test::expect(ok, what);
}

std::string text(const std::vector<int>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

// The world ranks of a communicator's members, in its rank order.
std::vector<int> members(MPI_Comm comm) {
  int size = 0;
  papbench::mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size");
  int me = papbench::world_rank();
  std::vector<int> all(static_cast<std::size_t>(size));
  papbench::mpi_check(MPI_Allgather(&me, 1, MPI_INT, all.data(), 1, MPI_INT, comm),
                      "MPI_Allgather");
  return all;
}

// What one host with `size` ranks must give for ppn K (0: the real node, all ranks).
struct Expected {
  int ppn;
  int size;
  int node_of(int r) const { return r / ppn; }
  int local_of(int r) const { return r % ppn; }
  int nodes() const { return (size + ppn - 1) / ppn; }
  int node_size(int n) const { return std::min(ppn, size - n * ppn); }
  // Local rank s of every node that has one, by node.
  std::vector<int> stripe(int s) const {
    std::vector<int> ranks;
    for (int n = 0; n < nodes(); ++n)
      if (s < node_size(n)) ranks.push_back(n * ppn + s);
    return ranks;
  }
};

void check_topology(int k, int leaders, int skew) {
  const int rank = papbench::world_rank();
  const int size = papbench::world_size();
  const NodeTopology t(MPI_COMM_WORLD, k, leaders);
  const std::string where = "K=" + std::to_string(k) + " L=" + std::to_string(leaders) + ": ";
  if (t.real_node_count() != 1) {
    check(false, where + "the expectations assume one host; got " +
                     std::to_string(t.real_node_count()) + " real nodes");
    return;
  }
  const Expected e{(k == 0 ? size : k) + skew, size};

  check(t.is_virtual() == (k > 0), where + "is_virtual");
  check(t.virtual_ppn() == k, where + "virtual_ppn");
  check(t.size() == size && t.rank() == rank, where + "size and rank");
  check(t.consecutive(), where + "consecutive on one host");
  check(t.node_count() == e.nodes(), where + "node_count " + std::to_string(t.node_count()) +
                                         ", expected " + std::to_string(e.nodes()));
  check(t.node() == e.node_of(rank), where + "node " + std::to_string(t.node()));
  check(t.local_rank() == e.local_of(rank), where + "local rank " + std::to_string(t.local_rank()));
  for (int r = 0; r < size; ++r) {
    const auto i = static_cast<std::size_t>(r);
    check(t.node_of_rank()[i] == e.node_of(r), where + "node_of_rank[" + std::to_string(r) + "]");
    check(t.local_rank_of()[i] == e.local_of(r),
          where + "local_rank_of[" + std::to_string(r) + "]");
  }
  std::vector<int> sizes;
  for (int n = 0; n < e.nodes(); ++n) sizes.push_back(e.node_size(n));
  check(t.node_sizes() == sizes, where + "node_sizes " + text(t.node_sizes()));
  check(t.node_size() == e.node_size(e.node_of(rank)), where + "node_size");

  // Node comm: the node's block of consecutive ranks, lowest first.
  std::vector<int> block;
  for (int r = 0; r < size; ++r)
    if (e.node_of(r) == e.node_of(rank)) block.push_back(r);
  const std::vector<int> node_members = members(t.node_comm());
  check(node_members == block,
        where + "node comm " + text(node_members) + ", expected " + text(block));
  check(t.ranks_of_node(t.node()) == block, where + "ranks_of_node");

  // Leader comm l: local rank l of every node that has more than l ranks, by node.
  for (int l = 0; l < leaders; ++l) {
    const MPI_Comm c = t.leader_comm(l);
    const std::string comm = where + "leader comm " + std::to_string(l) + ": ";
    // members() is collective over the comm the topology built, never over the expected one:
    // a wrong membership must fail a check, not hang.
    check((c != MPI_COMM_NULL) == (e.local_of(rank) == l),
          comm + (c != MPI_COMM_NULL ? "present on a non-member" : "missing on its member"));
    if (c != MPI_COMM_NULL) {
      const std::vector<int> got = members(c);
      check(got == e.stripe(l), comm + text(got) + ", expected " + text(e.stripe(l)));
    }
  }
  check(t.is_leader() == (e.local_of(rank) < leaders), where + "is_leader");
  std::vector<int> node_leaders(
      block.begin(),
      block.begin() + std::min<std::ptrdiff_t>(leaders, static_cast<std::ptrdiff_t>(block.size())));
  check(t.leaders_of_node(t.node()) == node_leaders,
        where + "leaders_of_node " + text(t.leaders_of_node(t.node())));
}

void check_refusals() {
  for (const auto& [k, l] : {std::pair{-1, 1}, std::pair{2, 0}}) {
    bool threw = false;
    try {
      const NodeTopology t(MPI_COMM_WORLD, k, l);
    } catch (const std::invalid_argument&) {
      threw = true;
    }
    check(threw, "K=" + std::to_string(k) + " L=" + std::to_string(l) + " is refused");
  }
}

}  // namespace

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  // The self-test of the checks: expecting nodes one rank larger must fail somewhere.
  const int skew = argc > 1 && std::string_view(argv[1]) == "--expect-ppn-off-by-one" ? 1 : 0;
  return papbench::mpi_test::run_checks([&] {
    for (int k : {0, 1, 2, 3, 4})
      for (int leaders : {1, 2, 3}) check_topology(k, leaders, skew);
    check_refusals();
  });
}
