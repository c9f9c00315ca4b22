// reduce/clairvoyant (CLV): the Clairvoyant reduce of [ProficzOcetkiewicz2021] (Listings 2 and 8,
// with docs/ALGORITHMS.md, Errata: Clairvoyant Listing 2 and Listing 8). Every rank takes the
// allgathered arrival times from the PAT runtime, computes the same schedule with the segment-tree
// implementation (clairvoyant/schedule.hpp) and executes its own part of it: per round at most one
// nonblocking send (its current partial of one segment) and one receive, waited for together. A
// received segment is combined into the partial, or overwrites it when this rank already shipped
// that segment (its own share is then inside the incoming one; docs/ALGORITHMS.md, Deviation:
// executing a Clairvoyant schedule).
//
// Cost, simultaneous arrival: R.(alpha + (n/N).beta + (n/N).gamma) plus computing the schedule,
// R <= lgp + N + 1 rounds of N segments of an n-byte vector ([Marendic2016]); with imbalanced
// arrivals R and the cost depend on the arrival pattern.
//
// Schedule inputs: arrivals in ns, shifted so the earliest is 0, as integer ticks of 1 ns; N
// segments (clairvoyant_options.hpp: segments=N, segsize=BYTES or min(count, P)), split by
// EvenBlocks (sizes differ by at most one, larger first); round time d = round-time, or with auto
// (the default) one segment's transfer + combine time, calibrated in prepare() (docs/ALGORITHMS.md,
// Deviation: Clairvoyant segments and round time).
//
// Where the schedule is computed (docs/ALGORITHMS.md, Deviation: where the Clairvoyant schedule is
// computed): the arrivals come from the PAT background thread. When they are exchanged before this
// rank arrives, that thread computes the schedule at once, outside the timed region; when the rank
// arrives first, the foreground computes it inside. Whichever comes first claims the call; the time
// and the place are reported per iteration (iteration_metrics: clv_schedule_ns,
// clv_schedule_in_background, clv_round_time_ns).
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "collectives/core/buffers.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"
#include "collectives/reduce/clairvoyant_options.hpp"
#include "collectives/reduce/reduce.hpp"
#include "common/mpi_env.hpp"
#include "common/smpi_platform.hpp"

namespace papbench {
namespace {

// CLOCK_MONOTONIC (steady_clock's) through smpi::clock_ns: under SimGrid's SMPI the simulated
// clock, so that the calibrated d is the simulated network's and the runs stay deterministic (the
// host's clock would make d, and with it the schedule, differ from run to run).
std::int64_t clv_now_ns() {
  return smpi::clock_ns(CLOCK_MONOTONIC);
}

// One tag for every segment: a sender and a receiver step through the rounds in the same order
// and exchange at most one message per round, so MPI's in-order matching pairs them; a tag per
// segment would exceed MPI_TAG_UB (32767 at least) for large N.
constexpr int kSegmentTag = 41;
constexpr int kCalibrationTag = 40;
// Round trips per pair (the first, a warm-up, is discarded) and local combines for auto d.
constexpr int kPingPongs = 6;
constexpr int kCombines = 3;

std::int64_t elapsed_ns(std::int64_t since) {
  return clv_now_ns() - since;
}

// The smallest of kPingPongs - 1 round trips of `bytes` with `peer`; the initiator measures, the
// echo side returns 0.
std::int64_t ping_pong(MPI_Comm comm, int peer, bool initiator, std::vector<std::byte>& buf) {
  const int n = count_as_int(buf.size(), "calibration segment bytes");
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  for (int i = 0; i < kPingPongs; ++i) {
    if (initiator) {
      const std::int64_t t0 = clv_now_ns();
      mpi_check(MPI_Send(buf.data(), n, MPI_BYTE, peer, kCalibrationTag, comm), "MPI_Send");
      mpi_check(MPI_Recv(buf.data(), n, MPI_BYTE, peer, kCalibrationTag, comm, MPI_STATUS_IGNORE),
                "MPI_Recv");
      if (i > 0) best = std::min(best, elapsed_ns(t0));
    } else {
      mpi_check(MPI_Recv(buf.data(), n, MPI_BYTE, peer, kCalibrationTag, comm, MPI_STATUS_IGNORE),
                "MPI_Recv");
      mpi_check(MPI_Send(buf.data(), n, MPI_BYTE, peer, kCalibrationTag, comm), "MPI_Send");
    }
  }
  return initiator ? best : 0;
}

// --clv-round-time auto: d = one segment's transfer (half the fastest round trip of ranks 2k and
// 2k+1; with odd P the last rank also pairs with rank 0) + one MPI_Reduce_local of it, as the
// largest value over the ranks, so every rank schedules with the identical d.
std::int64_t calibrate_round_time(MPI_Comm comm, std::size_t elements, MPI_Datatype dtype,
                                  MPI_Op op) {
  const int rank = comm_rank(comm);
  const int size = comm_size(comm);
  const std::size_t bytes = elements * extent_of(dtype);
  std::vector<std::byte> a(bytes), b(bytes);
  std::int64_t rtt = 0;
  const int partner = rank % 2 == 0 ? rank + 1 : rank - 1;
  if (partner < size) rtt = ping_pong(comm, partner, rank % 2 == 0, a);
  if (size > 1 && size % 2 == 1) {
    if (rank == size - 1) rtt = ping_pong(comm, 0, true, a);
    if (rank == 0) ping_pong(comm, size - 1, false, a);
  }
  std::int64_t reduce_ns = std::numeric_limits<std::int64_t>::max();
  for (int i = 0; i < kCombines; ++i) {
    const std::int64_t t0 = clv_now_ns();
    combine(a.data(), b.data(), elements, dtype, op);
    reduce_ns = std::min(reduce_ns, elapsed_ns(t0));
  }
  std::int64_t d = std::max<std::int64_t>(1, rtt / 2 + reduce_ns);
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &d, 1, MPI_INT64_T, MPI_MAX, comm), "MPI_Allreduce");
  return d;
}

class ReduceClairvoyant final : public Algorithm, public PatBackground {
 public:
  explicit ReduceClairvoyant(ClvOptions options) : options_(options) {}

  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/clairvoyant");
    PatRuntime& pat = require_pat(a, "reduce/clairvoyant");
    pat.wait_idle();  // background() reads comm_, the buffers and counters reset below
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    size_ = comm_.size();
    const std::size_t extent = extent_of(a.dtype);
    segments_ = clv_segment_count(options_, a.count, extent, size_);
    acc_.reserve(a.count * extent);
    std::size_t largest = 0;
    if (segments_ > 0) largest = EvenBlocks(a.count, segments_).max_elements(1);
    tmp_.reserve(largest * extent);
    // Every rank has the same count, so either all calibrate or none does. Not value_or, which
    // evaluates its argument: a given round time calibrated nothing it would use, yet paid the
    // ping-pongs and two segments' memory (tests/mpi/algorithm_scratch.cpp found them).
    if (options_.round_time_ns) {
      round_time_ns_ = *options_.round_time_ns;
    } else {
      round_time_ns_ = largest > 0 ? calibrate_round_time(comm_.get(), largest, a.dtype, a.op) : 1;
    }
    calls_ = 0;
    background_calls_ = 0;
    claimed_.store(0);
    // With nothing to schedule the background thread has nothing to do here either.
    pat.use_alg(needs_schedule() ? this : nullptr);
    pat.register_call(a);
  }

  // PAT background thread, once this iteration's arrivals are exchanged.
  void background(const Args& a, std::span<const std::int64_t> arrivals) override {
    const std::uint64_t call = ++background_calls_;
    if (!needs_schedule() || !claim(call)) return;
    compute_schedule(arrivals, a.root);
    in_background_ = true;
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/clairvoyant");
    const std::uint64_t call = ++calls_;
    PatRuntime& pat = require_pat(a, "reduce/clairvoyant");
    const bool foreground = claim(call);
    if (foreground) {
      schedule_ns_ = 0;
      in_background_ = false;
      if (needs_schedule()) compute_schedule(pat.arrivals(), a.root);
    } else {
      pat.wait_background();  // the background thread claimed it and computes (or has computed) it
    }
    if (a.count == 0) return;
    const int rank = comm_.rank();
    const std::size_t extent = extent_of(a.dtype);
    std::byte* buf = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    copy_bytes(buf, a.send, a.count * extent);
    if (size_ == 1) return;
    execute(a, buf, extent);
    // The background thread still calls background() for this call, only to find it claimed;
    // this object must outlive that (a caller may destroy it right after run()). The arrivals
    // were published before the schedule was computed, so it is done or about to be.
    if (foreground) pat.wait_background();
  }

  std::vector<AlgMetric> iteration_metrics() const override {
    return {{"clv_schedule_ns", schedule_ns_},
            {"clv_schedule_in_background", in_background_ ? 1 : 0},
            {"clv_round_time_ns", round_time_ns_}};
  }

 private:
  bool needs_schedule() const { return count_ > 0 && size_ > 1; }

  // The first of the two threads to ask for call number `call` gets it; each call is claimed
  // exactly once, since both threads count the same calls (one edge per run()).
  bool claim(std::uint64_t call) {
    std::uint64_t expected = call - 1;
    return claimed_.compare_exchange_strong(expected, call);
  }

  void compute_schedule(std::span<const std::int64_t> arrivals, int root) {
    const std::int64_t t0 = clv_now_ns();
    clv::Instance in;
    const std::int64_t first = *std::min_element(arrivals.begin(), arrivals.end());
    in.arrival.reserve(arrivals.size());
    for (const std::int64_t t : arrivals) in.arrival.push_back(t - first);
    in.round_time = round_time_ns_;
    in.segments = static_cast<int>(segments_);
    in.root = root;
    // The last call's schedule is done with (its run() is over): released first, so that the
    // two never take memory together (reduce_clairvoyant_scratch, reduce/algorithms.cpp).
    schedule_ = {};
    schedule_ = clv::schedule_segtree(in);
    schedule_ns_ = elapsed_ns(t0);
  }

  void execute(const Args& a, std::byte* buf, std::size_t extent) {
    const int rank = comm_.rank();
    const EvenBlocks layout(a.count, segments_);
    // Segments this rank has shipped and not received back since (see the file comment).
    std::vector<bool> shipped(segments_, false);
    const auto& transfers = schedule_.transfers;  // sorted by (round, to)
    for (std::size_t i = 0; i < transfers.size();) {
      const int round = transfers[i].round;
      const clv::Transfer* send = nullptr;
      const clv::Transfer* recv = nullptr;
      for (; i < transfers.size() && transfers[i].round == round; ++i) {
        if (transfers[i].from == rank) send = &transfers[i];
        if (transfers[i].to == rank) recv = &transfers[i];
      }
      if (send == nullptr && recv == nullptr) continue;
      MPI_Request requests[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
      if (send != nullptr) {
        const auto s = static_cast<std::size_t>(send->segment);
        mpi_check(MPI_Isend(buf + layout.begin(s) * extent,
                            count_as_int(layout.elements(s, s + 1), "segment"), a.dtype, send->to,
                            kSegmentTag, comm_.get(), &requests[0]),
                  "MPI_Isend");
      }
      if (recv != nullptr) {
        const auto s = static_cast<std::size_t>(recv->segment);
        mpi_check(MPI_Irecv(tmp_.data(), count_as_int(layout.elements(s, s + 1), "segment"),
                            a.dtype, recv->from, kSegmentTag, comm_.get(), &requests[1]),
                  "MPI_Irecv");
      }
      mpi_check(MPI_Waitall(2, requests, MPI_STATUSES_IGNORE), "MPI_Waitall");
      if (send != nullptr) shipped[static_cast<std::size_t>(send->segment)] = true;
      if (recv != nullptr) {
        const auto s = static_cast<std::size_t>(recv->segment);
        const std::size_t n = layout.elements(s, s + 1);
        std::byte* dst = buf + layout.begin(s) * extent;
        if (shipped[s]) {
          copy_bytes(dst, tmp_.data(), n * extent);
        } else {
          combine(tmp_.data(), dst, n, a.dtype, a.op);
        }
        shipped[s] = false;
      }
    }
  }

  ClvOptions options_;
  Comm comm_;
  int size_ = 1;
  std::size_t count_ = 0;
  std::size_t segments_ = 0;
  std::int64_t round_time_ns_ = 1;
  Scratch acc_, tmp_;
  // Call numbers: calls_ counts run() (foreground), background_calls_ counts background() (PAT
  // thread); claimed_ is the last call whose schedule one of them took on.
  std::uint64_t calls_ = 0;
  std::uint64_t background_calls_ = 0;
  std::atomic<std::uint64_t> claimed_{0};
  // Written by the claiming thread; the foreground reads them after wait_background(), whose
  // lock orders the accesses.
  clv::Schedule schedule_;
  std::int64_t schedule_ns_ = 0;
  bool in_background_ = false;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_clairvoyant(const AlgOptions& options) {
  return std::make_unique<ReduceClairvoyant>(parse_clv_options(options));
}

}  // namespace papbench
