#pragma once
// Which algorithms run under SimGrid's SMPI and why the others cannot (docs/SIMULATION.md). The
// answer is a property of the algorithm, not of the build: every build's `papbench list` shows
// it, and the SMPI build (common/smpi_platform.hpp) refuses such a case with exit 2.

#include <optional>
#include <string>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/registry.hpp"

namespace papbench {

// Why `alg` cannot run under SMPI whatever its options, or nothing.
std::optional<std::string> smpi_refusal(const AlgorithmInfo& alg);
// ... with these resolved options (bcast/native:force needs MPI_T).
std::optional<std::string> smpi_refusal(const AlgorithmInfo& alg, const AlgOptions& resolved);
// For `papbench list`: "yes", "no: <reason>" or "yes, but not with <option>: <reason>".
std::string smpi_support_text(const AlgorithmInfo& alg);

}  // namespace papbench
