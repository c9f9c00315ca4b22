// forced_bcast.hpp for the SMPI build (PAPBENCH_SMPI; CMake compiles this file instead of
// forced_bcast.cpp): SimGrid's SMPI 3.32 has no MPI_T interface, so no library algorithm can be
// forced. bcast/native:force is refused at preflight (exit 2) with the reason, and `papbench list`
// shows no forceable names.

#include <fmt/format.h>

#include "collectives/bcast/forced_bcast.hpp"
#include "common/errors.hpp"
#include "common/smpi_platform.hpp"

namespace papbench::bcast {

std::vector<std::string> forceable_bcast_names() {
  return {};
}

std::string forcing_variable() {
  return {};
}

BcastForcing::BcastForcing(const ForcedBcast& want) {
  throw UsageError(fmt::format("bcast/native:force={}: not under SimGrid's SMPI: it {}",
                               want.algorithm, smpi::kNoMpiT));
}

BcastForcing::~BcastForcing() = default;

void BcastForcing::restore() {}

void request_forcing_environment() {}

}  // namespace papbench::bcast
