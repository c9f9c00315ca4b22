#include "bench/run/iteration_log.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "common/mpi_env.hpp"

namespace papbench {
namespace {

// Whether every rank holds the same number n (an allreduce of max n and max -n).
bool same_on_every_rank(std::size_t n, MPI_Comm comm) {
  int v[2] = {static_cast<int>(n), -static_cast<int>(n)};
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_MAX, comm), "MPI_Allreduce");
  return v[0] == -v[1];
}

}  // namespace

IterationLog::IterationLog(int iters, std::size_t n_events, bool count_call, bool count_compute,
                           bool predicts)
    : iters_(iters),
      count_call_(count_call),
      predicts_(predicts),
      validation_(iters, static_cast<std::uint8_t>(results::IterationCheck::kNotChecked)),
      arrival_(iters),
      exit_(iters),
      planned_delay_(iters),
      planned_arrival_(iters),
      arrival_error_(iters),
      late_(iters),
      predicted_(iters),
      exchange_done_(iters),
      work_done_(iters),
      clock_bound_(iters),
      clock_slew_(iters),
      clock_elapsed_bound_(iters),
      call_scratch_(n_events),
      compute_scratch_(n_events),
      call_values_(n_events, std::vector<std::int64_t>(iters)),
      compute_values_(count_compute ? n_events : 0, std::vector<std::int64_t>(iters)) {}

void IterationLog::record(int it, const IterationTimes& t, std::vector<AlgMetric> metrics) {
  arrival_[it] = t.arrival_ns;
  exit_[it] = t.exit_ns;
  planned_delay_[it] = t.planned_delay_ns;
  planned_arrival_[it] = t.planned_arrival_ns;
  arrival_error_[it] = t.arrival_error_ns;
  late_[it] = t.off_plan ? 1 : 0;
  if (predicts_) {
    predicted_[it] = t.predicted_ns;
    exchange_done_[it] = t.pat.exchange_done_ns;
    work_done_[it] = t.pat.work_done_ns;
  }
  clock_bound_[it] = t.clock_bound_ns;
  clock_slew_[it] = t.clock_slew_ns;
  clock_elapsed_bound_[it] = t.clock_elapsed_bound_ns;
  for (AlgMetric& m : metrics) {
    auto at = std::find(metric_names_.begin(), metric_names_.end(), m.name);
    if (at == metric_names_.end()) {
      metric_names_.push_back(std::move(m.name));
      metric_values_.emplace_back(iters_, 0);
      at = metric_names_.end() - 1;
    }
    metric_values_[static_cast<std::size_t>(at - metric_names_.begin())][it] = m.value;
  }
  if (count_call_) {
    for (std::size_t e = 0; e < call_values_.size(); ++e) call_values_[e][it] = call_scratch_[e];
  }
  for (std::size_t e = 0; e < compute_values_.size(); ++e) {
    compute_values_[e][it] = compute_scratch_[e];
  }
}

void IterationLog::truncate(int n) {
  if (n >= iters_) return;
  iters_ = n;
  const auto keep = static_cast<std::size_t>(n);
  validation_.resize(keep);
  for (auto* v :
       {&arrival_, &exit_, &planned_delay_, &planned_arrival_, &arrival_error_, &late_, &predicted_,
        &exchange_done_, &work_done_, &clock_bound_, &clock_slew_, &clock_elapsed_bound_}) {
    v->resize(keep);
  }
  for (auto* table : {&call_values_, &compute_values_, &metric_values_}) {
    for (auto& v : *table) v.resize(keep);
  }
}

void IterationLog::record_check(int it, bool ok) {
  if (!ok) ++failures_;
  if (it < 0) return;
  const auto check = ok ? results::IterationCheck::kPassed : results::IterationCheck::kFailed;
  validation_[static_cast<std::size_t>(it)] = static_cast<std::uint8_t>(check);
}

void IterationLog::gather_into(results::CaseRecord& rec, const CounterSet& counters,
                               std::span<const std::string> requested, MPI_Comm comm) const {
  int total_failures = 0;
  mpi_check(MPI_Allreduce(&failures_, &total_failures, 1, MPI_INT, MPI_SUM, comm), "MPI_Allreduce");
  // Ranks of one job normally see the same events; if not, none are kept rather than misalign.
  const bool counters_agree = same_on_every_rank(call_values_.size(), comm);
  // Every rank runs the same algorithm, so the names agree; the check only keeps a broken
  // algorithm from misaligning the gathers.
  const bool metrics_agree = same_on_every_rank(metric_names_.size(), comm);
  const bool root = comm_rank(comm) == 0;

  rec.validated = total_failures == 0 ? "pass" : "fail";
  // Every rank checks the same iterations; kFailed > kPassed, so the maximum is the verdict.
  rec.validation.resize(root ? validation_.size() : 0);
  mpi_check(
      MPI_Reduce(validation_.data(), rec.validation.data(), iters_, MPI_UINT8_T, MPI_MAX, 0, comm),
      "MPI_Reduce");
  rec.arrival_ns = gather_matrix(arrival_, comm);
  rec.exit_ns = gather_matrix(exit_, comm);
  rec.planned_delay_ns = gather_matrix(planned_delay_, comm);
  rec.planned_arrival_ns = gather_matrix(planned_arrival_, comm);
  rec.arrival_error_ns = gather_matrix(arrival_error_, comm);
  const results::Matrix late = gather_matrix(late_, comm);
  rec.clock_bound_ns = gather_matrix(clock_bound_, comm);
  rec.clock_slew_ns = gather_matrix(clock_slew_, comm);
  rec.clock_elapsed_bound_ns = gather_matrix(clock_elapsed_bound_, comm);
  if (predicts_) {
    rec.predicted_arrival_ns = gather_matrix(predicted_, comm);
    rec.pat_exchange_done_ns = gather_matrix(exchange_done_, comm);
    rec.pat_work_done_ns = gather_matrix(work_done_, comm);
  }
  for (std::size_t i = 0; metrics_agree && i < metric_names_.size(); ++i) {
    results::Matrix m = gather_matrix(metric_values_[i], comm);
    if (root) rec.metrics.emplace(metric_names_[i], std::move(m));
  }
  if (counters_agree) {
    gather_counters(rec, counters, comm);
  } else {
    for (const auto& name : requested) {
      rec.counters_unavailable.push_back(name + ": not available on every rank");
    }
  }
  if (!root) return;
  rec.late.resize(static_cast<std::size_t>(iters_));
  for (int it = 0; it < iters_; ++it) {
    bool any = false;
    for (int r = 0; r < late.cols; ++r) any |= late.at(it, r) != 0;
    rec.late[static_cast<std::size_t>(it)] = any ? 1 : 0;
  }
  rec.complete = true;
}

namespace {

// The first rank's failure text (with the rank), or empty when no rank's counters failed.
std::string first_failure(const std::string& mine, MPI_Comm comm) {
  const int rank = comm_rank(comm);
  const int size = comm_size(comm);
  int first = mine.empty() ? size : rank;
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, comm), "MPI_Allreduce");
  if (first == size) return {};
  std::array<char, 256> text{};
  if (rank == first) mine.copy(text.data(), text.size() - 1);
  mpi_check(MPI_Bcast(text.data(), static_cast<int>(text.size()), MPI_CHAR, first, comm),
            "MPI_Bcast");
  return fmt::format("{} (rank {}; no counts kept)", text.data(), first);
}

results::Matrix gather_one(std::int64_t mine, MPI_Comm comm) {
  return gather_matrix(std::span<const std::int64_t>(&mine, 1), comm);
}

}  // namespace

void IterationLog::gather_counters(results::CaseRecord& rec, const CounterSet& counters,
                                   MPI_Comm comm) const {
  const bool root = comm_rank(comm) == 0;
  rec.counters_unavailable = counters.unavailable();
  // A set that failed to start or stop mid-case holds counts of some iterations only: none are
  // kept, and its events are recorded as unavailable with the reason, the run going on.
  if (const std::string failure = first_failure(counters.failure(), comm); !failure.empty()) {
    for (const auto& ev : counters.available()) {
      rec.counters_unavailable.push_back(fmt::format("{}: {}", ev, failure));
    }
    return;
  }
  for (std::size_t e = 0; e < call_values_.size() && count_call_; ++e) {
    results::Matrix m = gather_matrix(call_values_[e], comm);
    if (root) rec.counters.emplace(counters.available()[e], std::move(m));
  }
  for (std::size_t e = 0; e < compute_values_.size(); ++e) {
    results::Matrix m = gather_matrix(compute_values_[e], comm);
    if (root) {
      rec.counters.emplace(counters.available()[e] + std::string(kComputeScopeSuffix),
                           std::move(m));
    }
  }
  if (counters.available().empty()) return;
  const CounterCosts& costs = counters.costs();
  results::Matrix start = gather_one(costs.start_ns, comm);
  results::Matrix stop = gather_one(costs.stop_ns, comm);
  std::vector<results::Matrix> empty;
  for (std::size_t e = 0; e < counters.available().size(); ++e) {
    empty.push_back(gather_one(e < costs.empty_counts.size() ? costs.empty_counts[e] : 0, comm));
  }
  if (!root) return;
  // Rank 0's read-back; the ranks of one job run the same PAPI on the same kind of node.
  rec.counters_domain = counters.domain_granted();
  rec.counter_costs.emplace("start_ns", std::move(start));
  rec.counter_costs.emplace("stop_ns", std::move(stop));
  for (std::size_t e = 0; e < empty.size(); ++e) {
    rec.counters_empty.emplace(counters.available()[e], std::move(empty[e]));
  }
}

results::Matrix gather_matrix(std::span<const std::int64_t> mine, MPI_Comm comm) {
  const int rank = comm_rank(comm);
  const int size = comm_size(comm);
  const int rows = static_cast<int>(mine.size());
  std::vector<std::int64_t> all(rank == 0 ? static_cast<std::size_t>(rows) * size : 0);
  mpi_check(MPI_Gather(mine.data(), rows, MPI_INT64_T, all.data(), rows, MPI_INT64_T, 0, comm),
            "MPI_Gather");
  results::Matrix m;
  if (rank != 0) return m;
  m = results::Matrix(rows, size);
  for (int r = 0; r < size; ++r)
    for (int i = 0; i < rows; ++i) m.at(i, r) = all[static_cast<std::size_t>(r) * rows + i];
  return m;
}

}  // namespace papbench
