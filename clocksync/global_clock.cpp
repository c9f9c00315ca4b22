#include "clocksync/global_clock.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <span>
#include <stdexcept>
#include <utility>

#include "clocksync/exchange_pin.hpp"
#include "clocksync/polite_wait.hpp"

namespace papbench::clocksync {

namespace {

// Tags of the sync protocol; the communicator is a private duplicate as well, so neither the
// tags nor the traffic can meet the caller's messages.
constexpr int kTagGo = 0x5c10;
constexpr int kTagPing = 0x5c11;
constexpr int kTagPong = 0x5c12;

// Polite waits test often at first (most waits are short) and back off to a millisecond: a rank
// that waits for its turn while another pair ping-pongs must not wake every few microseconds,
// because each wake-up reschedules the core. On an oversubscribed node where the pair shares a
// core and MPI busy-polls (MPICH), such wake-ups were what paced their round trips (~150 us
// apart at a 20 us poll instead of ~1 us), and frequent sleepers also keep the scheduler from
// moving the pair onto separate cores.
constexpr std::chrono::microseconds kFirstPollInterval{20};
constexpr std::chrono::microseconds kMaxPollInterval{1000};

// Offsets kept for the drift fit. Oscillator drift wanders with temperature over minutes, so the
// fit covers the last ~16 s at the default 1 s resync: long enough to average the sync noise
// down, short enough to follow the hardware.
constexpr std::size_t kDriftHistory = 16;
// A sync keeps exchanging past `pingpongs` until one round trip is within this factor of the best
// ever seen, up to kMaxExtraFactor times `pingpongs`: on a busy (oversubscribed) node most
// exchanges are stretched by preemption, and one clean exchange is what bounds the error.
constexpr std::int64_t kCleanRttFactor = 2;
constexpr int kMaxExtraFactor = 8;
// ... and for at most this long per leader, once `pingpongs` exchanges are done. On an emulated
// cluster of 8 ranks on 2 loaded cores a round trip took hundreds of milliseconds, so 8 x 25 of
// them outlasted the watchdog's 60 s and ended a run (issue 29, Nuriyev Table 2). Past the budget
// the sync keeps what it measured: its bound widens with the round trip, honestly.
constexpr std::chrono::milliseconds kMaxExtraTime{1000};
// A leader that has no clean exchange of its own yet accepts one within this factor of the best any
// leader achieved.
constexpr std::int64_t kPeerRttFactor = 10;
// Sleep between bursts of `pingpongs` exchanges that found no clean one: a few scheduler ticks.
constexpr std::int64_t kBurstPauseNs = 5'000'000;
// Kinds of the client's messages to rank 0.
constexpr std::int64_t kPing = 0;
constexpr std::int64_t kStop = 1;
constexpr std::int64_t kPause = 2;
constexpr int kMaxBootstrapRounds = 4;

// Resync continuity: see GlobalClock::adopt().
// kMaxSlewRate (1000 ppm, estimate.hpp) is the largest rate of a slew.
constexpr std::int64_t kMinSlewNs = 1'000'000;       // 1 ms
constexpr std::int64_t kMaxSlewDeltaNs = 1'000'000;  // larger steps mean the old mapping was broken

// The first sync measures twice, this far apart, so that a drift estimate exists from the start
// (100 ppm unchecked is 100 us after one second). The slope error is the difference of the two
// offset errors divided by the gap, extrapolated over one resync interval: with offset errors of
// ~100 ns on an oversubscribed node, a gap of a quarter interval keeps that below ~1 us, at a
// one-time cost of at most 250 ms.
std::int64_t bootstrap_gap_ns(std::int64_t resync_ns) {
  constexpr std::int64_t kMin = 20'000'000, kMax = 250'000'000;
  if (resync_ns <= 0) return kMax;
  return std::clamp<std::int64_t>(resync_ns / 4, kMin, kMax);
}

// The state a node leader hands to its node (hierarchical sync), as one MPI message.
using NodeState = std::array<std::int64_t, 11>;
NodeState pack(const Mapping& m, const Slew& s, const ErrorBound& b, std::int64_t rtt,
               std::int64_t width) {
  return {m.ref_local,   m.offset_ns,  std::bit_cast<std::int64_t>(m.drift),
          s.start_local, s.length_ns,  s.delta_ns,
          b.ref_local,   b.at_sync_ns, std::bit_cast<std::int64_t>(b.growth),
          rtt,           width};
}

// Whether this rank reads the same clock as its node's leader: the raw clock is the node's, so the
// local clocks agree when the distortions and their epochs do (distortions are a test hook; in
// real runs none is active and this is true).
bool same_clock_as_leader(const LocalClock& local, MPI_Comm node) {
  const Distortion& d = local.distortion();
  // Adding 0.0 turns -0.0 into 0.0: a zero drift drawn with a negative sign is still no drift.
  const auto bits = [](double x) { return std::bit_cast<std::int64_t>(x + 0.0); };
  std::array<std::int64_t, 7> mine{d.offset_ns,
                                   bits(d.drift_ppm),
                                   d.wander_ns,
                                   d.wander_period_ns,
                                   bits(d.step_ppm),
                                   d.step_at_ns,
                                   d.active() ? local.epoch_raw() : 0};
  std::array<std::int64_t, 7> leader = mine;
  mpi_check(MPI_Bcast(leader.data(), static_cast<int>(leader.size()), MPI_INT64_T, 0, node),
            "MPI_Bcast");
  return mine == leader;
}

}  // namespace

namespace detail {

void wait_politely(MPI_Request& request) {
  // Simulated ranks share no core, and a blocked one costs the simulator nothing, whereas every
  // poll is a simulator event: thousands a simulated second per waiting rank (docs/SIMULATION.md,
  // "Simulation cost").
  if constexpr (smpi::kSimulated) {
    mpi_check(MPI_Wait(&request, MPI_STATUS_IGNORE), "MPI_Wait");
    return;
  }
  auto interval = kFirstPollInterval;
  for (;;) {
    int done = 0;
    mpi_check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "MPI_Test");
    if (done) return;
    smpi::sleep_ns(std::chrono::nanoseconds(interval).count());
    interval = std::min(2 * interval, kMaxPollInterval);
  }
}

void sleep_ns(std::int64_t ns) {
  smpi::sleep_ns(ns);
}

}  // namespace detail

LocalClock::LocalClock(Distortion d) : LocalClock(d, raw_now_ns()) {}

LocalClock::LocalClock(Distortion d, std::int64_t epoch_raw)
    : distortion_(d), epoch_raw_(epoch_raw) {}

std::int64_t LocalClock::now() const {
  return from_raw(raw_now_ns());
}

std::int64_t LocalClock::from_raw(std::int64_t raw) const {
  if (!distortion_.active()) return raw;
  const Distortion& d = distortion_;
  const auto dt = static_cast<double>(raw - epoch_raw_);
  double shift = d.drift_ppm * 1e-6 * dt;
  if (d.wander_ns != 0 && d.wander_period_ns > 0) {
    shift += static_cast<double>(d.wander_ns) *
             std::sin(2 * std::numbers::pi * dt / static_cast<double>(d.wander_period_ns));
  }
  if (d.step_ppm != 0 && dt > static_cast<double>(d.step_at_ns)) {
    shift += d.step_ppm * 1e-6 * (dt - static_cast<double>(d.step_at_ns));
  }
  return raw + d.offset_ns + std::llround(shift);
}

std::string_view to_string(Estimator e) {
  switch (e) {
    case Estimator::kMinRtt:
      return "min-rtt";
    case Estimator::kMedian:
      return "median";
  }
  return "unknown";
}

GlobalClock::GlobalClock(MPI_Comm comm, LocalClock local, SyncOptions options,
                         const topology::NodeTopology* nodes)
    : comm_(comm),
      rank_(comm_rank(comm)),
      size_(comm_size(comm)),
      local_(local),
      distorted_(local.distortion().active()),
      options_(options) {
  if (options_.pingpongs < 1) throw std::invalid_argument("clock sync: pingpongs must be >= 1");
  if (options_.resync_ns < 0) throw std::invalid_argument("clock sync: resync must be >= 0");
  if (nodes != nullptr && nodes->size() != size_) {
    throw std::invalid_argument("clock sync: the node topology is of another communicator");
  }
  const int rank = rank_;
  if (options_.hierarchical) {
    // A virtual node lies inside one real node, so its members share the raw clock as well.
    // Duplicated: the sync's broadcasts never meet the caller's traffic on the node comm.
    if (nodes != nullptr) {
      node_comm_ = Comm::dup(nodes->node_comm());
    } else {
      const topology::NodeTopology real(comm_);
      node_comm_ = Comm::dup(real.node_comm());
    }
    // The decision must be the same everywhere because it selects who takes part in the
    // exchanges.
    int shared = same_clock_as_leader(local_, node_comm_.get()) ? 1 : 0;
    mpi_check(MPI_Allreduce(MPI_IN_PLACE, &shared, 1, MPI_INT, MPI_MIN, comm_), "MPI_Allreduce");
    options_.hierarchical = shared == 1;
  }
  if (options_.hierarchical) {
    // Keys by rank make rank 0 the leader of its node and rank 0 among the leaders.
    MPI_Comm leaders = MPI_COMM_NULL;
    const int color = node_comm_.rank() == 0 ? 0 : MPI_UNDEFINED;
    mpi_check(MPI_Comm_split(comm_, color, rank, &leaders), "MPI_Comm_split");
    leader_comm_ = Comm(leaders);
  } else {
    node_comm_ = Comm();
    leader_comm_ = Comm::dup(comm_);
  }
}

GlobalClock::~GlobalClock() = default;

void GlobalClock::exchange_round(std::vector<SyncPoint>& points) {
  const MPI_Comm c = leader_comm_.get();
  const int me = leader_comm_.rank();
  std::array<std::int64_t, 2> msg{0, 0};  // {kind, value}
  if (me == 0) {
    // Rank 0 stays on one CPU while it serves, and each client keeps off it (exchange_pin.hpp).
    const ExchangePin pin;
    // One rank at a time: a second rank's pings would queue behind the first one's and turn
    // waiting into apparent (asymmetric) latency.
    for (int j = 1; j < leader_comm_.size(); ++j) {
      const std::array<std::int64_t, 2> go{peer_best_rtt_ns_, pin.cpu()};
      mpi_check(MPI_Send(go.data(), 2, MPI_INT64_T, j, kTagGo, c), "MPI_Send");
      bool paused = false;
      while (true) {
        if (paused) {
          // The client sleeps between bursts: wait without taking the core it may need.
          MPI_Request req = MPI_REQUEST_NULL;
          mpi_check(MPI_Irecv(msg.data(), 2, MPI_INT64_T, j, kTagPing, c, &req), "MPI_Irecv");
          detail::wait_politely(req);
        } else {
          mpi_check(MPI_Recv(msg.data(), 2, MPI_INT64_T, j, kTagPing, c, MPI_STATUS_IGNORE),
                    "MPI_Recv");
        }
        if (msg[0] == kStop) {  // the client decides how many exchanges it needs
          if (msg[1] > 0) {
            peer_best_rtt_ns_ =
                peer_best_rtt_ns_ == 0 ? msg[1] : std::min(peer_best_rtt_ns_, msg[1]);
          }
          break;
        }
        paused = msg[0] == kPause;
        if (paused) continue;
        const std::int64_t t = local_.now();
        mpi_check(MPI_Send(&t, 1, MPI_INT64_T, j, kTagPong, c), "MPI_Send");
      }
    }
    return;
  }
  // The best round trip of any leader so far (0: none yet), and rank 0's CPU (-1: not pinned).
  std::array<std::int64_t, 2> go_msg{0, -1};
  MPI_Request go = MPI_REQUEST_NULL;
  mpi_check(MPI_Irecv(go_msg.data(), 2, MPI_INT64_T, 0, kTagGo, c, &go), "MPI_Irecv");
  detail::wait_politely(go);
  const std::int64_t reference = go_msg[0];
  // Off rank 0's CPU, which only means something on rank 0's host; elsewhere the client just
  // stays where it is for the round.
  const ExchangePin pin(static_cast<int>(go_msg[1]));
  // The client side timestamps both ends, so it computes its own offset and nothing has to be
  // sent back ([Parsons2015] Listing 3.1 computes on rank 0 and never returns the offsets).
  std::vector<PingPong> samples;
  std::int64_t min_rtt = std::numeric_limits<std::int64_t>::max();
  const int max_samples = kMaxExtraFactor * options_.pingpongs;
  // On the raw clock, which is the simulated one under SMPI (a host clock there would make the
  // number of exchanges, and so the run, depend on the host's speed).
  const std::int64_t give_up_at =
      raw_now_ns() + std::chrono::duration_cast<std::chrono::nanoseconds>(kMaxExtraTime).count();
  int since_improvement = 0;
  while (true) {
    PingPong s;
    msg = {kPing, 0};
    s.local_send = local_.now();
    mpi_check(MPI_Send(msg.data(), 2, MPI_INT64_T, 0, kTagPing, c), "MPI_Send");
    mpi_check(MPI_Recv(&s.ref, 1, MPI_INT64_T, 0, kTagPong, c, MPI_STATUS_IGNORE), "MPI_Recv");
    s.local_recv = local_.now();
    samples.push_back(s);
    since_improvement = s.rtt() < min_rtt ? 0 : since_improvement + 1;
    min_rtt = std::min(min_rtt, s.rtt());
    const auto n = static_cast<int>(samples.size());
    // Clean: within a factor of this rank's best ever or, before it has one, when the minimum
    // stopped improving for a full burst that came after a pause (below). In the first sync both
    // can be met by a burst that the scheduler stretched throughout (every round trip a tick long),
    // so there the exchange must also come within a wider factor of the best any leader achieved: a
    // round trip from another node may be slower than one within rank 0's, but not by orders of
    // magnitude.
    const bool clean_own = best_rtt_ns_ == 0
                               ? n > options_.pingpongs && since_improvement >= options_.pingpongs
                               : min_rtt <= kCleanRttFactor * best_rtt_ns_;
    const bool clean_peer = syncs_ > 0 || reference == 0 || min_rtt <= kPeerRttFactor * reference;
    const bool clean = clean_own && clean_peer;
    if (n >= max_samples) break;
    if (n >= options_.pingpongs && (clean || raw_now_ns() >= give_up_at)) break;
    if (n % options_.pingpongs == 0) {
      // A whole burst without a clean exchange (in the first sync always, so that its verdict
      // rests on two bursts): on an oversubscribed node the pair is usually
      // stuck sharing one core, each round trip waiting for a scheduler tick or another rank's
      // wake-up, and more exchanges in a row stay stuck. Stepping away lets the scheduler place
      // both ranks afresh; the first exchange afterwards is slow, later ones are not.
      msg = {kPause, 0};
      mpi_check(MPI_Send(msg.data(), 2, MPI_INT64_T, 0, kTagPing, c), "MPI_Send");
      detail::sleep_ns(kBurstPauseNs);
    }
  }
  msg = {kStop, min_rtt};
  mpi_check(MPI_Send(msg.data(), 2, MPI_INT64_T, 0, kTagPing, c), "MPI_Send");
  best_rtt_ns_ = best_rtt_ns_ == 0 ? min_rtt : std::min(best_rtt_ns_, min_rtt);
  // The drift the exchanges' intervals are moved by to one instant: the fitted one once there is
  // one, give or take the prior's whole range, so the intersection stays valid where the fit is
  // wrong. Within a burst (tens of microseconds) that costs nanoseconds; an exchange after a
  // pause (milliseconds away) is widened by about a microsecond and seldom narrows the result.
  const DriftRange drift{syncs_ > 0 ? mapping_.drift : 0.0, kPriorMaxDrift};
  points.push_back(estimate_offset(samples, options_.estimator, drift));
}

void GlobalClock::synchronize() {
  std::vector<SyncPoint> points;
  if (leader_comm_) {
    exchange_round(points);
    // Rank 0 alone (one node, or one rank) has no drift to learn: it waited a bootstrap gap,
    // 250 ms at the default --resync, at the start of every single-node run.
    if (syncs_ == 0 && options_.fit_drift && leader_comm_.size() > 1) {
      // The first drift comes from a line through these rounds alone, so a round that a busy node
      // stretched (long round trips) is repeated until two clean ones exist; the decision is
      // agreed among the leaders because rank 0 serves every leader in each round.
      for (int round = 1; round < kMaxBootstrapRounds; ++round) {
        if (leader_comm_.rank() == 0) detail::sleep_ns(bootstrap_gap_ns(options_.resync_ns));
        exchange_round(points);
        const auto clean = std::count_if(points.begin(), points.end(), [&](const SyncPoint& p) {
          return p.rtt_min_ns <= kCleanRttFactor * best_rtt_ns_;
        });
        int more = leader_comm_.rank() != 0 && clean < 2 ? 1 : 0;
        // Polite: a client that finished its exchanges waits here while rank 0 serves the next
        // ones, and a blocking allreduce would spin on the core their round trips need (measured:
        // every client after the first got 3 us round trips in these rounds, 0.6 us otherwise).
        MPI_Request req = MPI_REQUEST_NULL;
        mpi_check(
            MPI_Iallreduce(MPI_IN_PLACE, &more, 1, MPI_INT, MPI_MAX, leader_comm_.get(), &req),
            "MPI_Iallreduce");
        detail::wait_politely(req);
        if (!more) break;
      }
    }
  }
  // Rank 0 is the reference: its mapping stays the identity (and its bound zero). Other leaders
  // fit theirs.
  if (!points.empty()) {
    history_.insert(history_.end(), points.begin(), points.end());
    if (history_.size() > kDriftHistory) {
      history_.erase(history_.begin(), history_.end() - static_cast<std::ptrdiff_t>(kDriftHistory));
    }
    // Only the points one linear drift explains: after a drift change the older ones would pull
    // the line (and make the bound claim a precision the clock no longer has).
    const std::span<const SyncPoint> linear = linear_suffix(history_);
    const SyncPoint& last = points.back();
    Mapping next{last.local, last.offset_ns, 0.0};
    if (options_.fit_drift) {
      const LineFit fit = fit_offset_line(linear);
      const SlopeRange allowed = slope_range(linear, kPriorMaxDrift);
      next = {fit.ref_local, fit.offset_at_ref, std::clamp(fit.slope, allowed.lo, allowed.hi)};
      // The latest sync proves the offset lies within width/2 of its estimate (the reference
      // read its clock between our sends and receives); a line that older, noisier syncs pulled
      // outside that interval is moved back into it, so the error bound stored with the sync
      // holds at the sync itself.
      next.offset_ns = std::clamp(next.offset_ns, last.offset_ns - last.width_ns / 2,
                                  last.offset_ns + last.width_ns / 2);
    }
    const auto fastest = std::min_element(
        points.begin(), points.end(),
        [](const SyncPoint& a, const SyncPoint& b) { return a.rtt_min_ns < b.rtt_min_ns; });
    width_ns_ = last.width_ns;
    const std::int64_t at = local_.now();
    if (smpi::kSimulated && !distorted_) {
      // Under SMPI every rank reads the one simulated clock: the offset is zero, known rather
      // than measured, and so is the bound. The exchanges above still ran (their round trips are
      // in the events and the sync's cost in the simulated time); what they estimated, an
      // interval about zero as wide as a round trip, is less than the platform says.
      adopt(Mapping{at, 0, 0.0}, ErrorBound{at, 0, 0.0}, fastest->rtt_min_ns, at);
    } else {
      adopt(next, bound_mapping(linear, next), fastest->rtt_min_ns, at);
    }
  }
  share_within_node();
  finish_sync();
}

// Continuity across a resync: the new estimate is better than the old one, but switching to it
// at once would step the global clock by the old mapping's error, backwards half the time, and a
// rank could then see time run backwards between two of its own readings. Instead the difference
// is slewed out: the clock reads exactly as before at the switch and converges linearly onto the
// new mapping at no more than 1000 ppm (a 5 us correction takes 5 ms), so it never runs backwards
// and intervals measured meanwhile are off by at most 0.1%. Accuracy is unaffected: during the
// slew the error lies between the old and the new mapping's. Only a step beyond 1 ms is taken at
// once, because a mapping that wrong is worse than a jump.
void GlobalClock::adopt(const Mapping& next, const ErrorBound& bound, std::int64_t rtt_min_ns,
                        std::int64_t at_local) {
  slew_ = syncs_ > 0 ? make_slew(to_global(at_local), at_local, next, kMaxSlewRate, kMinSlewNs,
                                 kMaxSlewDeltaNs)
                     : Slew{};
  mapping_ = next;
  bound_ = bound;
  rtt_min_ns_ = rtt_min_ns;
  snapshot_.publish(mapping_, slew_);
}

std::int64_t GlobalClock::error_bound_at(std::int64_t local) const {
  // During a slew the clock reads the new mapping plus the part of the correction still to go.
  return bound_.at(local) + std::llabs(slew_.residual(local));
}

std::int64_t GlobalClock::interval_bound(std::int64_t a_local, std::int64_t f_local) const {
  return clocksync::interval_bound(bound_, slew_, a_local, f_local);
}

std::int64_t GlobalClock::slew_at(std::int64_t local) const {
  return slew_.residual(local);
}

// Hierarchical sync: node members share their leader's raw clock (no distortion is active, or
// the constructor would have disabled hierarchy), so the leader's correction is theirs exactly.
void GlobalClock::share_within_node() {
  if (!node_comm_ || node_comm_.size() == 1) return;
  NodeState state = pack(mapping_, slew_, bound_, rtt_min_ns_, width_ns_);
  MPI_Request req = MPI_REQUEST_NULL;
  mpi_check(MPI_Ibcast(state.data(), static_cast<int>(state.size()), MPI_INT64_T, 0,
                       node_comm_.get(), &req),
            "MPI_Ibcast");
  detail::wait_politely(req);
  if (node_comm_.rank() != 0) {
    mapping_ = {state[0], state[1], std::bit_cast<double>(state[2])};
    slew_ = {state[3], state[4], state[5]};
    bound_ = {state[6], state[7], std::bit_cast<double>(state[8])};
    rtt_min_ns_ = state[9];
    width_ns_ = state[10];
    snapshot_.publish(mapping_, slew_);
  }
}

void GlobalClock::finish_sync() {
  // The sync time must be the same number on every rank: resync_if_due compares against it.
  std::int64_t t_sync = rank_ == 0 ? now() : 0;
  MPI_Request req = MPI_REQUEST_NULL;
  mpi_check(MPI_Ibcast(&t_sync, 1, MPI_INT64_T, 0, comm_, &req), "MPI_Ibcast");
  detail::wait_politely(req);
  last_sync_global_ = t_sync;
  ++syncs_;

  const std::array<std::int64_t, 8> mine{t_sync,
                                         rank_,
                                         mapping_.offset_ns,
                                         std::bit_cast<std::int64_t>(mapping_.drift * 1e9),
                                         rtt_min_ns_,
                                         bound_.at_sync_ns,
                                         std::bit_cast<std::int64_t>(bound_.growth * 1e9),
                                         width_ns_};
  const bool root = rank_ == 0;
  std::vector<std::int64_t> all(root ? mine.size() * static_cast<std::size_t>(size_) : 0);
  mpi_check(MPI_Igather(mine.data(), static_cast<int>(mine.size()), MPI_INT64_T, all.data(),
                        static_cast<int>(mine.size()), MPI_INT64_T, 0, comm_, &req),
            "MPI_Igather");
  detail::wait_politely(req);
  for (std::size_t i = 0; i < all.size(); i += mine.size()) {
    pending_.push_back({all[i], static_cast<int>(all[i + 1]), all[i + 2],
                        std::bit_cast<double>(all[i + 3]), all[i + 4], all[i + 5],
                        std::bit_cast<double>(all[i + 6]), all[i + 7]});
  }
}

std::int64_t GlobalClock::resync_interval() const {
  if (!options_.fit_drift) return options_.resync_ns;
  // The drift right after the first sync rests on the bootstrap pair only a gap apart; carried
  // over a whole interval its error grows by interval/gap. Measured at 8 ranks (resync 1 s, gap
  // 250 ms): most ranks' largest error of a 10 s check fell just before the second sync (1.8 us
  // there, under 0.75 us after). So the interval starts at the gap and doubles with each sync:
  // every extrapolation then spans at most what the fit has seen, for two extra early syncs.
  std::int64_t interval = bootstrap_gap_ns(options_.resync_ns);
  for (int k = 1; k < syncs_ && interval < options_.resync_ns; ++k) interval *= 2;
  return std::min(interval, options_.resync_ns);
}

bool GlobalClock::resync_if_due(std::int64_t global_now) {
  if (options_.resync_ns <= 0 && syncs_ > 0) return false;
  if (syncs_ > 0 && global_now - last_sync_global_ < resync_interval()) return false;
  synchronize();
  return true;
}

std::vector<SyncEvent> GlobalClock::take_events() {
  return std::exchange(pending_, {});
}

}  // namespace papbench::clocksync
