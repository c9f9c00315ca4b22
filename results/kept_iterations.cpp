#include "results/kept_iterations.hpp"

#include <algorithm>

namespace papbench::results {

Matrix kept_rows(const Matrix& m, int iterations, const std::vector<std::size_t>& kept) {
  // A matrix a view did not load (CaseParts) may keep its shape without its data.
  const bool per_iteration =
      m.rows == iterations && m.data.size() == static_cast<std::size_t>(m.rows) * m.cols;
  if (!per_iteration) return m;
  Matrix out(static_cast<int>(kept.size()), m.cols);
  for (std::size_t k = 0; k < kept.size(); ++k) {
    const auto row = m.row(static_cast<int>(kept[k]));
    std::copy(row.begin(), row.end(), out.data.begin() + static_cast<std::ptrdiff_t>(k * m.cols));
  }
  return out;
}

namespace {

std::vector<std::uint8_t> kept_flags(const std::vector<std::uint8_t>& flags,
                                     const std::vector<std::size_t>& kept) {
  if (flags.empty()) return flags;  // not recorded (older formats)
  std::vector<std::uint8_t> out;
  out.reserve(kept.size());
  for (std::size_t it : kept) out.push_back(it < flags.size() ? flags[it] : 0);
  return out;
}

}  // namespace

CaseRecord only_kept(CaseRecord record, const IterationSelection& selection) {
  // The arrivals' row count is the number of timed iterations every per-iteration array shares
  // (select_iterations counts them the same way).
  const int n = record.arrival_ns.rows;
  const auto& kept = selection.kept;
  const auto keep = [&](Matrix& m) { m = kept_rows(m, n, kept); };
  keep(record.arrival_ns);
  keep(record.exit_ns);
  keep(record.planned_delay_ns);
  keep(record.planned_arrival_ns);
  keep(record.arrival_error_ns);
  keep(record.clock_bound_ns);
  keep(record.clock_slew_ns);
  keep(record.clock_elapsed_bound_ns);
  for (auto* m :
       {&record.predicted_arrival_ns, &record.pat_exchange_done_ns, &record.pat_work_done_ns}) {
    if (m->has_value()) keep(**m);
  }
  for (auto& [name, m] : record.counters) keep(m);
  for (auto& [name, m] : record.metrics) keep(m);
  record.late = kept_flags(record.late, kept);
  record.validation = kept_flags(record.validation, kept);
  record.iterations = static_cast<int>(kept.size());
  return record;
}

}  // namespace papbench::results
