#include "tools/report/models/bcast_nbft_q.hpp"

#include <cmath>
#include <set>

#include "results/statistics.hpp"
#include "tools/report/models/bcast_case_times.hpp"

namespace papbench::report {

NbftCases nbft_cases(std::span<const BcastMeasurement> all, bool library, long segment) {
  NbftCases c;
  for (const BcastMeasurement& m : all) {
    if (m.alg != bcast_model::Algorithm::kFlat || m.experiment || m.library != library ||
        m.bytes != segment || m.ranks < 2) {
      continue;
    }
    const std::set<int> nodes(m.domain.begin(), m.domain.end());
    if (nodes.size() == 1) {
      c.shm[m.ranks] = m.refs;
    } else if (nodes.size() == m.domain.size()) {
      c.net[m.ranks] = m.refs;
    }
  }
  return c;
}

double nbft_time_s(std::span<const CaseRef> cases) {
  std::vector<double> pooled;
  for (const CaseRef& ref : cases) {
    const results::CaseRecord& rec = ref.file->reader.cases()[ref.index];
    const std::vector<double> v = last_rank_series_ns(rec, kept_iterations(*ref.file, rec));
    pooled.insert(pooled.end(), v.begin(), v.end());
  }
  return pooled.empty() ? std::nan("") : stats::median(pooled) * 1e-9;
}

std::optional<stats::CaseComparison> nuriyev_q(const NbftCases& cases) {
  const auto shm = cases.shm.find(2);
  const auto net = cases.net.find(2);
  if (shm == cases.shm.end() || net == cases.net.end()) return std::nullopt;
  return compare_sides(shm->second, net->second, last_rank_series_ns);
}

}  // namespace papbench::report
