// allgatherv/uha, alltoallv/uha and uha-ms ([Parsons2015] §2.3.1, §2.3.2) with the count
// patterns the workload does not make: the thesis' alltoallv test, "every other buffer length was
// shortened by one integer" (by destination parity, base 1 leaving the odd blocks empty, and base
// 3), blocks empty by source, and displacements in reverse rank order with gaps. The gaps must keep
// the poison, since CopyOut writes each block at its own displacement only. Every inter-node
// algorithm, on virtual nodes of 1-4 ranks (the last node shorter where 4 does not divide P), two
// calls each.

#include <fmt/format.h>
#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

#include "collectives/core/registry.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

constexpr int kPoison = -7;
constexpr int kGap = 2;  // unused elements between consecutive blocks

using CountOf = std::function<int(int from, int to)>;

struct Pattern {
  std::string name;
  CountOf count;
};

std::vector<Pattern> patterns() {
  return {
      {"every other one shorter, base 1", [](int, int to) { return 1 - to % 2; }},
      {"every other one shorter, base 3", [](int, int to) { return 3 - to % 2; }},
      {"empty from odd sources", [](int from, int to) { return from % 2 == 1 ? 0 : 2 + to; }},
  };
}

int value(int from, int to, int k) {
  return from * 10000 + to * 100 + k;
}

// Block i at the reverse position: i = P-1 first, then kGap poison elements between blocks.
std::vector<int> reversed_displs(const std::vector<int>& counts) {
  std::vector<int> displs(counts.size());
  int at = kGap;
  for (std::size_t i = counts.size(); i-- > 0;) {
    displs[i] = at;
    at += counts[i] + kGap;
  }
  return displs;
}

int extent(const std::vector<int>& counts, const std::vector<int>& displs) {
  int end = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) end = std::max(end, displs[i] + counts[i]);
  return end + kGap;
}

// Every element of `buf` is `expected` inside a block, the poison elsewhere.
void check(const std::vector<int>& buf, const std::vector<int>& counts,
           const std::vector<int>& displs, const std::function<int(int, int)>& expected,
           const std::string& what) {
  std::vector<int> want(buf.size(), kPoison);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    for (int k = 0; k < counts[i]; ++k) want[std::size_t(displs[i] + k)] = expected(int(i), k);
  }
  for (std::size_t e = 0; e < buf.size(); ++e) {
    if (buf[e] != want[e]) {
      mpi_test::expect(false,
                       fmt::format("{}: element {} is {}, expected {}", what, e, buf[e], want[e]));
      return;
    }
  }
}

// Prepares `alg` for `a` once and runs it twice (the second call on the other of the UHA's
// alternating shared buffers), `recv` poisoned before each call and checked after it.
void run_twice_and_check(Algorithm& alg, const Args& a, std::vector<int>& recv,
                         const std::vector<int>& counts, const std::vector<int>& displs,
                         const std::function<int(int, int)>& expected, const std::string& what) {
  alg.prepare(a);
  for (int call = 0; call < 2; ++call) {
    std::fill(recv.begin(), recv.end(), kPoison);
    alg.run(a);
    check(recv, counts, displs, expected, fmt::format("{} call {}", what, call));
  }
}

void alltoallv_case(Algorithm& alg, const topology::NodeTopology& t, const Pattern& p,
                    const std::string& what) {
  const int P = world_size(), me = world_rank();
  std::vector<int> scounts(static_cast<std::size_t>(P)), rcounts(static_cast<std::size_t>(P));
  for (int j = 0; j < P; ++j) {
    scounts[std::size_t(j)] = p.count(me, j);
    rcounts[std::size_t(j)] = p.count(j, me);
  }
  const std::vector<int> sdispls = reversed_displs(scounts), rdispls = reversed_displs(rcounts);
  std::vector<int> send(std::size_t(extent(scounts, sdispls)), kPoison);
  for (int j = 0; j < P; ++j) {
    for (int k = 0; k < scounts[std::size_t(j)]; ++k) {
      send[std::size_t(sdispls[std::size_t(j)] + k)] = value(me, j, k);
    }
  }
  std::vector<int> recv(std::size_t(extent(rcounts, rdispls)));
  Args a;
  a.comm = MPI_COMM_WORLD;
  a.dtype = MPI_INT;
  a.send = send.data();
  a.recv = recv.data();
  a.counts = scounts;
  a.displs = sdispls;
  a.recv_counts = rcounts;
  a.recv_displs = rdispls;
  a.nodes = &t;
  run_twice_and_check(
      alg, a, recv, rcounts, rdispls, [me](int from, int k) { return value(from, me, k); },
      "alltoallv " + what);
}

void allgatherv_case(Algorithm& alg, const topology::NodeTopology& t, const Pattern& p,
                     const std::string& what) {
  const int P = world_size(), me = world_rank();
  std::vector<int> counts(static_cast<std::size_t>(P));
  for (int j = 0; j < P; ++j) counts[std::size_t(j)] = p.count(0, j) + p.count(j, 0) % 2;
  const std::vector<int> displs = reversed_displs(counts);
  std::vector<int> send(std::size_t(std::max(counts[std::size_t(me)], 1)));
  for (int k = 0; k < counts[std::size_t(me)]; ++k) send[std::size_t(k)] = value(me, 0, k);
  std::vector<int> recv(std::size_t(extent(counts, displs)));
  Args a;
  a.comm = MPI_COMM_WORLD;
  a.dtype = MPI_INT;
  a.send = send.data();
  a.recv = recv.data();
  a.send_count = std::size_t(counts[std::size_t(me)]);
  a.counts = counts;
  a.displs = displs;
  a.nodes = &t;
  run_twice_and_check(
      alg, a, recv, counts, displs, [](int from, int k) { return value(from, 0, k); },
      "allgatherv " + what);
}

void run_all() {
  for (int ppn = 1; ppn <= 4; ++ppn) {
    const topology::NodeTopology t(MPI_COMM_WORLD, ppn);
    for (const char* coll : {"alltoallv", "allgatherv"}) {
      const AlgorithmInfo& info = *find_algorithm(coll, "uha");
      for (const std::string_view inter : info.find_option("inter")->words) {
        const auto alg = make_algorithm(info, {{"inter", std::string(inter)}});
        for (const Pattern& p : patterns()) {
          const std::string what = fmt::format("inter={} ppn={} {}", inter, ppn, p.name);
          if (std::string_view(coll) == "alltoallv") {
            alltoallv_case(*alg, t, p, what);
          } else {
            allgatherv_case(*alg, t, p, what);
          }
        }
      }
    }
    // alltoallv/uha-ms: the same layouts, the node pairs spread over the senders.
    const AlgorithmInfo& ms = *find_algorithm("alltoallv", "uha-ms");
    for (const char* senders : {"all", "1", "2"}) {
      const auto alg = make_algorithm(ms, {{"senders", senders}});
      for (const Pattern& p : patterns()) {
        alltoallv_case(*alg, t, p,
                       fmt::format("uha-ms senders={} ppn={} {}", senders, ppn, p.name));
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
