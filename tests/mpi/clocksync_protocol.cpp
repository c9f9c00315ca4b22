// The GlobalClock protocol at any process count: events reach rank 0, every rank agrees on the
// sync time and on when a resync is due, hierarchy is disabled collectively by a distortion on a
// single rank, and the global clock never runs backwards across a resync. Exits non-zero on any
// failed check (on any rank).

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <vector>

#include "clocksync/global_clock.hpp"
#include "clocksync/polite_wait.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "topology/node_topology.hpp"

namespace {

using namespace papbench::clocksync;

void check(bool ok, const char* what, long long a = 0, long long b = 0) {
  papbench::mpi_test::expect(ok, fmt::format("{} ({}, {})", what, a, b));
}

std::int64_t agreed_now(const GlobalClock& clock) {
  std::int64_t t = papbench::world_rank() == 0 ? clock.now() : 0;
  MPI_Bcast(&t, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  return t;
}

bool same_everywhere(std::int64_t v) {
  std::int64_t lo = 0, hi = 0;
  MPI_Allreduce(&v, &lo, 1, MPI_INT64_T, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&v, &hi, 1, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
  return lo == hi;
}

void check_events(GlobalClock& clock, int size, int syncs_expected) {
  const std::vector<SyncEvent> events = clock.take_events();
  if (papbench::world_rank() != 0) {
    check(events.empty(), "non-root ranks keep no events", static_cast<long long>(events.size()));
    return;
  }
  check(events.size() == static_cast<std::size_t>(size) * syncs_expected, "one event per rank",
        static_cast<long long>(events.size()), size);
  std::vector<int> seen(static_cast<std::size_t>(size), 0);
  for (const SyncEvent& e : events) {
    check(e.rank >= 0 && e.rank < size, "event rank in range", e.rank);
    if (e.rank < 0 || e.rank >= size) continue;
    ++seen[static_cast<std::size_t>(e.rank)];
    check(e.time_ns == clock.last_sync_global() || syncs_expected > 1, "event time is the sync",
          e.time_ns, clock.last_sync_global());
    check(e.rtt_min_ns >= 0, "rtt is not negative", e.rtt_min_ns);
    if (e.rank == 0) {
      check(e.offset_ns == 0 && e.drift_ppb == 0 && e.rtt_min_ns == 0, "rank 0 is the reference",
            e.offset_ns, e.rtt_min_ns);
    }
  }
  for (int r = 0; r < size; ++r) {
    check(seen[static_cast<std::size_t>(r)] == syncs_expected, "every rank reports every sync", r,
          seen[static_cast<std::size_t>(r)]);
  }
  check(clock.take_events().empty(), "take_events empties the queue");
}

// Undistorted ranks of one node under hierarchical sync: everyone shares rank 0's raw clock, so
// the mapping must be the identity exactly.
void undistorted_hierarchical(int size) {
  SyncOptions opts;
  opts.resync_ns = 0;
  GlobalClock clock(MPI_COMM_WORLD, LocalClock{}, opts);
  check(clock.options().hierarchical, "hierarchy stays on without distortion");
  check(clock.syncs() == 0, "no sync before synchronize()");
  clock.synchronize();
  check(clock.syncs() == 1, "one sync", clock.syncs());
  const std::int64_t local = clock.local_now();
  check(clock.to_global(local) == local, "same node, no distortion: identity",
        clock.to_global(local), local);
  check(same_everywhere(clock.last_sync_global()), "sync time agreed");
  check_events(clock, size, 1);
  check(!clock.resync_if_due(agreed_now(clock) + 1'000'000'000'000), "resync 0 never resyncs");
}

// Virtual nodes of 2 ranks: their leaders ping-pong with rank 0 and every member takes its
// leader's mapping, so the members of a node convert any local time alike.
void virtual_node_leaders(int size) {
  const papbench::topology::NodeTopology nodes(MPI_COMM_WORLD, 2);
  SyncOptions opts;
  opts.resync_ns = 0;
  GlobalClock clock(MPI_COMM_WORLD, LocalClock{}, opts, &nodes);
  check(clock.options().hierarchical, "hierarchy on with virtual nodes");
  clock.synchronize();
  check_events(clock, size, 1);
  std::int64_t local = papbench::world_rank() == 0 ? clock.local_now() : 0;
  MPI_Bcast(&local, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  const std::int64_t global = clock.to_global(local);
  std::int64_t lo = 0, hi = 0;
  MPI_Allreduce(&global, &lo, 1, MPI_INT64_T, MPI_MIN, nodes.node_comm());
  MPI_Allreduce(&global, &hi, 1, MPI_INT64_T, MPI_MAX, nodes.node_comm());
  check(lo == hi, "a virtual node shares its leader's mapping", lo, hi);
  const bool leads_other_node = nodes.local_rank() == 0 && nodes.node() > 0;
  if (leads_other_node) check(clock.error_bound_ns() > 0, "leaders measured", nodes.node());
  // One raw clock underneath: the estimate cannot be far off.
  check(std::abs(global - local) < 1'000'000, "one host: offset below 1 ms", global - local);
}

void distorted_resync(int size) {
  const int rank = papbench::world_rank();
  // Only rank `size - 1` is distorted: every rank must still turn hierarchy off.
  const Distortion d = rank == size - 1 && size > 1 ? Distortion{3'000'000, 50} : Distortion{};
  SyncOptions opts;
  opts.resync_ns = 200'000'000;
  GlobalClock clock(MPI_COMM_WORLD, LocalClock(d), opts);
  check(clock.options().hierarchical == (size == 1), "one distorted rank disables hierarchy");
  clock.synchronize();
  check(same_everywhere(clock.last_sync_global()), "sync time agreed");
  check_events(clock, size, 1);
  if (rank == 0) check(clock.error_bound_ns() == 0, "the reference has no error");
  if (rank != 0) check(clock.error_bound_ns() > 0, "others have a bound", clock.error_bound_ns());

  check(!clock.resync_if_due(agreed_now(clock)), "no resync right after a sync");
  papbench::clocksync::detail::sleep_ns(250'000'000);
  const std::int64_t t = agreed_now(clock);
  const std::int64_t before = clock.now();
  const bool resynced = clock.resync_if_due(t);
  const std::int64_t after = clock.now();
  check(resynced, "resync once due");
  check(same_everywhere(resynced ? 1 : 0), "resync decision agreed");
  check(clock.syncs() == 2, "two syncs", clock.syncs());
  check(after >= before, "no backward step across a resync", before, after);
  // Through the whole slew, too.
  std::int64_t previous = clock.now();
  const std::int64_t end = clock.local_now() + 20'000'000;
  while (clock.local_now() < end) {
    const std::int64_t g = clock.now();
    check(g >= previous, "global clock monotonic during the slew", previous, g);
    if (g < previous) break;
    previous = g;
  }
  check(same_everywhere(clock.last_sync_global()), "resync time agreed");
  check_events(clock, size, 1);
}

void invalid_options() {
  SyncOptions opts;
  opts.pingpongs = 0;
  bool threw = false;
  try {
    GlobalClock clock(MPI_COMM_WORLD, LocalClock{}, opts);
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  check(threw, "pingpongs 0 is refused");
}

}  // namespace

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  return papbench::mpi_test::run_checks([&] {
    const int size = papbench::world_size();
    undistorted_hierarchical(size);
    virtual_node_leaders(size);
    distorted_resync(size);
    invalid_options();
  });
}
