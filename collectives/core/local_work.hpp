#pragma once
// The simulated time of an algorithm's local memory work (docs/SIMULATION.md, "Time"). Under
// SMPI no host time is charged (smpi/simulate-computation:no, so runs are deterministic), and a
// local copy or combine would cost nothing while the same bytes sent to a rank of the node pay
// the platform's loopback. So papbench's own algorithms charge their copies and combines
// (local_copy and combine, collectives/core/buffers.hpp) as modelled time: bytes over the
// memory copy bandwidth that the platform states as a property of its hosts,
//   <prop id="papbench/copy-bandwidth" value="4985MBps"/>
// (jobs/platforms/*.xml, with its source; docs/PLATFORMS.md). A copy of B bytes takes B / bw (it
// reads B and writes B); a combine (inout = in op inout) reads 2B and writes B, three streams
// against a copy's two: 1.5 B / bw. The same for every operator and datatype: a memory-bound
// model, no operator's arithmetic. A platform without the property charges nothing (the result
// set's simulation description says which). On real MPI nothing is charged: the work takes its
// own time.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace papbench::local_work {

// The host property that states the rate, in SimGrid's bandwidth spelling.
inline constexpr const char* kCopyBandwidthProperty = "papbench/copy-bandwidth";

// Bytes per second of `text`: a positive number and a unit, B/s or bit/s, decimal or binary
// prefixes as SimGrid writes them ("4985MBps", "5.3GBps", "2GiBps", "10Gbps"). Throws a
// UsageError (exit 2) that names the property and the accepted units.
double parse_bandwidth(std::string_view text);

// Simulated seconds of a copy of `bytes`, and of a combine over `bytes` of inout, at
// `bytes_per_s` bytes copied a second.
inline double copy_seconds(std::size_t bytes, double bytes_per_s) {
  return static_cast<double>(bytes) / bytes_per_s;
}
inline double combine_seconds(std::size_t bytes, double bytes_per_s) {
  return 1.5 * static_cast<double>(bytes) / bytes_per_s;
}

// The copy bandwidth of this rank's simulated host, or nothing: not simulated, or the platform
// states none.
std::optional<double> host_copy_bandwidth();

// Charge this rank the simulated time of a local copy or combine of `bytes` (SMPI with the
// property only; nothing elsewhere).
void charge_copy(std::size_t bytes);
void charge_combine(std::size_t bytes);

// For the result set's simulation description: the rate charged, or that nothing is.
std::string describe_charge();

}  // namespace papbench::local_work
