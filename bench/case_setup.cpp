#include "bench/case_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>

#include "bench/buffer_memory.hpp"
#include "bench/run_order.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "common/units.hpp"

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

// Collective over `world`: the first rank (lowest number) with an error sends it to all, so every
// rank throws the same UsageError; a run without any returns.
void agree_on_first_error(MPI_Comm world, std::string error) {
  const int size = comm_size(world);
  const int mine = error.empty() ? size : comm_rank(world);
  int first = size;
  mpi_check(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, world), "MPI_Allreduce");
  if (first == size) return;
  int len = static_cast<int>(error.size());
  mpi_check(MPI_Bcast(&len, 1, MPI_INT, first, world), "MPI_Bcast");
  error.resize(static_cast<std::size_t>(len));
  mpi_check(MPI_Bcast(error.data(), len, MPI_CHAR, first, world), "MPI_Bcast");
  throw UsageError(error);
}

// The rule is in bench/buffer_memory.hpp. Each node decides from its own ranks' bytes and its
// own memory; the first refusal is every rank's error. `rank_bytes`: one case's on this rank,
// per distinct layout; a group of `at_once` cases holds that many times as much. Returns each
// layout's bytes on the busiest node (one case), which every rank learns.
std::vector<std::uint64_t> check_buffer_memory(std::span<const Case* const> cases,
                                               const std::vector<std::uint64_t>& rank_bytes,
                                               const std::vector<int>& at_once, MPI_Comm world) {
  MPI_Comm shared = MPI_COMM_NULL;
  mpi_check(
      MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, comm_rank(world), MPI_INFO_NULL, &shared),
      "MPI_Comm_split_type");
  const Comm node(shared);
  const int n = static_cast<int>(rank_bytes.size());
  std::vector<std::uint64_t> node_bytes(rank_bytes.size()), node_max(rank_bytes.size());
  mpi_check(
      MPI_Allreduce(rank_bytes.data(), node_bytes.data(), n, MPI_UINT64_T, MPI_SUM, node.get()),
      "MPI_Allreduce");
  mpi_check(MPI_Allreduce(rank_bytes.data(), node_max.data(), n, MPI_UINT64_T, MPI_MAX, node.get()),
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
  for (std::size_t i = 0; i < cases.size() && error.empty(); ++i) {
    const Case& c = *cases[i];
    const auto group = static_cast<std::uint64_t>(at_once[i]);  // <= the run's cases: no overflow
    const BufferNeed need{c.collective->name,
                          c.dtype->name,
                          c.count,
                          node_max[i] * group,
                          node_bytes[i] * group,
                          node.size(),
                          std::string_view(host, static_cast<std::size_t>(host_len)),
                          at_once[i]};
    error = buffer_memory_refusal(need, mem).value_or("");
  }
  agree_on_first_error(world, std::move(error));
  // The set-up limit is the same on every rank: the busiest node's.
  std::vector<std::uint64_t> busiest(rank_bytes.size());
  mpi_check(MPI_Allreduce(node_bytes.data(), busiest.data(), n, MPI_UINT64_T, MPI_MAX, world),
            "MPI_Allreduce");
  return busiest;
}

}  // namespace

void check_counts_fit(std::span<Case> cases, const RunOptions& opts, MPI_Comm world) {
  // --order: a group's cases hold their buffers at once (sequential: groups of one). Cases of one
  // distinct buffer layout may lie in several groups (another pattern or amplitude), but only one
  // group is alive at a time, so a layout counts as its largest group.
  std::vector<std::string> keys;
  for (const Case& c : cases) keys.push_back(interleave_key(c));
  std::vector<int> group_size(cases.size(), 1);
  for (const auto& group : run_groups(keys, opts.order)) {
    for (std::size_t k : group) group_size[k] = static_cast<int>(group.size());
  }
  std::map<int, Comm> inter;  // per size of group A, made for its first intergroup case
  using Layout = std::tuple<std::string_view, std::uint64_t, int, std::string_view, const void*>;
  std::map<Layout, std::size_t> seen;                              // -> its index in `distinct`
  std::vector<std::size_t> layout_of(cases.size(), cases.size());  // case -> index in `distinct`
  std::vector<const Case*> distinct;
  std::vector<std::uint64_t> rank_bytes;  // one case's on this rank, per distinct layout
  std::vector<int> at_once;               // ... and its largest group
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    const Layout layout{c.collective->name, c.count, c.root, c.dtype->name, c.setting};
    if (const auto it = seen.find(layout); it != seen.end()) {
      if (it->second < at_once.size()) {
        at_once[it->second] = std::max(at_once[it->second], group_size[k]);
      }
      layout_of[k] = it->second;
      continue;
    }
    seen.emplace(layout, distinct.size());
    MPI_Comm comm = world;
    if (c.collective->intergroup) {
      Comm& ic = inter[case_groups_p(c, comm_size(world))];
      if (!ic) ic = make_case_intercomm(c, opts, world);
      comm = ic.get();
    }
    // Not a distinct case: its layout's index stays past the end and is never counted.
    if (c.collective->rooted && (c.root < 0 || c.root >= comm_size(comm))) {
      seen[layout] = cases.size();
      continue;
    }
    try {
      // At most 2 * INT_MAX elements (4 with scratch) of at most 8 bytes: no overflow.
      rank_bytes.push_back(
          workload_footprint(*c.collective, comm, c.root, c.count, c.shape).bytes(c.dtype->size));
      layout_of[k] = distinct.size();
      distinct.push_back(&c);
      at_once.push_back(group_size[k]);
    } catch (const std::overflow_error& e) {
      // Every rank computes the whole layout from the shared inputs, so all refuse alike.
      throw count_error(c.count, e);
    }
  }
  const std::vector<std::uint64_t> node_bytes =
      check_buffer_memory(distinct, rank_bytes, at_once, world);
  for (std::size_t k = 0; k < cases.size(); ++k) {
    if (layout_of[k] < node_bytes.size()) cases[k].node_fill_bytes = node_bytes[layout_of[k]];
  }
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
  alg->prepare(args);

  pattern = make_pattern(c.pattern, PatternContext{size_, c.root, c.maxdelay_ns, opts_.seed});
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
