// The scratch the registry rows state (collectives/core/scratch.hpp) against what the algorithms
// really allocate (issue 43, item 4): every rank measures one algorithm's prepare() and two calls
// with a counting operator new (the algorithms' vectors, the PAT background thread's included;
// the MPI libraries allocate with malloc, which is not counted), PMPI wrappers of
// MPI_Win_allocate(_shared) (node-shared slots and landing windows) and a link-time wrapper of
// ftruncate (the memory file of uha's copyout=cow, NodeSharedFile), and checks that its row's
// estimate for that rank is at least as much. Every row of the registry is measured with its
// defaults, and with the option values that change what it allocates; only the MPI library's own
// algorithms (`native`) are not: what MPI_Xxx allocates is the library's malloc, invisible here,
// so their rows state an estimate (library_scratch: as much as MPICH's variant holds). Counts of
// 100000 elements and more make every missed vector show above the slack for O(P) index arrays.
// Real nodes and virtual nodes of 2 ranks, so that the hierarchical rows meet several nodes and
// a last node that is smaller. Also: a case whose buffers fit the node but whose Bruck copy does
// not is refused (before this, only the buffers counted).

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <mpi.h>
#include <sys/types.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/run/buffer_memory.hpp"
#include "collectives/core/block_tree.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/core/workload.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/intergroup_checks.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

// The replacement operator new below takes its blocks from malloc and its delete gives them back
// with free; where GCC inlines the two it takes them for the standard ones and warns.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

namespace {

// Live bytes of operator new, and their peak since the last reset; the window and memory file
// bytes asked for.
std::atomic<std::int64_t> g_live{0}, g_peak{0}, g_window_bytes{0};
constexpr std::size_t kHeader = alignof(std::max_align_t);

void note_alloc(std::int64_t n) {
  const std::int64_t now = g_live.fetch_add(n) + n;
  std::int64_t peak = g_peak.load();
  while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {
  }
}

}  // namespace

// Each block carries its size in a header, so that the unsized delete can count it back. Never
// inlined: inlined into a vector's reallocation, GCC takes the header's read at p - kHeader for
// a read outside the vector (-Warray-bounds).
[[gnu::noinline]] void* operator new(std::size_t n) {
  void* p = std::malloc(n + kHeader);
  if (p == nullptr) throw std::bad_alloc();
  *static_cast<std::size_t*>(p) = n;
  note_alloc(static_cast<std::int64_t>(n));
  return static_cast<char*>(p) + kHeader;
}
[[gnu::noinline]] void operator delete(void* p) noexcept {
  if (p == nullptr) return;
  void* block = static_cast<char*>(p) - kHeader;
  g_live.fetch_sub(static_cast<std::int64_t>(*static_cast<std::size_t*>(block)));
  std::free(block);
}
[[gnu::noinline]] void operator delete(void* p, std::size_t /*n*/) noexcept {
  operator delete(p);
}
// The other forms that pair with these, so that no block crosses between them and a sanitizer's
// own operator new: under ASan, std::stable_sort's nothrow buffer came from ASan's allocator and
// went back through the delete above (a read before the block, found by the ASan stage).
void* operator new(std::size_t n, const std::nothrow_t& /*tag*/) noexcept {
  try {
    return operator new(n);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t n) {
  return operator new(n);
}
void* operator new[](std::size_t n, const std::nothrow_t& tag) noexcept {
  return operator new(n, tag);
}
void operator delete(void* p, const std::nothrow_t& /*tag*/) noexcept {
  operator delete(p);
}
void operator delete[](void* p) noexcept {
  operator delete(p);
}
void operator delete[](void* p, std::size_t /*n*/) noexcept {
  operator delete(p);
}
void operator delete[](void* p, const std::nothrow_t& /*tag*/) noexcept {
  operator delete(p);
}

extern "C" int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                                       void* baseptr, MPI_Win* win) {
  g_window_bytes += static_cast<std::int64_t>(size);
  return PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win);
}
extern "C" int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                                void* baseptr, MPI_Win* win) {
  g_window_bytes += static_cast<std::int64_t>(size);
  return PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
}

// NodeSharedFile sizes its memory file (memfd_create) with ftruncate: the test links with
// --wrap=ftruncate (tests/mpi/collectives.cmake), which sends papbench's own calls here and
// leaves the MPI library's (its shared-memory segments) alone.
extern "C" int __real_ftruncate(int fd, off_t length);   // NOLINT: the linker's name
extern "C" int __wrap_ftruncate(int fd, off_t length) {  // NOLINT: the linker's name
  g_window_bytes += static_cast<std::int64_t>(length);
  return __real_ftruncate(fd, length);
}

namespace papbench {
namespace {

using mpi_test::expect;

struct Row {
  std::string_view collective, algorithm;
  AlgOptions options;
};

// Every row but the library's own and the intergroup ones (intergroup_estimates_cover_allocations)
// with its defaults, then the option values that change what a row allocates: the leaders' Bruck
// copy (inter=mpich-bruck), multileader's shared scheme, flat's gather, copyout=cow's memory file
// (its slots rounded to pages) and clairvoyant's given round time (no calibration); its schedule
// of many segments: clairvoyant_schedule_is_counted.
std::vector<Row> rows() {
  std::vector<Row> out;
  for (const AlgorithmInfo& info : algorithm_registry()) {
    if (info.source == kLibrary || find_collective(info.collective)->intergroup) continue;
    out.push_back({info.collective, info.name, {}});
  }
  const Row variants[] = {
      {"allgather", "uha", {{"inter", "mpich-bruck"}}},
      {"allgather", "uha", {{"copyout", "cow"}}},
      {"allgather", "uha-ms", {{"copyout", "cow"}}},
      {"allgather", "multileader", {{"scheme", "shared"}, {"inter", "mpich-bruck"}}},
      {"alltoall", "uha", {{"inter", "mpich-bruck"}}},
      {"scatter", "uha", {{"inter", "mpich-binomial"}}},
      {"bcast", "uha", {{"inter", "mpich-binomial"}}},
      {"bcast", "uha", {{"copyout", "cow"}}},
      {"bcast", "flat", {{"gather-after", "8Ki"}}},
      {"reduce", "clairvoyant", {{"round-time", "1ms"}}},
      {"allreduce", "ring-segmented", {{"segsize", "1Ki"}}},
      {"allreduce", "reduce-bcast", {{"reduce", "dynleader"}, {"bcast", "uha"}}},
      {"allreduce", "reduce-bcast", {{"reduce", "rabenseifner"}, {"bcast", "dynleader-os"}}},
  };
  out.insert(out.end(), std::begin(variants), std::end(variants));
  return out;
}

// The PAT protocol of one iteration as the runner's compute phase drives it (processing start,
// an oracle arrival, the edge, processing end), before the call; arrivals that differ by rank
// and iteration, so that the trees' slots move.
void pat_iteration(PatRuntime* pat, MPI_Comm comm, int it) {
  if (pat == nullptr) return;
  const int rank = comm_rank(comm), size = comm_size(comm);
  pat->processing_start();
  pat->set_oracle_arrival(static_cast<std::int64_t>((rank * 7 + it) % (size + 2)) * 30'000);
  pat->edge(0.5);
  pat->processing_end();
}

// One rank's estimate and measurement of `row` for a case of `count` elements.
// `nodes`: null for the intergroup rows, which run on the intercommunicator `comm`.
void estimate_covers_allocation(const Row& row, MPI_Comm comm, const topology::NodeTopology* nodes,
                                int root, std::uint64_t count, const DatatypeInfo& dtype,
                                const IntergroupShape& shape = {}) {
  const AlgorithmInfo& info = *find_algorithm(row.collective, row.algorithm);
  const CollectiveInfo& coll = *find_collective(row.collective);
  const OpInfo& sum = *find_op("sum");
  const AlgOptions resolved = resolve_options(info, row.options);
  FootprintAlgorithm fa{.info = &info, .resolved = &resolved, .elem_size = dtype.size};
  if (nodes != nullptr) {
    const std::vector<int>& sizes = nodes->node_sizes();
    fa.node = nodes->node();
    fa.node_ranks = nodes->node_size();
    fa.local_rank = nodes->local_rank();
    fa.max_node_ranks = *std::max_element(sizes.begin(), sizes.end());
    fa.nodes = nodes->node_count();
  }
  const std::uint64_t estimate =
      workload_footprint(coll, comm, root, count, shape, &fa).scratch_bytes;

  Workload w(coll, comm, root, dtype, sum, count, shape);
  Args args = w.args();
  args.nodes = nodes;
  // The PAP-aware rows' runtime (collectives/pat), made before the measurement: its thread and
  // its O(P) arrays are the run's, not the algorithm's; what the algorithm's background work
  // allocates in its thread is counted.
  std::optional<PatRuntime> pat;
  if (info.needs_pat) {
    pat.emplace(
        comm, [] { return std::int64_t{0}; }, PatSource::kOracle);
    args.pat = &*pat;
  }
  mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  const std::int64_t base = g_live.load();
  g_peak.store(base);
  g_window_bytes.store(0);
  {
    std::unique_ptr<Algorithm> alg = make_algorithm(info, row.options);
    alg->prepare(args);
    // Staging grows in run() (block_tree.cpp staging_for); twice, as the runner calls it. The
    // runner waits for the PAT thread after each call (last_busy_times) before it refills.
    for (int it = 0; it < 2; ++it) {
      if (it > 0) w.reset();
      pat_iteration(args.pat, comm, it);
      alg->run(args);
      if (pat) pat->wait_idle();
    }
    std::string why;
    expect(w.check(&why, alg->result_view(args)),
           fmt::format("{}/{}: wrong result: {}", row.collective, row.algorithm, why));
    mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  }
  const auto measured = static_cast<std::uint64_t>(g_peak.load() - base + g_window_bytes.load());
  // Index arrays, trees and request vectors of O(P) entries, communicator wrappers and the
  // windows' control words are not stated; a missed vector is far larger.
  const std::uint64_t slack = 16384 + 512 * static_cast<std::uint64_t>(world_size());
  expect(measured <= estimate + slack,
         fmt::format("{}/{}{} count={} {} root={} ppn={} ka={}: allocated {} bytes, the row "
                     "states {}",
                     row.collective, row.algorithm,
                     row.options.empty() ? "" : fmt::format(" {}", row.options), count, dtype.name,
                     root, nodes != nullptr && nodes->is_virtual() ? nodes->virtual_ppn() : 0,
                     shape.ka, measured, estimate));
}

void estimates_cover_allocations() {
  const int size = world_size();
  for (const int ppn : {0, 2}) {
    const topology::NodeTopology nodes(MPI_COMM_WORLD, ppn);
    for (const Row& row : rows()) {
      const AlgRestrictions& r = find_algorithm(row.collective, row.algorithm)->restrictions;
      if (nodes.node_count() < r.min_nodes || size < r.min_ranks ||
          (r.max_ranks > 0 && size > r.max_ranks)) {
        continue;
      }
      const CollectiveInfo& coll = *find_collective(row.collective);
      // A root other than 0 moves the trees' slots and makes the root stage (bnom).
      for (const int root : coll.rooted ? std::vector<int>{0, size - 1} : std::vector<int>{0}) {
        estimate_covers_allocation(row, MPI_COMM_WORLD, &nodes, root, 100000,
                                   *find_datatype("int"));
        estimate_covers_allocation(row, MPI_COMM_WORLD, &nodes, root, 65537,
                                   *find_datatype("double"));
      }
    }
  }
}

// reduce/clairvoyant's schedule grows with P times its segments, not with the count: with a
// segment per element its transfers outweigh the vector many times (a count small enough for the
// P * N rounds to run quickly).
void clairvoyant_schedule_is_counted() {
  const topology::NodeTopology nodes(MPI_COMM_WORLD, 0);
  for (const int root : {0, world_size() - 1}) {
    estimate_covers_allocation({"reduce", "clairvoyant", {{"segments", "4096"}}}, MPI_COMM_WORLD,
                               &nodes, root, 4096, *find_datatype("int"));
  }
}

// Every intergroup row ([Kang2019]) with every choice of its options, on every split of the
// ranks into two groups, with equal blocks and with group A's twice group B's (uneven across
// ranks for allgatherv).
void intergroup_estimates_cover_allocations() {
  const int size = world_size();
  for (int p = 1; p < size; ++p) {
    const Comm inter = make_intergroup(MPI_COMM_WORLD, p, size - p);
    for (const std::string_view collective : {"intergroup_allgather", "intergroup_allgatherv"}) {
      for (const std::string_view name : algorithms_of(collective)) {
        const AlgorithmInfo& info = *find_algorithm(collective, name);
        for (const AlgOptions& given : mpi_test::option_variants(info)) {
          for (const IntergroupShape& shape : {IntergroupShape{}, IntergroupShape{2.0, 1.0}}) {
            estimate_covers_allocation({collective, name, given}, inter.get(), nullptr, 0, 100000,
                                       *find_datatype("int"), shape);
          }
        }
      }
    }
  }
}

// Every row states its scratch: unstated_scratch_bytes is for the test rows only, so that a new
// row is read for what it allocates rather than guessed at.
void every_row_states_its_scratch() {
  for (const AlgorithmInfo& info : algorithm_registry()) {
    expect(info.scratch_bytes != nullptr,
           fmt::format("{} states no scratch_bytes in its registry row", info.full_name()));
  }
}

// Blocks a tree's slot x stages (block_tree.cpp): its subtree when it forwards (x > 0), all P at
// the root unless its buffer is in slot order.
std::uint64_t staged_blocks(const BlockTree& t, int x, bool root_in_order) {
  const auto sx = static_cast<std::size_t>(x);
  if (x == 0) return root_in_order || t.size() < 2 ? 0 : static_cast<std::uint64_t>(t.size());
  return t.children[sx].empty() ? 0 : t.blocks[sx].size();
}

// The trees' staging formula against the trees block_tree.hpp builds, P = 1 .. 33: bnom's exact
// subtree for every root and rank; sbn's (slots by arrival, so any non-root slot) the largest
// subtree of any slot of lowbit_tree (scatter) or highbit_tree (gather).
void tree_staging_matches_block_trees() {
  for (int p = 1; p <= 33; ++p) {
    std::vector<int> identity(static_cast<std::size_t>(p));
    for (int i = 0; i < p; ++i) identity[static_cast<std::size_t>(i)] = i;
    const BlockTree low = lowbit_tree(identity, true), high = highbit_tree(identity);
    std::uint64_t low_max = 0, high_max = 0;
    for (int x = 1; x < p; ++x) {
      low_max = std::max(low_max, staged_blocks(low, x, true));
      high_max = std::max(high_max, staged_blocks(high, x, true));
    }
    for (int root = 0; root < p; ++root) {
      const BlockTree bnom = lowbit_tree(rotated_slots(p, root), false);
      for (int rank = 0; rank < p; ++rank) {
        ScratchShape s;
        s.count = 3;
        s.elem_size = 4;
        s.ranks = p;
        s.rank = rank;
        s.root = root;
        const int x = bnom.slot_of[static_cast<std::size_t>(rank)];
        const std::uint64_t want = staged_blocks(bnom, x, root == 0) * 12;
        const std::uint64_t got = binomial_tree_staging(s, TreeStaging::kRotatedLowbit);
        expect(got == want, fmt::format("bnom staging P={} root={} rank={}: {} != {}", p, root,
                                        rank, got, want));
        if (rank == root) continue;
        expect(binomial_tree_staging(s, TreeStaging::kAnyLowbit) == low_max * 12,
               fmt::format("scatter sbn staging P={}: not {} blocks", p, low_max));
        expect(binomial_tree_staging(s, TreeStaging::kAnyHighbit) == high_max * 12,
               fmt::format("gather sbn staging P={}: not {} blocks", p, high_max));
      }
    }
  }
}

// Issue 43, item 4: allgather/mpich-bruck holds a copy of all P blocks on every rank. A node with
// room for the buffers but not for that copy passed the check when only the buffers counted;
// now the case is refused.
void bruck_scratch_is_refused() {
  const int size = world_size();
  if (size < 2) return;  // one block: Bruck's copy is the send buffer's size
  constexpr std::uint64_t count = 1 << 20;
  const AlgorithmInfo& bruck = *find_algorithm("allgather", "mpich-bruck");
  const AlgOptions resolved = resolve_options(bruck, {});
  const FootprintAlgorithm fa{.info = &bruck,
                              .resolved = &resolved,
                              .elem_size = 4,
                              .node_ranks = size,
                              .max_node_ranks = size};
  const CollectiveInfo& allgather = *find_collective("allgather");
  // Buffers only: what the check counted before (allgather had no scratch then).
  const std::uint64_t buffers = workload_footprint(allgather, MPI_COMM_WORLD, 0, count).bytes(4);
  const std::uint64_t all =
      workload_footprint(allgather, MPI_COMM_WORLD, 0, count, {}, &fa).bytes(4);
  expect(all - buffers == std::uint64_t(size) * count * 4,
         fmt::format("bruck's scratch is {} bytes, not P * count * 4", all - buffers));
  std::uint64_t node_buffers = 0, node_all = 0;
  mpi_check(MPI_Allreduce(&buffers, &node_buffers, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD),
            "MPI_Allreduce");
  mpi_check(MPI_Allreduce(&all, &node_all, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD),
            "MPI_Allreduce");
  const NodeMemory mem{node_buffers + (node_all - node_buffers) / 2, "test"};
  BufferNeed need{"allgather", "int", count, buffers, node_buffers, size, "node", 1};
  expect(!buffer_memory_refusal(need, mem).has_value(), "the buffers alone do not fit");
  need.rank_bytes = all;
  need.node_bytes = node_all;
  const std::optional<std::string> refusal = buffer_memory_refusal(need, mem);
  expect(refusal.has_value(), "allgather/mpich-bruck whose copy does not fit was not refused");
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  using namespace papbench;
  MpiSession session(&argc, &argv);
  return papbench::mpi_test::run_checks([&] {
    every_row_states_its_scratch();
    tree_staging_matches_block_trees();
    bruck_scratch_is_refused();
    estimates_cover_allocations();
    clairvoyant_schedule_is_counted();
    intergroup_estimates_cover_allocations();
  });
}
