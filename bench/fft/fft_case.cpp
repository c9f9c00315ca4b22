#include "bench/fft/fft_case.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <random>
#include <vector>

#include "bench/fft/dif_fft.hpp"
#include "bench/run/iteration_log.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "common/mpi_env.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

// Block distribution traffic of the master; the gather algorithms and the PAT thread talk on
// communicators of their own, so nothing here can match their messages.
constexpr int kDistributeTag = 17;

// Where the PAT edge sits in the local transform: after half of its stages (the first half
// when the count is odd), reported as the exact fraction of the (equal-cost) stages done.
struct EdgePoint {
  int stage;
  double fraction;
};
EdgePoint edge_point(int local_stages) {
  if (local_stages < 2) return {local_stages, 1.0};  // 0 or 1 stage: nothing to split
  const int half = local_stages / 2;
  return {half, static_cast<double>(half) / local_stages};
}

}  // namespace

results::CaseRecord describe_fft_case(const AlgorithmInfo& gather, const FftOptions& opts,
                                      int ranks) {
  results::CaseRecord rec;
  rec.collective = "gather";
  rec.algorithm = std::string(gather.name);
  // The gathered block: n / P complex values sent as 2n / P floats.
  rec.count = 2 * (opts.n / static_cast<std::size_t>(ranks));
  rec.dtype = "float";
  rec.root = opts.root;
  rec.pattern = "natural:fft";
  rec.sync_mode = "free";  // no agreed start: each iteration starts when the data arrives
  rec.seed = opts.seed;
  rec.warmup = 0;
  rec.iterations = opts.reps * opts.iters;
  rec.ranks = ranks;
  rec.params = fmt::format("app=fft,n={},iters={},threads={}", format_count(opts.n), opts.iters,
                           opts.threads);
  if (gather.needs_pat) {
    rec.params += ",pat-source=" + std::string(pat_source_name(PatSource::kPredicted));
  }
  if (opts.validate) rec.params += ",validate";
  return rec;
}

FftCase::FftCase(const FftOptions& opts, clocksync::GlobalClock& clock, MPI_Comm world,
                 const AlgorithmInfo& gather)
    : opts_(opts),
      clock_(clock),
      world_(world),
      gather_(gather),
      rank_(comm_rank(world)),
      size_(comm_size(world)),
      master_(rank_ == opts.root),
      block_points_(opts.n / static_cast<std::size_t>(size_)),
      block_floats_(count_as_int(2 * block_points_, "FFT block")),
      global_plan_(master_ ? opts.n : 1),
      local_plan_(block_points_),
      input_(master_ ? opts.n : 0),
      spectrum_(master_ ? opts.n : 0),
      block_(block_points_) {
  args_.comm = world_;
  args_.root = opts_.root;
  args_.dtype = MPI_FLOAT;
  args_.count = static_cast<std::size_t>(block_floats_);
  args_.send = block_.data();
  args_.recv = master_ ? spectrum_.data() : nullptr;
  alg_ = make_algorithm(gather);
  if (gather.needs_pat) {
    pat_ = std::make_unique<PatRuntime>(
        world_, [this] { return clock_.now(); }, PatSource::kPredicted);
    args_.pat = pat_.get();
  }
  alg_->prepare(args_);
}

void FftCase::run_rep(int rep) {
  const int master_stages = fft::log2_exact(static_cast<std::size_t>(size_));
  const EdgePoint edge = edge_point(local_plan_.stages());
  // Common random numbers: repetition r of every algorithm transforms the same inputs.
  std::mt19937_64 rng(opts_.seed + static_cast<std::uint64_t>(rep));
  std::uniform_real_distribution<float> sample(-1.0f, 1.0f);

  // Between repetitions only: a resync (collective) where due, then a common start.
  std::int64_t now = clock_.now();
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &now, 1, MPI_INT64_T, MPI_MAX, world_), "MPI_Allreduce");
  clock_.resync_if_due(now);
  mpi_check(MPI_Barrier(world_), "MPI_Barrier");
  const std::int64_t rep_start = clock_.now();

  for (int i = 0; i < opts_.iters; ++i) {
    // Master: new input, the first log2(P) DIF stages on the whole vector, block p to rank p.
    if (master_) {
      for (fft::Complex& v : input_) v = {sample(rng), sample(rng)};
      if (opts_.validate) original_ = input_;
      global_plan_.run_stages(input_, 0, master_stages, opts_.threads);
      sends_.clear();
      for (int p = 0; p < size_; ++p) {
        const fft::Complex* part = input_.data() + static_cast<std::size_t>(p) * block_points_;
        if (p == rank_) {
          std::copy_n(part, block_points_, block_.begin());
          continue;
        }
        sends_.emplace_back();
        mpi_check(
            MPI_Isend(part, block_floats_, MPI_FLOAT, p, kDistributeTag, world_, &sends_.back()),
            "MPI_Isend");
      }
      mpi_check(MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(), MPI_STATUSES_IGNORE),
                "MPI_Waitall");
    } else {
      mpi_check(MPI_Recv(block_.data(), block_floats_, MPI_FLOAT, opts_.root, kDistributeTag,
                         world_, MPI_STATUS_IGNORE),
                "MPI_Recv");
    }

    // The computation phase of [Proficz2020] Fig. 4: the local sub-FFT with the edge half-way.
    const std::int64_t c0 = clock_.now();
    if (pat_) pat_->processing_start();
    local_plan_.run_stages(block_, 0, edge.stage, opts_.threads);
    if (pat_) pat_->edge(edge.fraction);
    local_plan_.run_stages(block_, edge.stage, local_plan_.stages(), opts_.threads);
    if (pat_) pat_->processing_end();

    // As in the case runner: only raw readings around the call, the rest after it.
    const std::int64_t a_local = clock_.local_now();
    alg_->run(args_);
    const std::int64_t f_local = clock_.local().from_raw(clocksync::raw_now_ns());
    const std::int64_t a = clock_.to_global(a_local);
    const std::int64_t f = clock_.to_global(f_local);
    arrival_.push_back(a);
    exit_.push_back(f);
    clock_bound_.push_back(clock_.error_bound_at(a_local));
    clock_slew_.push_back(clock_.slew_at(a_local));
    clock_elapsed_bound_.push_back(clock_.interval_bound(a_local, f_local));
    local_ns_.push_back(a - c0);
    if (pat_) {
      predicted_.push_back(pat_->own_prediction());
      // Waiting here keeps the thread's clock reads away from the next repetition's resync.
      const PatRuntime::BusyTimes busy = pat_->last_busy_times();
      exchange_done_.push_back(busy.exchange_done_ns);
      work_done_.push_back(busy.work_done_ns);
    }

    // Rank order of the gathered blocks is the global bit-reversed order (docs/FFT.md).
    if (master_) {
      fft::bit_reverse_permute(spectrum_);
      if (opts_.validate) {
        const double err = fft::relative_error(spectrum_, fft::reference_dft(original_));
        if (!(err <= fft::error_bound(opts_.n))) {
          ++failures_;
          if (failure_.empty()) {
            failure_ = fmt::format("rep {} iteration {}: relative error {:.3g} > bound {:.3g}", rep,
                                   i, err, fft::error_bound(opts_.n));
          }
        }
      }
    }
  }
  app_total_.push_back(clock_.now() - rep_start);
}

results::CaseRecord FftCase::take_record(int rep) {
  int rep_failures = 0;
  mpi_check(MPI_Allreduce(&failures_, &rep_failures, 1, MPI_INT, MPI_SUM, world_), "MPI_Allreduce");
  failures_ = 0;
  results::CaseRecord rec = describe_fft_case(gather_, opts_, size_);
  rec.seed = opts_.seed + static_cast<std::uint64_t>(rep);
  rec.validated = !opts_.validate ? "unchecked" : rep_failures == 0 ? "pass" : "fail";
  rec.arrival_ns = gather_matrix(arrival_, world_);
  rec.exit_ns = gather_matrix(exit_, world_);
  rec.clock_bound_ns = gather_matrix(clock_bound_, world_);
  rec.clock_slew_ns = gather_matrix(clock_slew_, world_);
  rec.clock_elapsed_bound_ns = gather_matrix(clock_elapsed_bound_, world_);
  if (pat_) {
    rec.predicted_arrival_ns = gather_matrix(predicted_, world_);
    rec.pat_exchange_done_ns = gather_matrix(exchange_done_, world_);
    rec.pat_work_done_ns = gather_matrix(work_done_, world_);
  }
  results::Matrix totals = gather_matrix(app_total_, world_);
  results::Matrix locals = gather_matrix(local_ns_, world_);
  for (auto* v : {&arrival_, &exit_, &clock_bound_, &clock_slew_, &clock_elapsed_bound_,
                  &predicted_, &local_ns_, &app_total_, &exchange_done_, &work_done_}) {
    v->clear();
  }
  if (rank_ == 0) {
    rec.iterations = rec.arrival_ns.rows;
    rec.metrics.emplace(kAppTotalMetric, std::move(totals));
    rec.metrics.emplace(kLocalFftMetric, std::move(locals));
    // No agreed start exists, so no rank can miss one.
    rec.late.assign(static_cast<std::size_t>(rec.arrival_ns.rows), 0);
    rec.complete = true;
  }
  return rec;
}

}  // namespace papbench
