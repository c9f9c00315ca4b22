#pragma once
// The force=NAME option of every <collective>/native row and what the row needs around it (a
// preflight that refuses a library that cannot be forced, Open MPI's environment before MPI_Init),
// made from the collective's row of forced_native_table.hpp, so that each collective's registry
// declares it in one line.

#include <optional>
#include <string>
#include <string_view>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/forced_native.hpp"
#include "collectives/core/forced_native_table.hpp"

namespace papbench {

// The library's names for the collective of row I, and the variable they come from.
template <std::size_t I>
SupportedValues forceable_native_values() {
  const std::string_view collective = forced::kForcedCollectives[I].collective;
  return {forced::forcing_variable(collective), forced::forceable_names(collective)};
}

inline constexpr std::string_view kNativeForceSamples[] = {"binomial"};

// The option; `samples` are what tests/mpi/collectives_native tries (a name both libraries have,
// or none).
template <std::size_t I>
constexpr AlgOptionSpec native_force_option(std::span<const std::string_view> samples) {
  return {.name = "force",
          .type = OptionType::kChoice,
          .help = forced::kForcedCollectives[I].help,
          .words = forced::kForcedCollectives[I].names,
          .samples = samples,
          .supported = forceable_native_values<I>};
}

// The forcing asked for by resolved options (force, and bcast's segsize and fanout); nullopt
// without force.
std::optional<forced::ForcedNative> forced_of(const AlgOptions& resolved);

// The row's preflight: sets and reads back the variables once (then restores them), so that a
// library that cannot be forced is refused before anything is written; UsageError naming the
// variable.
void check_native_forcing(std::string_view collective, const AlgOptions& resolved);
// The row's before_mpi_init: Open MPI ignores a forced algorithm unless
// coll_tuned_use_dynamic_rules is set, which it reads only from the environment at MPI_Init, as it
// reads coll_tuned_allgatherv_algorithm (forced::request_forcing_environment). Nothing without
// force.
void request_native_forcing(std::string_view collective, const AlgOptions& resolved);
template <std::size_t I>
void request_native_forcing_of(const AlgOptions& resolved) {
  request_native_forcing(forced::kForcedCollectives[I].collective, resolved);
}

}  // namespace papbench
