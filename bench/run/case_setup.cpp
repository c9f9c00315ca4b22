#include "bench/run/case_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>

#include "bench/run/buffer_memory.hpp"
#include "bench/run/output_reference.hpp"
#include "bench/run/run_info.hpp"
#include "bench/run/run_order.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "common/units.hpp"
#include "topology/node_topology.hpp"

namespace papbench {

bool monitors_baseline(const Case& c, const RunOptions& opts) {
  switch (opts.bg_thread) {
    case BgThread::kOn:
      return true;
    case BgThread::kOff:
      return false;
    case BgThread::kAuto:
      break;
  }
  return std::any_of(opts.algorithms.begin(), opts.algorithms.end(), [&](const AlgVariant& a) {
    const AlgorithmInfo* info = find_algorithm(c.collective->name, a.name);
    return info != nullptr && info->needs_pat;
  });
}

namespace {

// Empty start/stop pairs per case for CounterSet::calibrate: enough for a stable median, and at
// some microseconds each negligible beside a case.
constexpr int kCounterCalibrationReps = 31;

// The intercommunicator of the case's groups (--groups or its --setting).
Comm make_case_intercomm(const Case& c, const RunOptions& opts, MPI_Comm world) {
  const int size = comm_size(world);
  const int p = case_groups_p(c, size);
  return make_intergroup(world, p, size - p, opts.placement);
}

UsageError count_error(std::uint64_t count, const std::overflow_error& e) {
  return UsageError(fmt::format("--count {}: {}", format_count(count), e.what()));
}

// The rule is in bench/run/buffer_memory.hpp. Each node decides from its own ranks' bytes and its
// own memory; the first refusal is every rank's error. `group_bytes`: what each --order group's
// cases hold together on this rank (its buffers and each case's algorithm's scratch), named by
// its first case in `groups`, `group_sizes` cases at once. `case_bytes`: one case's on this
// rank. Returns each case's bytes on the busiest node, which every rank learns.
std::vector<std::uint64_t> check_buffer_memory(std::span<const Case* const> groups,
                                               const std::vector<std::uint64_t>& group_bytes,
                                               const std::vector<int>& group_sizes,
                                               const std::vector<std::uint64_t>& case_bytes,
                                               MPI_Comm world) {
  MPI_Comm shared = MPI_COMM_NULL;
  mpi_check(
      MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, comm_rank(world), MPI_INFO_NULL, &shared),
      "MPI_Comm_split_type");
  const Comm node(shared);
  const int n = static_cast<int>(group_bytes.size());
  std::vector<std::uint64_t> node_bytes(group_bytes.size()), node_max(group_bytes.size());
  mpi_check(
      MPI_Allreduce(group_bytes.data(), node_bytes.data(), n, MPI_UINT64_T, MPI_SUM, node.get()),
      "MPI_Allreduce");
  mpi_check(
      MPI_Allreduce(group_bytes.data(), node_max.data(), n, MPI_UINT64_T, MPI_MAX, node.get()),
      "MPI_Allreduce");
  // Ranks read /proc/meminfo at slightly different moments; the node agrees on the least.
  NodeMemory mem = node_memory_available();
  std::uint64_t least = mem.available_bytes;
  mpi_check(MPI_Allreduce(&mem.available_bytes, &least, 1, MPI_UINT64_T, MPI_MIN, node.get()),
            "MPI_Allreduce");
  mem.available_bytes = least;

  char host[MPI_MAX_PROCESSOR_NAME] = {};
  int host_len = 0;
  mpi_check(MPI_Get_processor_name(host, &host_len), "MPI_Get_processor_name");
  std::string error;
  for (std::size_t i = 0; i < groups.size() && error.empty(); ++i) {
    const Case& c = *groups[i];
    const BufferNeed need{c.collective->name,
                          c.dtype->name,
                          c.count,
                          node_max[i],
                          node_bytes[i],
                          node.size(),
                          std::string_view(host, static_cast<std::size_t>(host_len)),
                          group_sizes[i]};
    error = buffer_memory_refusal(need, mem).value_or("");
  }
  agree_on_first_error(world, std::move(error));
  // The set-up limit is the same on every rank: the busiest node's, per case.
  const int cases = static_cast<int>(case_bytes.size());
  std::vector<std::uint64_t> on_node(case_bytes.size()), busiest(case_bytes.size());
  mpi_check(
      MPI_Allreduce(case_bytes.data(), on_node.data(), cases, MPI_UINT64_T, MPI_SUM, node.get()),
      "MPI_Allreduce");
  mpi_check(MPI_Allreduce(on_node.data(), busiest.data(), cases, MPI_UINT64_T, MPI_MAX, world),
            "MPI_Allreduce");
  return busiest;
}

}  // namespace

void check_counts_fit(std::span<Case> cases, const RunOptions& opts, MPI_Comm world) {
  // Where each rank sits among the nodes the algorithms see (--virtual-ppn), for the scratch
  // their rows state (collectives/core/scratch.hpp).
  const topology::NodeTopology nodes(world, opts.virtual_ppn);
  const std::vector<int>& node_sizes = nodes.node_sizes();
  const int max_node_ranks = *std::max_element(node_sizes.begin(), node_sizes.end());
  std::map<int, Comm> inter;  // per size of group A, made for its first intergroup case
  // Cases that differ only in pattern or amplitude hold the same: one footprint each.
  using Footprint = std::tuple<std::string_view, std::uint64_t, int, std::string_view, const void*,
                               const AlgorithmInfo*, AlgOptions>;
  std::map<Footprint, std::uint64_t> seen;
  std::vector<std::uint64_t> case_bytes(cases.size(), 0);  // this rank's; 0: a case not counted
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    const Footprint key{c.collective->name, c.count,     c.root,       c.dtype->name,
                        c.setting,          c.algorithm, c.alg_options};
    if (const auto it = seen.find(key); it != seen.end()) {
      case_bytes[k] = it->second;
      continue;
    }
    MPI_Comm comm = world;
    if (c.collective->intergroup) {
      Comm& ic = inter[case_groups_p(c, comm_size(world))];
      if (!ic) ic = make_case_intercomm(c, opts, world);
      comm = ic.get();
    }
    // A root out of range is refused elsewhere; not counted here.
    if (c.collective->rooted && (c.root < 0 || c.root >= comm_size(comm))) {
      seen.emplace(key, 0);
      continue;
    }
    try {
      // Buffers of at most 2 * INT_MAX elements of at most 8 bytes, and scratch of at most a few
      // times a node's ranks as much (the UHA and a2a-aware holders): far from 2^64.
      const AlgOptions resolved = resolve_options(*c.algorithm, c.alg_options);
      const FootprintAlgorithm alg{.info = c.algorithm,
                                   .resolved = &resolved,
                                   .elem_size = c.dtype->size,
                                   .node = nodes.node(),
                                   .node_ranks = nodes.node_size(),
                                   .local_rank = nodes.local_rank(),
                                   .max_node_ranks = max_node_ranks,
                                   .nodes = nodes.node_count()};
      case_bytes[k] = workload_footprint(*c.collective, comm, c.root, c.count, c.shape, &alg)
                          .bytes(c.dtype->size);
      // --buffers warm: the check's reference copy (bench/run/output_reference.hpp).
      if (opts.buffers == BufferMode::kWarm) {
        case_bytes[k] += OutputReference::bytes(
            checked_blocks(*c.collective, comm, c.root, c.count, c.shape), c.dtype->size);
      }
      seen.emplace(key, case_bytes[k]);
    } catch (const std::overflow_error& e) {
      // Every rank computes the whole layout from the shared inputs, so all refuse alike.
      throw count_error(c.count, e);
    }
  }
  // --order: a group's cases (one layout, its algorithms) hold their buffers and scratch at once
  // (sequential: groups of one); only one group is alive at a time, so each is checked alone.
  std::vector<std::string> keys;
  for (const Case& c : cases) keys.push_back(interleave_key(c));
  std::vector<const Case*> group_first;
  std::vector<std::uint64_t> group_bytes;
  std::vector<int> group_sizes;
  for (const auto& group : run_groups(keys, opts.order)) {
    std::uint64_t sum = 0;
    for (const std::size_t k : group) sum += case_bytes[k];
    if (sum == 0) continue;  // roots out of range: alike on every rank
    group_first.push_back(&cases[group.front()]);
    group_bytes.push_back(sum);
    group_sizes.push_back(static_cast<int>(group.size()));
  }
  const std::vector<std::uint64_t> node_bytes =
      check_buffer_memory(group_first, group_bytes, group_sizes, case_bytes, world);
  for (std::size_t k = 0; k < cases.size(); ++k) cases[k].node_fill_bytes = node_bytes[k];
}

CaseSetup::CaseSetup(const Case& c, const RunOptions& opts, clocksync::GlobalClock& clock,
                     MPI_Comm world)
    : alg_comm(world), opts_(opts), clock_(clock), world_(world), size_(comm_size(world)) {
  make_communicator(c);
  make_workload(c);
  alg = make_algorithm(*c.algorithm, c.alg_options);
  args = workload->args();
  args.nodes = nodes.get();
  make_pat_runtime(c);
  pattern = make_pattern(c.pattern, PatternContext{size_, c.root, c.maxdelay_ns, opts_.seed});
  // Before prepare, so that an algorithm can refuse a pattern without the compute it asks for.
  args.replayed_compute_ns = pattern->overlap_compute_ns(0, comm_rank(world_));
  alg->prepare(args);

  counters = std::make_unique<CounterSet>(opts_.counters, opts_.counters_domain);
  // What starting and stopping an empty set costs, stored with the case so a reader can tell
  // the counters' own share of a call's counts and of the gap between planned and real arrival.
  counters->calibrate(kCounterCalibrationReps);
  count_compute = opts_.counters_scope != CounterScope::kCall;
  count_call = opts_.counters_scope != CounterScope::kCompute;
  compute_ns = c.compute_ns;
  xtime = pattern->xtime();
}

void CaseSetup::make_communicator(const Case& c) {
  if (!c.collective->intergroup) {
    nodes = std::make_unique<topology::NodeTopology>(alg_comm, opts_.virtual_ppn);
    return;
  }
  intercomm = make_case_intercomm(c, opts_, world_);
  alg_comm = intercomm.get();
}

void CaseSetup::make_workload(const Case& c) {
  const OpInfo& op = c.op ? *c.op : op_table().front();
  try {
    workload =
        std::make_unique<Workload>(*c.collective, alg_comm, c.root, *c.dtype, op, c.count, c.shape);
  } catch (const std::overflow_error& e) {
    throw count_error(c.count, e);  // check_counts_fit has normally refused it already
  }
}

void CaseSetup::make_pat_runtime(const Case& c) {
  // One PAT runtime (thread + communicator) per case. Algorithms without needs_pat get one too
  // with --bg-thread on, for prediction and the allgather only (no background work and no
  // Args::pat), so that every algorithm carries the same monitoring overhead.
  auto now = [this] { return clock_.now(); };
  if (c.algorithm->needs_pat) {
    pat = std::make_unique<PatRuntime>(alg_comm, now, opts_.pat_source);
    args.pat = pat.get();
    return;
  }
  if (!monitors_baseline(c, opts_)) return;
  // Intergroup algorithms run on an intercommunicator, whose allgather means something else;
  // the monitor exchanges over all ranks instead.
  try {
    pat = std::make_unique<PatRuntime>(c.collective->intergroup ? world_ : alg_comm, now,
                                       opts_.pat_source);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format(
        "--bg-thread: this run gives the baselines the PAT monitoring thread (on, or auto with "
        "a PAT algorithm in the run), and {}; pass --bg-thread off",
        e.what()));
  }
}

}  // namespace papbench
