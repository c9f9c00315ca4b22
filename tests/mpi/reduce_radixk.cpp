// reduce/radixk with every radix from 2 to P+1 (the registry test runs only the default), over
// all roots and a few counts, validated exactly. Radices that do not divide P exercise the
// fallback factorisations (largest divisor up to the radix, smallest prime factor).
#include <fmt/format.h>
#include <mpi.h>

#include <cstdio>
#include <exception>
#include <string>

#include "collectives/core/workload.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  using namespace papbench;
  try {
    const int size = world_size();
    const CollectiveInfo& reduce = *find_collective("reduce");
    int failed = 0, cases = 0;
    for (int radix = 2; radix <= size + 1; ++radix) {
      const auto alg = make_reduce_radixk({{"radix", std::to_string(radix)}});
      for (int root = 0; root < size; ++root) {
        for (const std::uint64_t count :
             {std::uint64_t{1}, std::uint64_t(size) + 3, std::uint64_t{1001}}) {
          Workload w(reduce, MPI_COMM_WORLD, root, *find_datatype("int"), *find_op("sum"), count);
          alg->prepare(w.args());
          w.reset();
          alg->run(w.args());
          std::string why;
          int bad = w.check(&why) ? 0 : 1;
          if (bad)
            fmt::print(stderr, "FAIL radix={} root={} count={}: {}\n", radix, root, count, why);
          mpi_check(MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD),
                    "MPI_Allreduce");
          failed += bad > 0 ? 1 : 0;
          ++cases;
        }
      }
    }
    if (world_rank() == 0)
      fmt::print("{} ranks: {} radixk cases, {} failed\n", size, cases, failed);
    return failed == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "rank {}: {}\n", world_rank(), e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return 2;
}
