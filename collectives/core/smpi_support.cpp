#include "collectives/core/smpi_support.hpp"

#include <fmt/format.h>

#include "common/smpi_platform.hpp"

namespace papbench {

std::optional<std::string> smpi_refusal(const AlgorithmInfo& alg) {
  // The PAT runtime's exchange runs in a thread of its own beside the foreground ([Proficz2020]
  // §3); SMPI simulates only the ranks' main threads.
  if (alg.needs_pat) return std::string(smpi::kNoThreads);
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
