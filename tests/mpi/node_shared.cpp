// The node-shared memory of the hierarchical algorithms (collectives/core/node_shared.hpp) on
// real nodes and on virtual nodes of 1-3 ranks: every rank sees every other part of its node,
// generation flags of consecutive calls never mix, the spin lock excludes, and the private
// communicators are congruent copies of the topology's.

#include "collectives/core/node_shared.hpp"

#include <fmt/format.h>
#include <mpi.h>

#include <cstdint>
#include <mutex>
#include <string>

#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace papbench {
namespace {

std::byte pattern(int node_rank, std::size_t i) {
  return static_cast<std::byte>((node_rank * 37 + static_cast<int>(i) * 11 + 1) & 0xff);
}

void check_segment(const topology::NodeTopology& t) {
  const auto bytes_of = [](int local) { return static_cast<std::size_t>(local) * 13; };
  const NodeSharedSegment seg(t.node_comm(), bytes_of(t.local_rank()));
  mpi_test::expect(seg.node_size() == t.node_size(), "segment node size");
  mpi_test::expect(seg.mine().size() == bytes_of(t.local_rank()), "own part size");
  for (std::size_t i = 0; i < seg.mine().size(); ++i) seg.mine()[i] = pattern(t.local_rank(), i);
  mpi_check(MPI_Barrier(t.node_comm()), "MPI_Barrier");
  for (int r = 0; r < seg.node_size(); ++r) {
    const auto part = seg.part(r);
    mpi_test::expect(part.size() >= bytes_of(r), fmt::format("part {} size {}", r, part.size()));
    mpi_test::expect(
        reinterpret_cast<std::uintptr_t>(part.data()) % kCacheLine == 0 || part.empty(),
        fmt::format("part {} on a cache line", r));
    for (std::size_t i = 0; i < bytes_of(r) && i < part.size(); ++i) {
      if (part[i] != pattern(r, i)) {
        mpi_test::expect(false, fmt::format("part {} byte {} as written by its owner", r, i));
        break;
      }
    }
  }
  mpi_check(MPI_Barrier(t.node_comm()), "MPI_Barrier");  // nobody frees while others read
}

// 40 calls of a counting protocol: everyone adds 1 to a node word, raises its flag to the call's
// generation and waits for all flags. Within call g the word holds at least g * n (all added)
// and at most (g + 1) * n (fast ranks may already be in the next call).
void check_generations(const topology::NodeTopology& t) {
  NodeControl control(t.node_comm(), 1, 1);
  const auto n = static_cast<std::uint64_t>(t.node_size());
  for (int call = 0; call < 40; ++call) {
    const std::uint64_t g = control.begin_call();
    control.node_word(0).fetch_add(1, std::memory_order_acq_rel);
    control.rank_word(control.local_rank(), 0).store(g, std::memory_order_release);
    for (int r = 0; r < control.node_size(); ++r) wait_at_least(control.rank_word(r, 0), g);
    const std::uint64_t sum = control.node_word(0).load(std::memory_order_acquire);
    mpi_test::expect(
        sum >= g * n && sum <= (g + 1) * n,
        fmt::format("call {}: counter {} outside [{}, {}]", g, sum, g * n, (g + 1) * n));
  }
  mpi_check(MPI_Barrier(t.node_comm()), "MPI_Barrier");
}

// A plain (non-atomic) counter in shared memory, incremented under the lock: any overlap of two
// critical sections loses increments.
void check_lock(const topology::NodeTopology& t) {
  constexpr int kRounds = 2000;
  NodeControl control(t.node_comm(), 1);
  NodeSpinLock lock(control.node_word(0));
  const NodeSharedSegment data(t.node_comm(), t.local_rank() == 0 ? sizeof(std::uint64_t) : 0);
  auto* counter = reinterpret_cast<volatile std::uint64_t*>(data.part(0).data());
  if (t.local_rank() == 0) *counter = 0;
  mpi_check(MPI_Barrier(t.node_comm()), "MPI_Barrier");
  for (int i = 0; i < kRounds; ++i) {
    const std::lock_guard guard(lock);
    *counter = *counter + 1;
  }
  mpi_check(MPI_Barrier(t.node_comm()), "MPI_Barrier");
  const std::uint64_t want = std::uint64_t{kRounds} * static_cast<std::uint64_t>(t.node_size());
  mpi_test::expect(*counter == want, fmt::format("locked counter {} != {}", *counter, want));
  mpi_check(MPI_Barrier(t.node_comm()), "MPI_Barrier");
}

int congruence(MPI_Comm a, MPI_Comm b) {
  int result = 0;
  mpi_check(MPI_Comm_compare(a, b, &result), "MPI_Comm_compare");
  return result;
}

void check_comms(const topology::NodeTopology& t) {
  Args args;
  args.comm = MPI_COMM_WORLD;
  args.nodes = &t;
  const HierarchyComms comms(args);
  mpi_test::expect(congruence(comms.all.get(), MPI_COMM_WORLD) == MPI_CONGRUENT, "all congruent");
  mpi_test::expect(congruence(comms.node.get(), t.node_comm()) == MPI_CONGRUENT, "node congruent");
  mpi_test::expect(static_cast<bool>(comms.leaders) == (t.local_rank() == 0), "leader comm");
  if (comms.leaders) {
    mpi_test::expect(comm_size(comms.leaders.get()) == t.node_count(), "one leader per node");
    mpi_test::expect(comm_rank(comms.leaders.get()) == t.node(), "leaders by node");
  }
  bool threw = false;
  try {
    const HierarchyComms none(Args{});
  } catch (const std::logic_error&) {
    threw = true;
  }
  mpi_test::expect(threw, "no topology refused");
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  return papbench::mpi_test::run_checks([] {
    for (int ppn = 0; ppn <= 3; ++ppn) {
      const papbench::topology::NodeTopology t(MPI_COMM_WORLD, ppn);
      papbench::check_segment(t);
      papbench::check_generations(t);
      papbench::check_lock(t);
      papbench::check_comms(t);
    }
  });
}
