#include "clocksync/sync_check.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "clocksync/polite_wait.hpp"
#include "common/mpi_env.hpp"

namespace papbench::clocksync {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Uniform in [-1, 1) from the top 53 bits: standard distributions are implementation-defined,
// and a seed must give the same distortions with every standard library.
double symmetric_unit(std::uint64_t bits) {
  return 2.0 * static_cast<double>(bits >> 11) * 0x1.0p-53 - 1.0;
}

std::int64_t median_of(std::vector<std::int64_t> v) {
  if (v.empty()) return 0;
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

void bcast_politely(void* data, int count, MPI_Datatype type, MPI_Comm comm) {
  MPI_Request req = MPI_REQUEST_NULL;
  mpi_check(MPI_Ibcast(data, count, type, 0, comm, &req), "MPI_Ibcast");
  detail::wait_politely(req);
}

void check_options(const SyncCheckOptions& o) {
  if (o.inject.offset_ns < 0) throw std::invalid_argument("sync check: offset max must be >= 0");
  if (!(o.inject.drift_ppm >= 0) || !std::isfinite(o.inject.drift_ppm)) {
    throw std::invalid_argument("sync check: drift max must be finite and >= 0");
  }
  if (!(o.inject.step_ppm >= 0) || !std::isfinite(o.inject.step_ppm)) {
    throw std::invalid_argument("sync check: drift step max must be finite and >= 0");
  }
  // Beyond this the distorted clock would run backwards, which no real clock does.
  if (o.inject.drift_ppm + o.inject.step_ppm >= 1e5) {
    throw std::invalid_argument("sync check: drift max (with its step) >= 10%");
  }
  if (o.inject.wander_ns < 0) throw std::invalid_argument("sync check: wander max must be >= 0");
  if (o.inject.wander_ns > 0 && o.inject.wander_period_ns <= 0) {
    throw std::invalid_argument("sync check: a wander needs a period > 0");
  }
  if (o.inject.step_at_ns < 0) throw std::invalid_argument("sync check: step instant must be >= 0");
  if (o.duration_ns <= 0) throw std::invalid_argument("sync check: duration must be > 0");
  if (o.sample_interval_ns <= 0) {
    throw std::invalid_argument("sync check: sample interval must be > 0");
  }
  if (o.virtual_ppn < 0) throw std::invalid_argument("sync check: virtual ppn must be >= 0");
}

// Per-rank figures gathered to rank 0 (doubles hold every value exactly: all are < 2^53).
enum Field {
  kInjectedOffset,
  kInjectedDriftPpm,
  kMaxAbs,
  kMaxAbsAt,
  kMedianAbs,
  kMeanError,
  kSamples,
  kRttMin,
  kRttMinWorst,
  kDriftPpb,
  kMaxBound,
  kViolations,
  kWorstExcess,
  kLastViolationAt,
  kFields
};

// Every rank's sync error, sampled until rank 0 says stop.
struct Samples {
  std::vector<std::int64_t> errors;  // this rank's global clock minus rank 0's true clock
  std::vector<std::int64_t> bounds;  // the error bound the clock claimed at that moment
  std::vector<std::int64_t> times;   // of each sample, since sampling began
  int resyncs = 0;
};

Samples sample_errors(GlobalClock& clock, const LocalClock& local, const LocalClock& truth,
                      const SyncCheckOptions& o, MPI_Comm comm, std::vector<SyncEvent>& events) {
  // Rank 0 paces the samples and says when to stop, so that every rank passes the same time to
  // resync_if_due and takes the same number of samples.
  const bool pacer = comm_rank(comm) == 0;
  std::array<std::int64_t, 2> tick{pacer ? clock.now() : 0, 1};
  bcast_politely(tick.data(), 2, MPI_INT64_T, comm);
  const std::int64_t start = tick[0];
  Samples s;
  s.errors.reserve(static_cast<std::size_t>(o.duration_ns / o.sample_interval_ns) + 2);
  s.times.reserve(s.errors.capacity());
  s.bounds.reserve(s.errors.capacity());
  for (;;) {
    if (clock.resync_if_due(tick[0])) {
      ++s.resyncs;
      auto more = clock.take_events();
      events.insert(events.end(), more.begin(), more.end());
    }
    // One raw reading, converted by this rank's global clock and by rank 0's true clock: the
    // difference is the sync error alone, whatever the scheduler did around the reading.
    const std::int64_t raw = raw_now_ns();
    const std::int64_t at = local.from_raw(raw);
    s.errors.push_back(clock.to_global(at) - truth.from_raw(raw));
    s.bounds.push_back(clock.error_bound_at(at));
    s.times.push_back(tick[0] - start);

    if (pacer) {
      detail::sleep_ns(tick[0] + o.sample_interval_ns - clock.now());
      tick[0] = clock.now();
      tick[1] = tick[0] - start < o.duration_ns ? 1 : 0;
    }
    bcast_politely(tick.data(), 2, MPI_INT64_T, comm);
    if (tick[1] == 0) return s;
  }
}

std::vector<std::int64_t> absolute(const std::vector<std::int64_t>& v) {
  std::vector<std::int64_t> out(v.size());
  std::transform(v.begin(), v.end(), out.begin(), [](std::int64_t e) { return e < 0 ? -e : e; });
  return out;
}

std::array<double, kFields> own_figures(const Samples& s, const Distortion& mine) {
  const std::vector<std::int64_t> abs_errors = absolute(s.errors);
  double sum = 0;
  for (std::int64_t e : s.errors) sum += static_cast<double>(e);
  std::array<double, kFields> f{};
  f[kInjectedOffset] = static_cast<double>(mine.offset_ns);
  f[kInjectedDriftPpm] = mine.drift_ppm;
  const auto worst = std::max_element(abs_errors.begin(), abs_errors.end());
  f[kMaxAbs] = static_cast<double>(*worst);
  f[kMaxAbsAt] = static_cast<double>(s.times[static_cast<std::size_t>(worst - abs_errors.begin())]);
  f[kMedianAbs] = static_cast<double>(median_of(abs_errors));
  f[kMeanError] = sum / static_cast<double>(s.errors.size());
  f[kSamples] = static_cast<double>(s.errors.size());
  f[kWorstExcess] = -std::numeric_limits<double>::infinity();
  f[kLastViolationAt] = -1;
  for (std::size_t i = 0; i < s.errors.size(); ++i) {
    f[kMaxBound] = std::max(f[kMaxBound], static_cast<double>(s.bounds[i]));
    const auto excess = static_cast<double>(abs_errors[i] - s.bounds[i]);
    f[kWorstExcess] = std::max(f[kWorstExcess], excess);
    if (excess > 0) {
      f[kViolations] += 1;
      f[kLastViolationAt] = static_cast<double>(s.times[i]);
    }
  }
  return f;
}

// Rank 0: every rank's figures, [rank * kFields + field], completed from the sync events (rank 0
// has every rank's): last and worst error bound, last drift estimate.
std::vector<double> gather_figures(const std::array<double, kFields>& mine,
                                   const std::vector<SyncEvent>& events, MPI_Comm comm) {
  const int rank = comm_rank(comm);
  const int size = comm_size(comm);
  std::vector<double> all(rank == 0 ? static_cast<std::size_t>(kFields) * size : 0);
  mpi_check(MPI_Gather(mine.data(), kFields, MPI_DOUBLE, all.data(), kFields, MPI_DOUBLE, 0, comm),
            "MPI_Gather");
  if (rank != 0) return all;
  for (const SyncEvent& e : events) {
    double* f = &all[static_cast<std::size_t>(e.rank) * kFields];
    f[kRttMin] = static_cast<double>(e.rtt_min_ns);
    f[kRttMinWorst] = std::max(f[kRttMinWorst], static_cast<double>(e.rtt_min_ns));
    f[kDriftPpb] = e.drift_ppb;
  }
  return all;
}

// Rank 0: every sample of every rank, for the overall median.
std::vector<std::int64_t> gather_samples(const std::vector<std::int64_t>& mine, MPI_Comm comm) {
  const bool root = comm_rank(comm) == 0;
  const int size = comm_size(comm);
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(root ? size : 0), displs(root ? size : 0);
  mpi_check(MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm), "MPI_Gather");
  int total = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    displs[i] = total;
    total += counts[i];
  }
  std::vector<std::int64_t> pooled(static_cast<std::size_t>(total));
  mpi_check(MPI_Gatherv(mine.data(), count, MPI_INT64_T, pooled.data(), counts.data(),
                        displs.data(), MPI_INT64_T, 0, comm),
            "MPI_Gatherv");
  return pooled;
}

nlohmann::json per_rank_json(const std::vector<double>& all, int size, double ref_drift_ppm) {
  const double ref_drift = ref_drift_ppm * 1e-6;
  const auto as_int = [](double v) { return static_cast<std::int64_t>(std::llround(v)); };
  nlohmann::json per_rank = nlohmann::json::array();
  for (int r = 0; r < size; ++r) {
    const double* f = &all[static_cast<std::size_t>(r) * kFields];
    const double own_drift = f[kInjectedDriftPpm] * 1e-6;
    per_rank.push_back({
        {"rank", r},
        {"injected_offset_ns", as_int(f[kInjectedOffset])},
        {"injected_drift_ppm", f[kInjectedDriftPpm]},
        {"max_abs_error_ns", as_int(f[kMaxAbs])},
        {"max_abs_error_at_ns", as_int(f[kMaxAbsAt])},  // since sampling began
        {"median_abs_error_ns", as_int(f[kMedianAbs])},
        {"mean_error_ns", f[kMeanError]},
        {"samples", as_int(f[kSamples])},
        {"rtt_min_ns", as_int(f[kRttMin])},
        {"rtt_min_worst_ns", as_int(f[kRttMinWorst])},
        {"estimated_drift_ppb", f[kDriftPpb]},
        {"error_bound_ns", as_int(f[kMaxBound])},  // the largest bound claimed while sampling
        {"bound_violations", as_int(f[kViolations])},
        // max(|error| - bound claimed at that moment): negative while the bound holds.
        {"worst_excess_ns", as_int(f[kWorstExcess])},
        {"last_violation_at_ns", as_int(f[kLastViolationAt])},  // since sampling began; -1: none
        // The slope of (rank 0's clock - this rank's clock) in this rank's time.
        {"true_drift_ppb", (ref_drift - own_drift) / (1.0 + own_drift) * 1e9},
    });
  }
  return per_rank;
}

// Every sync of every rank but rank 0 (the reference): what its bound rests on, the width of the
// interval the exchanges proved the offset in, beside its fastest round trip and the bound.
nlohmann::json events_json(const std::vector<SyncEvent>& events) {
  nlohmann::json out = nlohmann::json::array();
  for (const SyncEvent& e : events) {
    if (e.rank == 0) continue;
    out.push_back({{"rank", e.rank},
                   {"time_ns", e.time_ns},
                   {"rtt_min_ns", e.rtt_min_ns},
                   {"width_ns", e.width_ns},
                   {"error_bound_ns", e.error_bound_ns},
                   {"bound_growth_ppb", e.bound_growth_ppb}});
  }
  return out;
}

}  // namespace

Distortion draw_distortion(const Distortion& max, std::uint64_t seed, int rank) {
  std::uint64_t state = seed ^ (0xD1B54A32D192ED03ULL * (static_cast<std::uint64_t>(rank) + 1));
  const double u_offset = symmetric_unit(splitmix64(state));
  const double u_drift = symmetric_unit(splitmix64(state));
  // Drawn after offset and drift, so a seed gives the same offsets and drifts as before these
  // existed.
  const double u_wander = symmetric_unit(splitmix64(state));
  const double u_step = symmetric_unit(splitmix64(state));
  const auto offset_max = static_cast<double>(std::llabs(max.offset_ns));
  const auto wander_max = static_cast<double>(std::llabs(max.wander_ns));
  return {.offset_ns = std::llround(u_offset * offset_max),
          .drift_ppm = u_drift * std::abs(max.drift_ppm),
          .wander_ns = std::llround(u_wander * wander_max),
          .wander_period_ns = max.wander_period_ns,
          .step_ppm = u_step * std::abs(max.step_ppm),
          .step_at_ns = max.step_at_ns};
}

nlohmann::json run_sync_check(MPI_Comm comm_in, const SyncCheckOptions& o) {
  check_options(o);
  const Comm comm = Comm::dup(comm_in);
  const int rank = comm.rank();
  const int size = comm.size();

  // The truth for rank r is rank 0's clock at r's raw instant; that is rank 0's clock at the same
  // physical instant only when both read one raw clock, i.e. on one node. Across nodes there is
  // no known answer to check against (rtt/2 bounds are all a cluster offers), so refuse. Every
  // rank reaches the same verdict, so every rank throws.
  const topology::NodeTopology nodes(comm.get(), o.virtual_ppn);
  if (nodes.real_node_count() != 1) {
    throw std::runtime_error(
        "sync check: the ranks run on more than one node; the check compares every rank with "
        "rank 0 through one shared raw clock and needs all " +
        std::to_string(size) + " ranks on one node");
  }

  // A common epoch: every rank's drift then refers to the same raw instant, so any rank can
  // build rank 0's clock exactly.
  std::int64_t epoch = rank == 0 ? raw_now_ns() : 0;
  mpi_check(MPI_Bcast(&epoch, 1, MPI_INT64_T, 0, comm.get()), "MPI_Bcast");
  // Per node, the ranks of a node share one distorted clock, as the ranks of a real node share
  // its oscillator; rank 0 draws index 0 either way, so every rank knows the truth.
  const int index = o.inject_per_node ? nodes.node() : rank;
  const Distortion mine = draw_distortion(o.inject, o.seed, index);
  const Distortion ref = draw_distortion(o.inject, o.seed, 0);
  const LocalClock local(mine, epoch);

  GlobalClock clock(comm.get(), local, o.sync, &nodes);
  clock.synchronize();
  std::vector<SyncEvent> events = clock.take_events();
  const Samples samples =
      sample_errors(clock, local, LocalClock(ref, epoch), o, comm.get(), events);

  const std::vector<double> all = gather_figures(own_figures(samples, mine), events, comm.get());
  const std::vector<std::int64_t> pooled = gather_samples(absolute(samples.errors), comm.get());
  if (rank != 0) return nlohmann::json::object();
  const std::int64_t max_abs = pooled.empty() ? 0 : *std::max_element(pooled.begin(), pooled.end());
  double max_bound = 0, violations = 0, last_violation = -1;
  for (int r = 0; r < size; ++r) {
    const double* f = &all[static_cast<std::size_t>(r) * kFields];
    max_bound = std::max(max_bound, f[kMaxBound]);
    violations += f[kViolations];
    last_violation = std::max(last_violation, f[kLastViolationAt]);
  }

  const SyncOptions& used = clock.options();
  return {
      {"check", "clock-sync"},
      {"error_method",
       "exact: one raw reading per sample, converted by the rank's global clock and by rank 0's "
       "distorted clock; all ranks share one node's raw clock"},
      {"ranks", size},
      {"duration_ns", o.duration_ns},
      {"sample_interval_ns", o.sample_interval_ns},
      {"seed", o.seed},
      {"inject_offset_max_ns", o.inject.offset_ns},
      {"inject_drift_max_ppm", o.inject.drift_ppm},
      {"inject_wander_max_ns", o.inject.wander_ns},
      {"inject_wander_period_ns", o.inject.wander_period_ns},
      {"inject_drift_step_max_ppm", o.inject.step_ppm},
      {"inject_drift_step_at_ns", o.inject.step_at_ns},
      {"inject_per_node", o.inject_per_node},
      {"estimator", std::string(to_string(used.estimator))},
      {"pingpongs", used.pingpongs},
      {"fit_drift", used.fit_drift},
      {"hierarchical", used.hierarchical},
      {"nodes", nodes.node_count()},
      {"virtual_ppn", o.virtual_ppn},
      {"resync_ns", used.resync_ns},
      {"syncs", clock.syncs()},
      {"resyncs", samples.resyncs},
      {"samples", pooled.size()},
      {"max_abs_error_ns", max_abs},
      {"error_bound_ns", std::llround(max_bound)},
      {"bound_violations", std::llround(violations)},
      {"last_violation_at_ns", std::llround(last_violation)},
      {"median_abs_error_ns", median_of(pooled)},
      {"per_rank", per_rank_json(all, size, ref.drift_ppm)},
      {"sync_events", events_json(events)},
  };
}

}  // namespace papbench::clocksync
