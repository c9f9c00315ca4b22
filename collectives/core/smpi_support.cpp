#include "collectives/core/smpi_support.hpp"

#include <fmt/format.h>

#include "common/smpi_platform.hpp"

namespace papbench {

std::optional<std::string> smpi_refusal(const AlgorithmInfo& alg) {
  // The PAT algorithms run: under SMPI their runtime polls instead of running a thread
  // (PatProgress::kPolled, collectives/pat/pat_runtime.hpp).
  // [Kang2019]'s intergroup collectives run over an intercommunicator.
  if (alg.collective.starts_with("intergroup_")) return std::string(smpi::kNoIntercomm);
  return std::nullopt;
}

std::optional<std::string> smpi_refusal(const AlgorithmInfo& alg, const AlgOptions& resolved) {
  if (auto why = smpi_refusal(alg)) return why;
  if (alg.find_option("force") != nullptr && resolved.contains("force")) {
    return std::string(smpi::kNoMpiT);
  }
  return std::nullopt;
}

std::string smpi_support_text(const AlgorithmInfo& alg) {
  if (auto why = smpi_refusal(alg)) return fmt::format("no: {}", *why);
  if (alg.find_option("force") != nullptr) {
    return fmt::format("yes, but not with force: it {}", smpi::kNoMpiT);
  }
  return "yes";
}

}  // namespace papbench
