// The allreduce rows where collectives_native cannot take them (it validates every row over
// predefined ops, all commutative): (1) a non-commutative user-defined op (2x2 matrix products,
// tests/mpi/matrix_op.hpp): every row that declares commutative_only refuses it in prepare() with
// std::invalid_argument, every other row returns the product in rank order on every rank, as
// MPICH's rule says (recursive doubling keeps the order; ring, segmented ring and Rabenseifner
// do not, [MPICH] v4.0.2 generic.json, [OpenMPI] v4.1.4 coll_tuned_decision_fixed.c); for
// reduce-bcast that is the rule of its reduce part, tried for every reduce row, the world and a
// reversed half; the iallreduce rows by the same rule (libnbc's recursive doubling keeps the
// order, its ring does not); ireduce/binomial at every root, the product in rank order on the
// root (libnbc's tree roots at rank 0 for a non-commutative op and sends the result on); (2)
// ring-segmented's phase count against Open MPI's rule
// (allreduce_ring::segmented_phases) on hand-computed cases.

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/allreduce/ring_driver.hpp"
#include "collectives/core/registry.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/matrix_op.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

using mpi_test::expect;
using mpi_test::Matrix;

// One allreduce variant with the matrix op: refused iff `refuse`, otherwise the ordered product
// on every rank; a reduce variant (`root` >= 0): on the root.
void check_variant(MPI_Comm comm, const AlgorithmInfo& info, const AlgOptions& given, bool refuse,
                   std::string_view where, int root = -1) {
  const mpi_test::MatrixOp matrix;
  const int rank = comm_rank(comm), size = comm_size(comm);
  std::string name(info.full_name());
  for (const auto& [key, value] : given) name += fmt::format(":{}={}", key, value);
  if (root >= 0) name += fmt::format(" root={}", root);
  const bool has_result = root < 0 || rank == root;
  // The hierarchical reduce parts read the nodes (real ones: one here).
  const topology::NodeTopology nodes(comm, 0);
  for (const std::size_t count :
       {std::size_t{0}, std::size_t{1}, std::size_t(size + 1), std::size_t{100}}) {
    std::vector<Matrix> send(count), recv(count + 1), expected(count);
    for (std::size_t i = 0; i < count; ++i) {
      send[i] = mpi_test::matrix_input(rank, i);
      expected[i] = mpi_test::matrix_expected(size, i);
    }
    recv.assign(count + 1, Matrix{-1, -1, -1, -1});
    Args a;
    a.comm = comm;
    a.nodes = &nodes;
    a.dtype = matrix.type();
    a.op = matrix.op();
    a.count = count;
    a.root = std::max(root, 0);
    a.send = send.data();
    a.recv = recv.data();
    const auto alg = make_algorithm(info, given);
    bool refused = false;
    try {
      alg->prepare(a);  // a refusal comes before any communication, on every rank alike
    } catch (const std::invalid_argument&) {
      refused = true;
    }
    expect(refused == refuse, fmt::format("{}{} count={}: {} the non-commutative op", name, where,
                                          count, refused ? "refused" : "took"));
    if (refused) continue;
    for (int it = 0; it < 2; ++it) {
      recv.assign(count + 1, Matrix{-1, -1, -1, -1});
      alg->run(a);
      bool ok = recv[count] == Matrix{-1, -1, -1, -1};  // nothing beyond the vector
      for (std::size_t i = 0; has_result && i < count; ++i) ok = ok && recv[i] == expected[i];
      expect(ok, fmt::format("{}{} count={} iteration {}: not the product in rank order", name,
                             where, count, it));
    }
  }
}

void check_noncommutative_rows(MPI_Comm comm, std::string_view coll, std::string_view where) {
  for (const std::string_view name : algorithms_of(coll)) {
    const AlgorithmInfo& info = *find_algorithm(coll, name);
    if (info.needs_pat) {
      // Refused in prepare() before the PAT runtime is read, so none is needed here.
      if (info.restrictions.commutative_only) check_variant(comm, info, {}, true, where);
      continue;
    }
    if (name != "reduce-bcast") {
      check_variant(comm, info, {}, info.restrictions.commutative_only, where);
      continue;
    }
    for (const std::string_view reduce : algorithms_of("reduce")) {
      const AlgorithmInfo& part = *find_algorithm("reduce", reduce);
      if (part.needs_pat) continue;
      check_variant(comm, info, {{"reduce", std::string(reduce)}},
                    part.restrictions.commutative_only, where);
    }
  }
}

void check_noncommutative(MPI_Comm comm, std::string_view where) {
  // iallreduce's rows by the same rule (issue 46): its schedules run to completion in run().
  for (const std::string_view coll : {"allreduce", "iallreduce"}) {
    check_noncommutative_rows(comm, coll, where);
  }
  // libnbc's binomial ireduce keeps the order (rank 0's tree, then the root), at every root.
  const AlgorithmInfo& ireduce = *find_algorithm("ireduce", "binomial");
  for (int root = 0; root < comm_size(comm); ++root) {
    check_variant(comm, ireduce, {}, ireduce.restrictions.commutative_only, where, root);
  }
}

// Open MPI's rule, worked by hand: segcount = segsize / 4 (+1 when the rest exceeds 2 bytes);
// the plain ring below P * segcount elements; count / (P * segcount) phases, one more when the
// rest is >= P and > P * segcount / 2.
void check_segmented_phases() {
  struct Case {
    std::string segsize;
    std::size_t count;
    int size;
    int phases;
  };
  const std::vector<Case> cases = {
      {"100", 1000, 4, 10},      // segcount 25, 100 per phase, no rest
      {"120", 1050, 4, 9},       // segcount 30, 120 per phase: 8, rest 90 > 60
      {"120", 1000, 4, 8},       // rest 40 <= 60
      {"123", 1000, 4, 8},       // 123 = 30 * 4 + 3, 3 > 2: segcount 31, 124 per phase, rest 8
      {"100", 99, 4, 1},         // below P * segcount: the ring
      {"0", 1000, 4, 1},         // no segmentation: segcount = count
      {"1048576", 262144, 8, 1}  // 1 MiB of ints at 8 ranks: the ring (Open MPI 3.1's default)
  };
  for (const Case& c : cases) {
    const AlgOptions o = {{"segsize", c.segsize}};
    const int got = allreduce_ring::segmented_phases(o, c.count, c.size, 4);
    expect(got == c.phases,
           fmt::format("segmented_phases segsize={} count={} P={}: {}, expected {}", c.segsize,
                       c.count, c.size, got, c.phases));
  }
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  using namespace papbench;
  MpiSession mpi(&argc, &argv, MPI_THREAD_SINGLE);
  return mpi_test::run_checks([] {
    const int rank = world_rank();
    check_segmented_phases();
    check_noncommutative(MPI_COMM_WORLD, "");
    MPI_Comm half = MPI_COMM_NULL;
    mpi_check(MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half), "MPI_Comm_split");
    const Comm owned(half);
    check_noncommutative(
        half, fmt::format(" on half {} of {} ranks, reversed", rank % 2, comm_size(half)));
  });
}
