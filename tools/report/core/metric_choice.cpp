#include "tools/report/core/metric_choice.hpp"

#include <algorithm>

namespace papbench::report {

using results::Metric;

std::string_view metric_title(Metric m) {
  switch (m) {
    case Metric::kRunTime:
      return "run time";
    case Metric::kElapsed:
      return "elapsed";
    case Metric::kAfterLastArrival:
      return "after last arrival";
    case Metric::kImbalance:
      return "imbalance (achieved)";
    case Metric::kPlannedImbalance:
      return "imbalance (planned)";
    case Metric::kArrivalError:
      return "arrival error";
    case Metric::kPatOverlap:
      return "PAT thread overlap";
  }
  return "?";
}

bool is_speed_metric(Metric m) {
  return m == Metric::kRunTime || m == Metric::kElapsed || m == Metric::kAfterLastArrival;
}

std::vector<std::string> metric_names() {
  std::vector<std::string> out;
  for (Metric m : results::kAllMetrics) out.emplace_back(results::metric_name(m));
  return out;
}

std::vector<Metric> metrics_from_names(const std::vector<std::string>& names) {
  std::vector<Metric> out;
  for (const std::string& name : names) {
    for (Metric m : results::kAllMetrics) {
      if (results::metric_name(m) == name && std::find(out.begin(), out.end(), m) == out.end()) {
        out.push_back(m);
      }
    }
  }
  return out;
}

}  // namespace papbench::report
