#include "capture/capture_session.hpp"

#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "capture/call_site.hpp"
#include "capture/capture_cases.hpp"
#include "capture/comm_identity.hpp"
#include "capture/mpi_names.hpp"
#include "capture/substitution.hpp"
#include "clocksync/global_clock.hpp"
#include "common/mpi_env.hpp"
#include "papbench/version.hpp"
#include "results/result_set.hpp"

namespace papbench::capture {

thread_local bool InternalCalls::active_ = false;

namespace {

// The wrapper's own cost is measured at start-up with this many dry runs of its recording path.
constexpr int kOverheadProbes = 2000;

struct State {
  State() = default;
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  // An application that exits without MPI_Finalize destroys the State at exit: the clock's
  // communicators must not be freed then (MPI may be gone, or a free may wait for other ranks),
  // so the clock is left to the process's end. finish_capture frees it in the normal course.
  ~State() { static_cast<void>(clock.release()); }

  std::string path;
  bool sites = false;  // PAPBENCH_CAPTURE_SITES=1
  std::unique_ptr<clocksync::GlobalClock> clock;
  std::vector<clocksync::SyncEvent> sync_events;  // rank 0
  std::mutex mutex;                               // MPI_THREAD_MULTIPLE applications
  CallLog log;
  std::unordered_map<MPI_Comm, std::uint32_t> comm_slots;
  std::vector<MPI_Datatype> dtypes;  // slot -> handle, resolved to names at the end
  std::vector<MPI_Op> ops;
  std::int64_t overhead_median_ns = 0, overhead_p99_ns = 0;
  // PAPBENCH_CAPTURE_FLUSH_EVERY=K: after every K-th collective on MPI_COMM_WORLD (the same call
  // on every rank) all ranks write what they have so far; 0: only at MPI_Finalize.
  std::int64_t flush_every = 0;
  std::int64_t world_calls = 0;
  // Posted nonblocking collectives by request, until a wait or test completes them.
  struct Pending {
    RawCall call;
    std::int64_t post_return_raw = 0;
    std::int64_t in_calls_ns = 0;  // in earlier waits and tests that did not complete it
  };
  std::unordered_map<MPI_Request, Pending> pending;
  // With flushes, a rank that fails keeps taking part in them (with "not ok"), or the others
  // would wait for it; without, it simply stops recording.
  bool failed = false;
};

std::atomic<bool> g_recording{false};
std::atomic<std::int64_t> g_pending{0};  // State::pending.size(), read without the mutex
std::unique_ptr<State>& state() {
  static std::unique_ptr<State> s;
  return s;
}

void disable(const std::string& why) {
  g_recording = false;
  std::fprintf(stderr, "papbench-capture: disabled (%s); the application runs on uncaptured\n",
               why.c_str());
}

template <class Handle>
std::uint16_t slot_of(std::vector<Handle>& slots, Handle h) {
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i] == h) return static_cast<std::uint16_t>(i);
  }
  if (slots.size() >= 0xffff) throw std::runtime_error("more than 65535 datatypes or operations");
  slots.push_back(h);
  return static_cast<std::uint16_t>(slots.size() - 1);
}

std::uint32_t comm_slot(State& s, MPI_Comm comm) {
  if (auto it = s.comm_slots.find(comm); it != s.comm_slots.end()) return it->second;
  CommIdentity id = identify_comm(comm, s.log);
  const std::uint32_t slot = s.log.add_comm(std::move(id.identity), std::move(id.world_ranks));
  s.comm_slots.emplace(comm, slot);
  return slot;
}

// The record of a call; std::nullopt on an intercommunicator (not captured).
std::optional<RawCall> make_call(State& s, const CallShape& shape, std::int64_t arrival_raw,
                                 std::int64_t exit_raw) {
  RawCall call;
  call.arrival_raw = arrival_raw;
  call.exit_raw = exit_raw;
  call.site = shape.site;
  call.count = shape.count;
  call.root = shape.root;
  call.collective = shape.collective;
  call.comm = comm_slot(s, shape.comm);
  if (s.log.comm_members(call.comm).empty()) return std::nullopt;
  call.dtype = slot_of(s.dtypes, shape.dtype);
  call.op = slot_of(s.ops, shape.op);
  if (s.sites) call.stack_hash = stack_hash();
  return call;
}

void append(State& s, const CallShape& shape, std::int64_t arrival_raw, std::int64_t exit_raw) {
  if (std::optional<RawCall> call = make_call(s, shape, arrival_raw, exit_raw)) s.log.append(*call);
}

// The median and p99 of what a wrapper adds to a call: two clock reads and the recording path,
// into a scratch log on MPI_COMM_WORLD (its slot exists, as for every later call on it).
void measure_overhead(State& s) {
  State scratch;
  scratch.sites = s.sites;
  std::vector<std::int64_t> cost;
  cost.reserve(kOverheadProbes);
  scratch.log.reserve(kOverheadProbes + 1);
  const CallShape shape{Collective::kBarrier, MPI_COMM_WORLD, -1,     0,
                        MPI_DATATYPE_NULL,    MPI_OP_NULL,    nullptr};
  append(scratch, shape, 0, 0);
  for (int i = 0; i < kOverheadProbes; ++i) {
    const std::int64_t t0 = clocksync::raw_now_ns();
    const std::int64_t a = clocksync::raw_now_ns();
    const std::int64_t e = clocksync::raw_now_ns();
    {
      std::lock_guard lock(scratch.mutex);
      append(scratch, shape, a, e);
    }
    cost.push_back(clocksync::raw_now_ns() - t0);
  }
  std::sort(cost.begin(), cost.end());
  std::int64_t mine[2] = {cost[cost.size() / 2], cost[cost.size() * 99 / 100]};
  std::int64_t worst[2] = {0, 0};
  // The slowest rank's figures: the application waits for its slowest rank.
  PMPI_Allreduce(mine, worst, 2, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
  s.overhead_median_ns = worst[0];
  s.overhead_p99_ns = worst[1];
}

std::string own_command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string out;
  for (const std::string& arg : unpack_strings(raw)) {
    if (!out.empty()) out += ' ';
    out += arg;
  }
  return out;
}

RankCalls resolve(State& s) {
  RankCalls out;
  out.world_rank = comm_rank(MPI_COMM_WORLD);
  std::map<std::string, std::int64_t> index;
  auto intern = [&](const std::string& text) {
    auto [it, added] = index.emplace(text, static_cast<std::int64_t>(out.strings.size()));
    if (added) out.strings.push_back(text);
    return it->second;
  };
  std::vector<std::int64_t> dtype_ix, op_ix, comm_ix, members_ix;
  for (MPI_Datatype t : s.dtypes) dtype_ix.push_back(intern(datatype_name(t)));
  for (MPI_Op o : s.ops) op_ix.push_back(intern(op_name(o)));
  for (std::uint32_t c = 0; c < s.log.comms(); ++c) {
    comm_ix.push_back(intern(s.log.comm_identity(c)));
    std::string members;
    for (int r : s.log.comm_members(c))
      members += fmt::format("{}{}", members.empty() ? "" : ",", r);
    members_ix.push_back(intern(members));
  }
  std::unordered_map<const void*, std::int64_t> site_ix;
  const clocksync::GlobalClock& clock = *s.clock;
  for (const RawCall& call : s.log.calls()) {
    auto it = site_ix.find(call.site);
    if (it == site_ix.end()) it = site_ix.emplace(call.site, intern(site_name(call.site))).first;
    std::int64_t site = it->second;
    if (call.stack_hash != 0) {
      site = intern(fmt::format("{}#{:08x}", out.strings[static_cast<std::size_t>(site)],
                                call.stack_hash & 0xffffffffU));
    }
    const std::int64_t a_local = clock.local().from_raw(call.arrival_raw);
    CallRow row;
    row.comm = comm_ix[call.comm];
    row.members = members_ix[call.comm];
    row.seq = call.seq;
    row.collective = static_cast<std::int64_t>(call.collective);
    row.root = call.root;
    row.count = static_cast<std::int64_t>(call.count);
    row.dtype = dtype_ix[call.dtype];
    row.op = op_ix[call.op];
    row.site = site;
    row.arrival_ns = clock.to_global(a_local);
    row.exit_ns = clock.to_global(clock.local().from_raw(call.exit_raw));
    row.bound_ns = clock.error_bound_at(a_local);
    row.compute_ns = call.compute_ns;
    row.test_ns = call.test_ns;
    row.wait_ns = call.wait_ns;
    row.tests = call.tests;
    row.done_by_test = call.done_by_test ? 1 : 0;
    out.rows.push_back(row);
  }
  return out;
}

// Every rank's calls at world rank 0 (empty elsewhere).
std::vector<RankCalls> gather_calls(const RankCalls& mine) {
  const int size = comm_size(MPI_COMM_WORLD);
  const int rank = comm_rank(MPI_COMM_WORLD);
  const std::vector<char> strings = pack_strings(mine.strings);
  const std::vector<std::int64_t> rows = pack_rows(mine.rows);
  int lengths[2] = {static_cast<int>(strings.size()), static_cast<int>(rows.size())};
  std::vector<int> all(static_cast<std::size_t>(2 * size));
  PMPI_Gather(lengths, 2, MPI_INT, all.data(), 2, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> s_len(static_cast<std::size_t>(size)), r_len(s_len), s_off(s_len), r_off(s_len);
  long long s_total = 0, r_total = 0;
  for (int r = 0; r < size && rank == 0; ++r) {
    s_len[r] = all[2 * r];
    r_len[r] = all[2 * r + 1];
    s_off[r] = static_cast<int>(s_total);
    r_off[r] = static_cast<int>(r_total);
    s_total += s_len[r];
    r_total += r_len[r];
  }
  if (s_total > 0x7fffffff || r_total > 0x7fffffff) {
    throw std::runtime_error("the capture is larger than one MPI_Gatherv can move");
  }
  std::vector<char> s_all(static_cast<std::size_t>(s_total));
  std::vector<std::int64_t> r_all(static_cast<std::size_t>(r_total));
  PMPI_Gatherv(strings.data(), lengths[0], MPI_CHAR, s_all.data(), s_len.data(), s_off.data(),
               MPI_CHAR, 0, MPI_COMM_WORLD);
  PMPI_Gatherv(rows.data(), lengths[1], MPI_INT64_T, r_all.data(), r_len.data(), r_off.data(),
               MPI_INT64_T, 0, MPI_COMM_WORLD);
  std::vector<RankCalls> out;
  for (int r = 0; r < size && rank == 0; ++r) {
    RankCalls rc;
    rc.world_rank = r;
    rc.strings = unpack_strings(std::span(s_all).subspan(s_off[r], s_len[r]));
    rc.rows = unpack_rows(std::span(r_all).subspan(r_off[r], r_len[r]));
    out.push_back(std::move(rc));
  }
  return out;
}

results::RunInfo run_info(const State& s, long long calls, long long incomplete) {
  results::RunInfo info;
  info.papbench_version = kVersion;
  info.git_sha = kGitSha;
  info.extra["build"] = kBuild;
  info.command_line = own_command_line();
  info.mpi_library_version = mpi_library_version();
  info.mpi_size = comm_size(MPI_COMM_WORLD);
  info.hostnames = allgather_strings(MPI_COMM_WORLD, processor_name());
  // Nodes by host name: the library must not split communicators of its own in the application.
  std::map<std::string, int> node_of_host;
  for (const std::string& h : info.hostnames) {
    node_of_host.emplace(h, static_cast<int>(node_of_host.size()));
    info.node_index.push_back(node_of_host[h]);
  }
  info.core.resize(static_cast<std::size_t>(info.mpi_size));
  int core = sched_getcpu();
  PMPI_Allgather(&core, 1, MPI_INT, info.core.data(), 1, MPI_INT, MPI_COMM_WORLD);
  info.clock_info = fmt::format(
      "raw CLOCK_MONOTONIC_RAW; estimator {}; hierarchical {}; synced at MPI_Init (drift fit), "
      "checked at MPI_Finalize",
      clocksync::to_string(s.clock->options().estimator), s.clock->options().hierarchical);
  info.extra["mpi_thread_level"] = std::string(thread_level_name(mpi_thread_level()));
  info.extra["result_kind"] = "capture";
  info.extra["capture_overhead_median_ns"] = std::to_string(s.overhead_median_ns);
  info.extra["capture_overhead_p99_ns"] = std::to_string(s.overhead_p99_ns);
  info.extra["capture_calls"] = std::to_string(calls);
  info.extra["capture_incomplete_calls"] = std::to_string(incomplete);
  // Which algorithm served each site where papbench's own were asked for (collective).
  if (substitution::enabled()) info.extra["capture_substitution"] = substitution::summary();
  return info;
}

std::vector<results::SyncEventRow> sync_rows(const std::vector<clocksync::SyncEvent>& events) {
  std::vector<results::SyncEventRow> rows;
  for (const clocksync::SyncEvent& e : events) {
    rows.push_back({e.time_ns, e.rank, e.offset_ns, e.drift_ppb, e.rtt_min_ns, e.error_bound_ns,
                    e.bound_growth_ppb});
  }
  return rows;
}

// Everything recorded so far, as one result set. `final`: at MPI_Finalize, with the sync there;
// else a flush. Rank 0 writes PATH.part and renames it over PATH, so a crash during a write
// keeps the previous flush.
void write_file(State& s, bool final) {
  const RankCalls mine = resolve(s);
  if (final) {
    s.clock->synchronize();  // the drift since MPI_Init, recorded in /sync
    auto events = s.clock->take_events();
    s.sync_events.insert(s.sync_events.end(), events.begin(), events.end());
  }
  const std::vector<RankCalls> all = gather_calls(mine);
  long long calls = 0;
  for (const RankCalls& r : all) calls += static_cast<long long>(r.rows.size());
  // Every rank takes part in run_info's gathers; only rank 0 writes.
  AssembledCapture cases;
  if (comm_rank(MPI_COMM_WORLD) == 0) cases = assemble_cases(all);
  results::RunInfo info = run_info(s, calls, cases.incomplete_calls);
  info.extra["capture_complete"] =
      final ? "MPI_Finalize" : fmt::format("flushed after {} MPI_COMM_WORLD calls", s.world_calls);
  if (comm_rank(MPI_COMM_WORLD) != 0) return;
  const std::string part = s.path + ".part";
  {
    results::ResultWriter writer(part, /*overwrite=*/true, info);
    writer.append_sync_events(sync_rows(s.sync_events));
    for (const results::CaseRecord& rec : cases.cases) writer.write_case(rec);
  }
  if (std::rename(part.c_str(), s.path.c_str()) != 0) {
    throw std::runtime_error(fmt::format("cannot rename {} to {}", part, s.path));
  }
  if (final) {
    std::fprintf(stderr, "papbench-capture: %lld calls in %zu cases written to %s\n", calls,
                 cases.cases.size(), s.path.c_str());
  }
}

// All ranks agree that each can write before any gathers, so one rank's failure cannot leave
// the others waiting; then write (rank 0). Returns whether it wrote.
void agree_and_write(State& s, bool can_write, bool final) {
  int ok = can_write ? 1 : 0;
  int all_ok = 0;
  PMPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (all_ok != 1) return;
  try {
    write_file(s, final);
  } catch (const std::exception& e) {
    s.failed = true;
    disable(
        fmt::format("{}, nothing written: {}", final ? "at MPI_Finalize" : "at a flush", e.what()));
  }
}

std::int64_t flush_every_from_env() {
  const char* text = std::getenv("PAPBENCH_CAPTURE_FLUSH_EVERY");
  if (text == nullptr || *text == '\0') return 0;
  std::int64_t k = -1;
  const std::string_view v(text);
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), k);
  if (ec != std::errc() || p != v.data() + v.size() || k < 0) {
    throw std::runtime_error(fmt::format(
        "PAPBENCH_CAPTURE_FLUSH_EVERY: '{}' is not a count of MPI_COMM_WORLD collectives; "
        "accepted: an integer >= 0 (0: write only at MPI_Finalize)",
        v));
  }
  return k;
}

}  // namespace

bool recording() {
  return g_recording.load(std::memory_order_relaxed) && !InternalCalls::active();
}

void start_capture() {
  // Under MPICH a Fortran MPI_Init reaches both wrappers (the binding calls the C MPI_Init).
  if (state() != nullptr) return;
  const InternalCalls guard;
  try {
    auto s = std::make_unique<State>();
    const char* path = std::getenv("PAPBENCH_CAPTURE");
    s->path = path != nullptr && *path != '\0' ? path : "papbench-capture.h5";
    const char* sites = std::getenv("PAPBENCH_CAPTURE_SITES");
    s->sites = sites != nullptr && std::string(sites) == "1";
    s->flush_every = flush_every_from_env();
    clocksync::SyncOptions options;
    options.resync_ns = 0;  // no resync inside the application: only at MPI_Finalize
    s->clock =
        std::make_unique<clocksync::GlobalClock>(MPI_COMM_WORLD, clocksync::LocalClock{}, options);
    s->sync_events = s->clock->take_events();
    measure_overhead(*s);
    s->log.reserve(1 << 16);
    state() = std::move(s);
    g_recording = true;
  } catch (const std::exception& e) {
    disable(fmt::format("at MPI_Init: {}", e.what()));
  }
  substitution::start();  // with or without a capture
}

void finish_capture() {
  const InternalCalls guard;
  std::unique_ptr<State> s = std::move(state());
  const bool was_recording = g_recording.exchange(false);
  g_pending = 0;  // collectives still posted now are never recorded
  if (s) {
    agree_and_write(*s, was_recording && !s->failed, /*final=*/true);
    s->clock.reset();  // frees its communicators before PMPI_Finalize
  }
  substitution::finish();  // after the write, which records what it served
}

void record_call(const CallShape& shape, std::int64_t arrival_raw, std::int64_t exit_raw) {
  State* s = state().get();
  if (s == nullptr) return;
  bool flush = false;
  {
    std::lock_guard lock(s->mutex);
    if (!s->failed) {
      try {
        append(*s, shape, arrival_raw, exit_raw);
      } catch (const std::exception& e) {
        if (s->flush_every == 0) {
          disable(e.what());
          return;
        }
        s->failed = true;
        std::fprintf(stderr, "papbench-capture: stopped recording (%s); nothing more is written\n",
                     e.what());
      }
    }
    flush = s->flush_every > 0 && shape.comm == MPI_COMM_WORLD &&
            ++s->world_calls % s->flush_every == 0;
  }
  if (flush) {
    const InternalCalls guard;
    agree_and_write(*s, !s->failed, /*final=*/false);
  }
}

void post_call(const CallShape& shape, std::int64_t arrival_raw, std::int64_t post_return_raw,
               MPI_Request request) {
  State* s = state().get();
  if (s == nullptr || request == MPI_REQUEST_NULL) return;
  std::lock_guard lock(s->mutex);
  if (s->failed) return;
  try {
    std::optional<RawCall> call = make_call(*s, shape, arrival_raw, post_return_raw);
    if (!call) return;
    call->seq = s->log.take_seq(call->comm);
    s->pending[request] = {*call, post_return_raw, 0};
    g_pending.store(static_cast<std::int64_t>(s->pending.size()), std::memory_order_relaxed);
  } catch (const std::exception& e) {
    // As record_call: with flushes the rank goes on taking part in them, so it stays enabled.
    s->failed = true;
    if (s->flush_every == 0) {
      disable(e.what());
    } else {
      std::fprintf(stderr, "papbench-capture: stopped recording (%s); nothing more is written\n",
                   e.what());
    }
  }
}

bool requests_pending() {
  return g_pending.load(std::memory_order_relaxed) > 0 && recording();
}

void requests_waited(std::span<const MPI_Request> before, std::span<const MPI_Request> after,
                     std::int64_t t0_raw, std::int64_t t1_raw, bool is_test,
                     bool (*completed_in_place)(MPI_Request)) {
  State* s = state().get();
  if (s == nullptr) return;
  std::lock_guard lock(s->mutex);
  for (std::size_t i = 0; i < before.size() && i < after.size(); ++i) {
    if (before[i] == MPI_REQUEST_NULL) continue;
    const auto it = s->pending.find(before[i]);
    if (it == s->pending.end()) continue;
    State::Pending& p = it->second;
    // A persistent collective keeps its handle when complete.
    if (after[i] != MPI_REQUEST_NULL && !completed_in_place(before[i])) {
      // Still running: this call's time was spent on it (on all of a Waitsome's alike).
      p.in_calls_ns += t1_raw - t0_raw;
      ++p.call.tests;
      continue;
    }
    RawCall call = p.call;
    call.exit_raw = t1_raw;
    call.test_ns = p.in_calls_ns;
    call.compute_ns = std::max<std::int64_t>(0, t0_raw - p.post_return_raw - p.in_calls_ns);
    call.wait_ns = t1_raw - t0_raw;
    call.done_by_test = is_test;
    s->pending.erase(it);
    if (!s->failed) s->log.append_numbered(call);
  }
  g_pending.store(static_cast<std::int64_t>(s->pending.size()), std::memory_order_relaxed);
}

void forget_request(MPI_Request request) {
  State* s = state().get();
  if (s == nullptr) return;
  std::lock_guard lock(s->mutex);
  s->pending.erase(request);
  g_pending.store(static_cast<std::int64_t>(s->pending.size()), std::memory_order_relaxed);
}

void forget_comm(MPI_Comm comm) {
  State* s = state().get();
  if (s == nullptr) return;
  std::lock_guard lock(s->mutex);
  s->comm_slots.erase(comm);
}

}  // namespace papbench::capture
