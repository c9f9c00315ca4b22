#include "collectives/core/smpi_support.hpp"

#include <fmt/format.h>

#include "common/smpi_platform.hpp"

namespace papbench {
namespace {

bool is_intergroup_native(const AlgorithmInfo& alg) {
  return alg.collective.starts_with("intergroup_") && alg.name == "native";
}

}  // namespace

std::optional<std::string> smpi_refusal(const AlgorithmInfo& alg) {
  // The PAT algorithms run: under SMPI their runtime polls instead of running a thread
  // (PatProgress::kPolled, collectives/pat/pat_runtime.hpp).
  // [Kang2019]'s intergroup algorithms run on the spanning form of the groups (no
  // intercommunicator: collectives/core/intergroup.hpp); the library's own intercommunicator
  // collective cannot.
  if (is_intergroup_native(alg)) return std::string(smpi::kNoIntercomm);
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
  if (alg.collective.starts_with("intergroup_")) return smpi::kSpanningGroups;
  return "yes";
}

}  // namespace papbench
