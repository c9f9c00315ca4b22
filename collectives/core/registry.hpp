#pragma once
// The table of every algorithm papbench hosts (collectives/core/registry.cpp), scanned top to
// bottom; no self-registration.

#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench {

struct AlgorithmInfo {
  // source cites by the keys of docs/REFERENCES.md: "[ProficzOcetkiewicz2021] Listing 8".
  std::string_view collective, name, summary, source;
  std::function<std::unique_ptr<Algorithm>(const AlgOptions&)> make;
  // Needs arrival times: the runner gives it a PatRuntime (Args::pat) and drives its
  // ProcessingStart/Edge/ProcessingEnd protocol in the compute phase ([Proficz2020] §3).
  bool needs_pat = false;
};

std::span<const AlgorithmInfo> algorithm_registry();
const AlgorithmInfo* find_algorithm(std::string_view collective, std::string_view name);
// Names of the algorithms registered for a collective, in table order.
std::vector<std::string_view> algorithms_of(std::string_view collective);

}  // namespace papbench
