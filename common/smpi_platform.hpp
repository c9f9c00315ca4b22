#pragma once
// The one place that knows whether papbench is built for SimGrid's SMPI (preset smpi,
// PAPBENCH_SMPI; docs/SIMULATION.md). Under SMPI every rank is a simulated process and time is
// the simulation's: a clock read must return simulated time, and a wait must be a simulated sleep
// (with smpi/simulate-computation:no the clock never moves while a rank computes, so a spin on it
// never ends; with computation simulated, the host's own time in a spin becomes simulated time
// and the runs stop being deterministic). Everything that reads the clock or waits for a time
// goes through clock_ns() and sleep_ns(), and the code that cannot run simulated asks
// kSimulated and refuses with a reason.

#include <time.h>

#include <chrono>
#include <cstdint>

#ifdef PAPBENCH_SMPI
extern "C" int smpi_clock_gettime(clockid_t clk_id, struct timespec* tp);
extern "C" int smpi_nanosleep(const struct timespec* tp, struct timespec* rem);
extern "C" double sg_cfg_get_double(const char* name);  // SimGrid's xbt/config.h
// SimGrid's simgrid/host.h and smpi/smpi.h, declared as there (simgrid/forward.h's sg_host_t).
namespace simgrid::s4u {
class Host;
}
extern "C" simgrid::s4u::Host* sg_host_self();
extern "C" const char* sg_host_get_property_value(const simgrid::s4u::Host* host, const char* name);
extern "C" void smpi_execute_benched(double duration);
#endif

namespace papbench::smpi {

#ifdef PAPBENCH_SMPI
inline constexpr bool kSimulated = true;
#else
inline constexpr bool kSimulated = false;
#endif

// The given clock in nanoseconds; under SMPI the simulated clock (one clock for every rank and
// every clock id).
inline std::int64_t clock_ns(clockid_t id) {
  timespec ts{};
#ifdef PAPBENCH_SMPI
  smpi_clock_gettime(id, &ts);
#else
  clock_gettime(id, &ts);
#endif
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// std::chrono::steady_clock, read through clock_ns: the simulated clock under SMPI, so that the
// phase times an algorithm records are the simulation's (the host's clock would make them, and
// a simulated run's result set, differ from run to run).
struct SteadyClock {
  using rep = std::int64_t;
  using period = std::nano;
  using duration = std::chrono::nanoseconds;
  using time_point = std::chrono::time_point<SteadyClock>;
  static constexpr bool is_steady = true;
  static time_point now() { return time_point(duration(clock_ns(CLOCK_MONOTONIC))); }
};

// A relative sleep; under SMPI it advances this rank's simulated time by exactly ns.
inline void sleep_ns(std::int64_t ns) {
  if (ns <= 0) return;
  const timespec ts{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
#ifdef PAPBENCH_SMPI
  smpi_nanosleep(&ts, nullptr);
#else
  nanosleep(&ts, nullptr);
#endif
}

// Charges `seconds` of computation to this rank on its simulated host (smpi_execute_benched: the
// host's cores at its speed, shared with the host's other ranks that compute at the same time),
// whatever smpi/simulate-computation says; nothing on real MPI, where the work takes its own time.
inline void execute_s(double seconds) {
#ifdef PAPBENCH_SMPI
  if (seconds > 0) smpi_execute_benched(seconds);
#else
  (void)seconds;
#endif
}

// A property of this rank's simulated host (a <prop> of its <host> or <cluster> in the platform
// file), or nullptr where the platform sets none; always nullptr on real MPI.
inline const char* host_property(const char* name) {
#ifdef PAPBENCH_SMPI
  return sg_host_get_property_value(sg_host_self(), name);
#else
  (void)name;
  return nullptr;
#endif
}

// The simulated time SMPI sleeps in each MPI_Test (its option smpi/test, default 1e-4 s, and
// more after each failed test with smpi/grow-injected-times); 0 on real MPI.
inline double injected_test_sleep_s() {
#ifdef PAPBENCH_SMPI
  return sg_cfg_get_double("smpi/test");
#else
  return 0;
#endif
}

// The simulated time SMPI sleeps in each MPI_Iprobe, and in each look of an MPI_Probe (its option
// smpi/iprobe, default 1e-4 s, times a counter that every failed probe of any rank raises, with
// smpi/grow-injected-times); 0 on real MPI.
inline double injected_iprobe_sleep_s() {
#ifdef PAPBENCH_SMPI
  return sg_cfg_get_double("smpi/iprobe");
#else
  return 0;
#endif
}

// A wait on memory that another rank writes (node-shared words, one-sided flags: SpinBackoff)
// looks again after this much simulated time: about what a load of a cache line that another
// core has just written costs (a cross-core transfer, ~100 ns).
inline constexpr std::int64_t kPollNs = 100;

// Why a feature cannot run under SMPI, for the refusals (exit 2) and `papbench list`.
inline constexpr const char* kNoMpiT =
    "forces the library's algorithm through the MPI_T control variables, which SMPI does not "
    "implement";
// The library's intercommunicator collectives only: papbench's own intergroup algorithms run
// on an intracommunicator spanning both groups (collectives/core/intergroup.hpp). On Cray MPICH
// and MPICH, native is MPICH's local-gather/remote-bcast, the messages of rg2 with impl=library.
inline constexpr const char* kNoIntercomm =
    "is the library's collective on an intercommunicator (MPI_Intercomm_create), which SMPI 3.32 "
    "declares but does not implement; rg2 with impl=library sends what MPICH's (and Cray "
    "MPICH's) intercommunicator collective sends";
// papbench list's SMPI column for the other intergroup algorithms.
inline constexpr const char* kSpanningGroups =
    "yes, on one intracommunicator spanning both groups (SMPI has no intercommunicators; the "
    "same messages, remote ranks translated)";

}  // namespace papbench::smpi
