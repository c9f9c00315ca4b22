// Every bcast algorithm of the registry on point-to-point (Open MPI 3.1's six trees), validated
// with the Workload check at this world size: every root, counts 0, 1, a few small ones and
// counts that end in a partial segment, every datatype of the table with the default options and
// a few datatypes with each other option value (segsize 0, tiny and 1 KiB segments, K = 1, 2, 3,
// 32 chains). Each rank counts its own failures and prints the first few; the verdict is agreed
// over all ranks at the end, so the exit status is the same everywhere.

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

struct Variant {
  AlgOptions options;
  bool all_dtypes;  // the whole datatype table, else a 1-, 2- and 8-byte type
};

std::vector<Variant> variants_of(const AlgorithmInfo& alg) {
  std::vector<Variant> v = {{{}, true}};
  for (const AlgOptionSpec& o : alg.options) {
    if (o.name == "segsize") {
      for (const char* s : {"0", "20", "1Ki"}) v.push_back({{{"segsize", s}}, false});
    } else if (o.name == "fanout") {
      for (const char* k : {"1", "2", "3", "32"}) v.push_back({{{"fanout", k}}, false});
    }
  }
  return v;
}

// Small counts, then counts that span several segments and end in a partial one (for segsize 0,
// one message of 1000 elements).
std::vector<std::uint64_t> counts_for(const AlgOptions& resolved, std::size_t type_size) {
  std::vector<std::uint64_t> c = {0, 1, 2, 3, 7};
  const auto it = resolved.find("segsize");
  const std::uint64_t segsize = it == resolved.end() ? 8192 : std::stoull(it->second);
  const std::uint64_t k = std::max<std::uint64_t>(1, segsize / type_size);
  if (segsize == 0) {
    c.push_back(1000);
  } else {
    c.push_back(2 * k + k / 2 + 1);
    c.push_back(5 * k + 3);
  }
  std::sort(c.begin(), c.end());
  c.erase(std::unique(c.begin(), c.end()), c.end());
  return c;
}

struct Tally {
  long cases = 0, failed = 0;
};

void run_variant(const AlgorithmInfo& alg, const Variant& v, Tally& tally) {
  const CollectiveInfo& coll = *find_collective("bcast");
  const OpInfo& op = *find_op("sum");
  const AlgOptions resolved = resolve_options(alg, v.options);
  std::vector<const DatatypeInfo*> dtypes;
  for (const DatatypeInfo& d : datatype_table()) {
    if (v.all_dtypes || d.name == "uint8" || d.name == "int16" || d.name == "double") {
      dtypes.push_back(&d);
    }
  }
  const auto made = make_algorithm(alg, v.options);
  const int size = world_size();
  std::string label = alg.full_name();
  for (const auto& [key, value] : v.options) label += fmt::format(" {}={}", key, value);
  for (int root = 0; root < size; ++root) {
    bool prepared = false;
    for (const DatatypeInfo* dt : dtypes) {
      for (const std::uint64_t count : counts_for(resolved, dt->size)) {
        Workload w(coll, MPI_COMM_WORLD, root, *dt, op, count);
        const Args& args = w.args();
        // Prepared once per root; the runner prepares every case, which costs a dup here.
        if (!prepared) made->prepare(args);
        prepared = true;
        ++tally.cases;
        for (int it = 0; it < 2; ++it) {  // the second call catches state left by the first
          w.reset();
          made->run(args);
          std::string why;
          if (!w.check(&why)) {
            if (++tally.failed <= 10) {
              fmt::print(stderr, "FAIL {} P={} root={} dtype={} count={} iteration {}: {}\n", label,
                         size, root, dt->name, count, it, why);
            }
            break;
          }
        }
      }
    }
  }
}

int run_all() {
  const auto start = std::chrono::steady_clock::now();
  Tally tally;
  for (const std::string_view name : algorithms_of("bcast")) {
    // Open MPI's trees only (the rows citing [OpenMPI]): the library's own, the MPICH
    // re-implementation and the hierarchical and imbalance-aware broadcasts have neither segments
    // nor these options, and collectives_native (with --virtual-ppn in the hier_collectives,
    // uha, aware_collectives and dynleader_os entries) and mpich_algorithms cover them.
    const AlgorithmInfo& alg = *find_algorithm("bcast", name);
    if (alg.source.find("[OpenMPI]") == std::string_view::npos) continue;
    for (const Variant& v : variants_of(alg)) run_variant(alg, v, tally);
  }
  long failed = 0;
  mpi_check(MPI_Allreduce(&tally.failed, &failed, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD),
            "MPI_Allreduce");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (world_rank() == 0) {
    fmt::print("{} ranks: {} cases, {} failed checks, {:.1f} s\n", world_size(), tally.cases,
               failed, seconds);
  }
  return failed == 0 && tally.cases > 0 ? 0 : 1;
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  try {
    return papbench::run_all();
  } catch (const std::exception& e) {
    // Another rank may be waiting inside a collective: only an abort ends the job reliably.
    fmt::print(stderr, "rank {}: {}\n", papbench::world_rank(), e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return 2;
}
