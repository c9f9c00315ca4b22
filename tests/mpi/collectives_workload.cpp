// Checks of the checker: Workload::check must fail on output the collective never wrote and on a
// single corrupted element, and Workload must refuse counts MPI cannot express and combinations
// MPI does not define. Also checks the intergroup communicator builder. Every rank prints its own
// failures; the verdict is agreed over all ranks.

#include <fmt/format.h>
#include <mpi.h>

#include <climits>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"

namespace papbench {
namespace {

using mpi_test::expect;

int agree(int mine) {
  int all = 0;
  mpi_check(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  return all;
}

template <class E>
void expect_throw(const std::function<void()>& f, const std::string& what,
                  const std::string& must_mention = "") {
  try {
    f();
    expect(false, what + ": no exception");
  } catch (const E& e) {
    expect(must_mention.empty() || std::string(e.what()).find(must_mention) != std::string::npos,
           fmt::format("{}: message '{}' does not mention '{}'", what, e.what(), must_mention));
  } catch (const std::exception& e) {
    expect(false, fmt::format("{}: wrong exception type: {}", what, e.what()));
  }
}

const DatatypeInfo& dt(const char* name) {
  return *find_datatype(name);
}
const OpInfo& op(const char* name) {
  return *find_op(name);
}
const CollectiveInfo& coll(const char* name) {
  return *find_collective(name);
}

// bcast and ibcast: the root's one buffer holds the input, which no call overwrites.
bool is_bcast(const CollectiveInfo& c) {
  return c.name == "bcast" || c.name == "ibcast";
}

// MPI_COMM_WORLD as two groups for the intergroup collectives; none with one rank.
Comm world_intergroup() {
  const int size = world_size();
  return size >= 2 ? make_intergroup(MPI_COMM_WORLD, default_groups(size).p, default_groups(size).q)
                   : Comm();
}

// The collectives with output that this world can run: not barrier, the intergroup ones from
// two ranks.
bool has_output_here(const CollectiveInfo& c) {
  return c.name != "barrier" && !(c.intergroup && world_size() < 2);
}

// Only ranks that receive data can fail; the test is that at least one does, with a message in
// the documented form, for every collective that has output at this size.
void poisoned_output_is_caught() {
  const int size = world_size();
  const Comm inter = world_intergroup();
  for (const CollectiveInfo& c : collective_table()) {
    if (!has_output_here(c)) continue;
    // The root's own bcast buffer already holds the input, so with one rank nothing is poisoned.
    if (is_bcast(c) && size == 1) continue;
    const int root = size - 1;
    Workload w(c, c.intergroup ? inter.get() : MPI_COMM_WORLD, root, dt("int"), op("sum"), 7);
    w.reset();
    std::string why;
    const bool ok = w.check(&why);
    if (!ok) {
      expect(why.find("rank ") == 0 && why.find(" of block ") != std::string::npos &&
                 why.find(", expected ") != std::string::npos,
             fmt::format("{}: message '{}' is not in the documented form", c.name, why));
    }
    expect(agree(ok ? 0 : 1) > 0, fmt::format("{}: unwritten output passed the check", c.name));
    // Rooted collectives check nothing on other ranks.
    if ((c.name == "reduce" || c.name == "gather" || c.name == "ireduce" || c.name == "igather") &&
        world_rank() != root) {
      expect(ok, fmt::format("{}: a non-root rank failed: {}", c.name, why));
    }
  }
}

// --buffers warm (Workload::poison_block_ends): after a correct call, poisoning only the ends of
// the checked blocks must make the check fail where a rank has output, leave the bcast root's
// input intact, and a second call on the buffers as they are (no reset) must pass again.
void block_ends_poison_is_caught() {
  const int size = world_size();
  const Comm inter = world_intergroup();
  for (const CollectiveInfo& c : collective_table()) {
    if (!has_output_here(c)) continue;
    const AlgorithmInfo* native = find_algorithm(c.name, "native");
    if (native == nullptr) continue;
    const int root = size - 1;
    Workload w(c, c.intergroup ? inter.get() : MPI_COMM_WORLD, root, dt("int"), op("sum"), 7);
    const auto alg = make_algorithm(*native);
    alg->prepare(w.args());
    alg->run(w.args());
    std::string why;
    expect(w.check(&why, alg->result_view(w.args())),
           fmt::format("{}: correct run failed: {}", c.name, why));
    w.poison_block_ends();
    why.clear();
    const bool ok = w.check(&why, alg->result_view(w.args()));
    const bool bcast_root = is_bcast(c) && world_rank() == root;
    expect(!bcast_root || ok, fmt::format("bcast: the root's input was poisoned: {}", why));
    // One rank bcast: the root's buffer is all there is, and it is the input.
    if (!(is_bcast(c) && size == 1)) {
      expect(agree(ok ? 0 : 1) > 0,
             fmt::format("{}: poisoned block ends passed the check", c.name));
    }
    alg->run(w.args());
    why.clear();
    expect(w.check(&why, alg->result_view(w.args())),
           fmt::format("{}: a call on the warm buffers failed: {}", c.name, why));
  }
}

// After a correct run, one changed element on one rank must be reported at its position.
void corrupted_element_is_caught() {
  const int size = world_size(), rank = world_rank();
  struct Case {
    const char* collective;
    const char* dtype;
    int block;        // block to corrupt
    int element;      // element within it
    std::size_t pos;  // its index in recv (count 7)
  };
  const Case cases[] = {
      {"allreduce", "int", 0, 3, 3},
      {"allreduce", "float", 0, 6, 6},
      {"allgather", "uint8", size - 1, 2, std::size_t(size - 1) * 7 + 2},
      {"alltoall", "double", 0, 5, 5},
  };
  for (const Case& k : cases) {
    const CollectiveInfo& c = coll(k.collective);
    Workload w(c, MPI_COMM_WORLD, 0, dt(k.dtype), op("sum"), 7);
    const auto alg = make_algorithm(*find_algorithm(c.name, "native"));
    alg->prepare(w.args());
    w.reset();
    alg->run(w.args());
    std::string why;
    expect(w.check(&why), fmt::format("{}: correct run failed: {}", c.name, why));
    const int victim = size - 1;
    if (rank == victim) {
      // Flipping the lowest byte changes the value in every type (the lowest mantissa bit of a
      // float, the lowest bit of an integer).
      auto* bytes = static_cast<unsigned char*>(w.args().recv);
      bytes[k.pos * dt(k.dtype).size] ^= 1;
    }
    why.clear();
    const bool ok = w.check(&why);
    if (rank == victim) {
      const std::string want =
          fmt::format("rank {}: element {} of block {} is ", victim, k.element, k.block);
      expect(!ok && why.rfind(want, 0) == 0,
             fmt::format("{} {}: corruption not reported as '{}...' but '{}'", c.name, k.dtype,
                         want, why));
    } else {
      expect(ok, fmt::format("{}: an untouched rank failed: {}", c.name, why));
    }
  }
}

void overflow_is_refused() {
  const int size = world_size();
  const std::uint64_t too_many = std::uint64_t{INT_MAX} + 1;
  // Two such blocks overflow an int even where the v-variants shorten one of them by one
  // element (2 * kOverHalf - 1 > INT_MAX); a refusal that failed would allocate gigabytes.
  constexpr std::uint64_t kOverHalf = INT_MAX / 2 + 2;
  for (const CollectiveInfo& c : collective_table()) {
    if (c.intergroup) continue;
    expect_throw<std::overflow_error>(
        [&] { Workload w(c, MPI_COMM_WORLD, 0, dt("int"), op("sum"), too_many); },
        fmt::format("{} count 2^31", c.name), "does not fit");
  }
  if (size >= 2) {
    // Each block fits, the buffers (and the displacements into them) do not.
    for (const char* name : {"allgather", "gather", "alltoall", "scatter", "allgatherv",
                             "alltoallv", "reduce_scatter"}) {
      expect_throw<std::overflow_error>(
          [&] { Workload w(coll(name), MPI_COMM_WORLD, 0, dt("int"), op("sum"), kOverHalf); },
          fmt::format("{} total over int", name), "does not fit");
    }
    const Comm inter = make_intergroup(MPI_COMM_WORLD, 1, size - 1);
    for (const char* name : {"intergroup_allgather", "intergroup_allgatherv"}) {
      // With groups 1:(P-1) the single rank of A would receive P-1 blocks; at P = 2 neither
      // side overflows, so this needs P >= 3.
      if (size < 3) continue;
      expect_throw<std::overflow_error>(
          [&] { Workload w(coll(name), inter.get(), 0, dt("int"), op("sum"), kOverHalf); },
          fmt::format("{} total over int", name), "does not fit");
    }
  }
  if (size >= 3) {
    // Rank 2's allgatherv block is count + 1.
    expect_throw<std::overflow_error>(
        [&] { Workload w(coll("allgatherv"), MPI_COMM_WORLD, 0, dt("int"), op("sum"), INT_MAX); },
        "allgatherv block count + 1 over int", "does not fit");
  }
}

// What the memory check counts (bench/run/buffer_memory.hpp): the buffers Workload allocates, and
// the scratch the case's algorithm states in its registry row. Issue 43: reduce of 2G ints at 2
// ranks counted 24 GB, under a 24 GiB machine's memory, although every reduce algorithm holds
// two more vectors per rank.
WorkloadFootprint footprint_with(const char* collective, std::string_view algorithm,
                                 std::uint64_t count) {
  const AlgorithmInfo& info = *find_algorithm(collective, algorithm);
  const AlgOptions resolved = resolve_options(info, {});
  const FootprintAlgorithm alg{.info = &info, .resolved = &resolved, .elem_size = 4};
  return workload_footprint(coll(collective), MPI_COMM_WORLD, 0, count, {}, &alg);
}

void footprint_counts_buffers_and_scratch() {
  const int size = world_size(), rank = world_rank();
  constexpr std::uint64_t n = 1000;
  const WorkloadFootprint red = workload_footprint(coll("reduce"), MPI_COMM_WORLD, 0, n);
  expect(red.buffer_elems >= n + 1, "reduce: send and receive buffers not counted");
  expect(rank != 0 || red.buffer_elems == 2 * n, "reduce: the root's buffers are not 2 n");
  expect(red.scratch_bytes == 0, "reduce without an algorithm: scratch counted");
  expect(footprint_with("reduce", "binomial", n).scratch_bytes == 2 * n * 4,
         "reduce/binomial: scratch is not 2 vectors");
  expect(footprint_with("reduce", "native", n).scratch_bytes == 2 * n * 4,
         "reduce/native: scratch is not 2 vectors");
  const WorkloadFootprint all = footprint_with("allreduce", "native", n);
  expect(all.buffer_elems == 2 * n && all.scratch_bytes == n * 4, "allreduce: not 2 n + n");
  expect(footprint_with("bcast", "binomial", n).scratch_bytes == 0, "bcast/binomial: scratch");
  expect(footprint_with("allgather", "mpich-bruck", n).scratch_bytes ==
             static_cast<std::uint64_t>(size) * n * 4,
         "allgather/mpich-bruck: scratch is not P blocks");
  const WorkloadFootprint a2a = workload_footprint(coll("alltoallv"), MPI_COMM_WORLD, 0, n);
  expect(a2a.index_bytes >= 4 * static_cast<std::uint64_t>(size) * sizeof(int),
         "alltoallv: counts and displacements not counted");
  expect(a2a.bytes(4) == a2a.buffer_elems * 4 + a2a.scratch_bytes + a2a.index_bytes,
         "bytes() is not buffers + scratch + index");
  // No allocation here: the footprint of 2G ints is only counted.
  const std::uint64_t mine = footprint_with("reduce", "native", 2'000'000'000).bytes(4);
  std::uint64_t total = 0;
  MPI_Allreduce(&mine, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  if (size >= 2) {
    expect(total > (24ULL << 30), fmt::format("reduce 2G int at {} ranks: {} bytes", size, total));
  }
}

void invalid_combinations_are_refused() {
  const int size = world_size();
  expect_throw<std::invalid_argument>(
      [&] { Workload w(coll("reduce"), MPI_COMM_WORLD, size, dt("int"), op("sum"), 1); },
      "root == size", "root");
  expect_throw<std::invalid_argument>(
      [&] { Workload w(coll("bcast"), MPI_COMM_WORLD, -1, dt("int"), op("sum"), 1); }, "root -1",
      "root");
  expect_throw<std::invalid_argument>(
      [&] { Workload w(coll("allreduce"), MPI_COMM_WORLD, 0, dt("float"), op("band"), 1); },
      "band on float", "float");
  // Non-reducing collectives ignore the op, so any op goes with any type.
  Workload ignored(coll("allgather"), MPI_COMM_WORLD, 0, dt("double"), op("bxor"), 1);
  expect_throw<std::invalid_argument>(
      [&] { Workload w(coll("intergroup_allgather"), MPI_COMM_WORLD, 0, dt("int"), op("sum"), 1); },
      "intergroup collective on an intracommunicator", "intercommunicator");
  expect_throw<std::invalid_argument>([&] { make_intergroup(MPI_COMM_WORLD, 0, size); },
                                      "empty group A", "non-empty");
  expect_throw<std::invalid_argument>([&] { make_intergroup(MPI_COMM_WORLD, 1, size); },
                                      "groups larger than the world", "together");
  if (size >= 2) {
    const Comm inter = make_intergroup(MPI_COMM_WORLD, 1, size - 1);
    expect_throw<std::invalid_argument>(
        [&] { Workload w(coll("allgather"), inter.get(), 0, dt("int"), op("sum"), 1); },
        "intracommunicator collective on an intercommunicator", "intracommunicator");
  }
}

void intergroup_builder_is_right() {
  const int size = world_size(), rank = world_rank();
  if (size < 2) {
    if (rank == 0) fmt::print("skip intergroup builder: needs at least 2 ranks\n");
    return;
  }
  for (int p = 1; p < size; ++p) {
    const int q = size - p;
    const Comm inter = make_intergroup(MPI_COMM_WORLD, p, q);
    const bool in_a = rank < p;
    int is_inter = 0;
    MPI_Comm_test_inter(inter.get(), &is_inter);
    expect(is_inter == 1, "make_intergroup did not return an intercommunicator");
    const IntergroupLayout l = intergroup_layout(inter.get());
    const std::string where = fmt::format("groups {}:{}", p, q);
    expect(l.in_a == in_a, where + ": wrong group");
    expect(l.local_size == (in_a ? p : q) && l.remote_size == (in_a ? q : p), where + ": sizes");
    expect(l.local_offset + inter.rank() == rank, where + ": local offset + rank != world rank");
    expect(l.remote_offset == (in_a ? p : 0), where + ": remote offset");
    const Comm local = intergroup_local_comm(inter.get());
    expect(local.size() == l.local_size && local.rank() == inter.rank(),
           where + ": local communicator has the wrong size or order");
    // The local communicator spans exactly this rank's group: the sum of world ranks shows it.
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, local.get());
    const int first = in_a ? 0 : p, last = in_a ? p - 1 : size - 1;
    expect(sum == (first + last) * (last - first + 1) / 2, where + ": local communicator members");
  }
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  using namespace papbench;
  MpiSession session(&argc, &argv);
  return papbench::mpi_test::run_checks([&] {
    poisoned_output_is_caught();
    block_ends_poison_is_caught();
    corrupted_element_is_caught();
    overflow_is_refused();
    footprint_counts_buffers_and_scratch();
    invalid_combinations_are_refused();
    intergroup_builder_is_right();
  });
}
