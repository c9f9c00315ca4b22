// The MPICH 3.0.4 re-implementations (collectives/*/mpich_*.cpp) where collectives_native cannot
// take them: (1) on communicators other than MPI_COMM_WORLD, as the hierarchical algorithms call
// them on the leaders' communicator: the world split into two concurrent halves whose ranks are
// numbered in reverse world order, every root, counts 0, 1, not divisible by P and large;
// (2) reduce/mpich-binomial's non-commutative path (MPICH's reduction towards rank 0, then a
// send to the root) with a user-defined non-commutative op, 2x2 integer matrix products, which
// no predefined op exercises, on the world and on the halves.

#include <fmt/format.h>
#include <mpi.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/matrix_op.hpp"
#include "tests/mpi/mpi_test_checks.hpp"

namespace papbench {
namespace {

using mpi_test::expect;
using mpi_test::Matrix;

void check_noncommutative(MPI_Comm comm, std::string_view where) {
  const mpi_test::MatrixOp matrix;
  const int rank = comm_rank(comm), size = comm_size(comm);
  const AlgorithmInfo& info = *find_algorithm("reduce", "mpich-binomial");
  const auto alg = make_algorithm(info);
  for (const std::size_t count :
       {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{100}}) {
    std::vector<Matrix> send(count), recv(count + 1), expected(count);
    for (std::size_t i = 0; i < count; ++i) {
      send[i] = mpi_test::matrix_input(rank, i);
      expected[i] = mpi_test::matrix_expected(size, i);
    }
    for (int root = 0; root < size; ++root) {
      recv.assign(count + 1, Matrix{-1, -1, -1, -1});
      Args a;
      a.comm = comm;
      a.root = root;
      a.dtype = matrix.type();
      a.op = matrix.op();
      a.count = count;
      a.send = send.data();
      a.recv = recv.data();
      alg->prepare(a);
      alg->run(a);
      if (rank != root) continue;
      bool ok = true;
      for (std::size_t i = 0; i < count; ++i) ok = ok && recv[i] == expected[i];
      expect(ok, fmt::format("reduce/mpich-binomial non-commutative{} root={} count={}", where,
                             root, count));
    }
  }
}

void check_registry_rows(MPI_Comm comm, std::string_view where) {
  const int size = comm_size(comm);
  const DatatypeInfo& dt = *find_datatype("int");
  const OpInfo& sum = *find_op("sum");
  for (const AlgorithmInfo& info : algorithm_registry()) {
    if (!info.name.starts_with("mpich-")) continue;
    const CollectiveInfo& coll = *find_collective(info.collective);
    const auto alg = make_algorithm(info);
    for (const std::uint64_t count :
         {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t(size + 1), std::uint64_t{1000}}) {
      for (int root = 0; root < (coll.rooted ? size : 1); ++root) {
        Workload w(coll, comm, root, dt, sum, count);
        alg->prepare(w.args());
        for (int it = 0; it < 2; ++it) {  // the second call catches state left by the first
          w.reset();
          alg->run(w.args());
          std::string why;
          expect(w.check(&why), fmt::format("{}{} root={} count={} iteration {}: {}",
                                            info.full_name(), where, root, count, it, why));
        }
      }
    }
  }
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  using namespace papbench;
  MpiSession mpi(&argc, &argv, MPI_THREAD_SINGLE);
  return mpi_test::run_checks([] {
    const int rank = world_rank();
    MPI_Comm half = MPI_COMM_NULL;
    mpi_check(MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half), "MPI_Comm_split");
    Comm owned(half);
    const std::string where =
        fmt::format(" on half {} of {} ranks, reversed", rank % 2, comm_size(half));
    check_registry_rows(half, where);
    check_noncommutative(MPI_COMM_WORLD, "");
    check_noncommutative(half, where);
  });
}
