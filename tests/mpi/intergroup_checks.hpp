#pragma once
// What the intergroup MPI tests share: the option combinations of a registry row and one
// validated workload run (tests/mpi/intergroup_algorithms.cpp, tests/mpi/intergroup_shapes.cpp).

#include <fmt/format.h>
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"

namespace papbench::mpi_test {

// Every combination of the choice options' words (other options keep their defaults).
inline std::vector<AlgOptions> option_variants(const AlgorithmInfo& info) {
  std::vector<AlgOptions> out = {{}};
  for (const AlgOptionSpec& o : info.options) {
    if (o.type != OptionType::kChoice) continue;
    std::vector<AlgOptions> next;
    for (const AlgOptions& base : out) {
      for (const std::string_view w : o.words) {
        AlgOptions v = base;
        v.emplace(std::string(o.name), std::string(w));
        next.push_back(std::move(v));
      }
    }
    out = std::move(next);
  }
  return out;
}

// The agreed verdict of one call: every rank's check, summed over the world.
inline bool all_ok(bool mine) {
  int bad = mine ? 0 : 1, total = 0;
  mpi_check(MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  return total == 0;
}

// Two calls of `alg` on one prepared Workload (poisoned output), each validated exactly on every
// rank; stops at the first failing call.
inline void run_workload(const CollectiveInfo& coll, Algorithm& alg, MPI_Comm inter,
                         const DatatypeInfo& dt, std::uint64_t count, const std::string& where,
                         const IntergroupShape& shape = {}) {
  Workload w(coll, inter, 0, dt, *find_op("sum"), count, shape);
  const Args args = w.args();
  alg.prepare(args);
  for (int it = 0; it < 2; ++it) {
    w.reset();
    alg.run(args);
    std::string why;
    const bool ok = w.check(&why);
    expect(ok,
           fmt::format("{} dtype={} count={} iteration {}: {}", where, dt.name, count, it, why));
    if (!all_ok(ok)) return;
  }
}

}  // namespace papbench::mpi_test
