#pragma once
// The metrics a user can ask for with --metric, with the words the human formats use for them.

#include <string>
#include <string_view>
#include <vector>

#include "results/case_metrics.hpp"

namespace papbench::report {

// "run time", "imbalance (achieved)", ...
std::string_view metric_title(results::Metric m);

// Durations of the collective itself, where smaller is faster; the others (imbalance, arrival
// error) are properties of the arrival pattern, where smaller is merely lower.
bool is_speed_metric(results::Metric m);

// The names --metric accepts, in kAllMetrics order.
std::vector<std::string> metric_names();

// Names already validated against metric_names(), in the order typed; repeats are dropped.
std::vector<results::Metric> metrics_from_names(const std::vector<std::string>& names);

}  // namespace papbench::report
