// forced_native.hpp for the SMPI build (PAPBENCH_SMPI; CMake compiles this file instead of
// forced_native.cpp): SimGrid's SMPI 3.32 has no MPI_T interface, so no library algorithm can be
// forced. <collective>/native:force is refused (exit 2) with the reason, `papbench list` shows no
// forceable names, and an unforced native case runs on its private duplicate as everywhere.

#include <fmt/format.h>

#include "collectives/core/forced_native.hpp"
#include "common/errors.hpp"
#include "common/smpi_platform.hpp"

namespace papbench::forced {

struct NativeForcing::CallToggle {};

std::vector<std::string> forceable_names(std::string_view /*collective*/) {
  return {};
}

std::string forcing_variable(std::string_view /*collective*/) {
  return {};
}

bool forcing_is_open_mpi() {
  return false;
}

NativeForcing::NativeForcing(std::string_view collective, const ForcedNative& want) {
  throw UsageError(fmt::format("{}/native:force={}: not under SimGrid's SMPI: it {}", collective,
                               want.algorithm, smpi::kNoMpiT));
}

NativeForcing::~NativeForcing() = default;

void NativeForcing::activate() {}
void NativeForcing::deactivate() {}
void NativeForcing::restore() {}

NativeComm::NativeComm(std::string_view collective, std::optional<ForcedNative> want)
    : collective_(collective), want_(std::move(want)) {}

void NativeComm::prepare(MPI_Comm parent) {
  if (want_) forcing_.emplace(collective_, *want_);  // refuses
  comm_ = Comm::dup(parent);
}

void request_forcing_environment() {}
void request_forcing_environment(std::string_view /*collective*/, const std::string& /*algo*/) {}

}  // namespace papbench::forced
