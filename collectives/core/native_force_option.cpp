#include "collectives/core/native_force_option.hpp"

namespace papbench {

std::optional<forced::ForcedNative> forced_of(const AlgOptions& resolved) {
  // resolve_options refuses segsize and fanout without force (their needs_option).
  if (!resolved.contains("force")) return std::nullopt;
  forced::ForcedNative f{std::string(option_text(resolved, "force")), std::nullopt, std::nullopt};
  if (const auto s = option_number(resolved, "segsize")) f.segsize = static_cast<std::size_t>(*s);
  if (const auto k = option_number(resolved, "fanout")) f.fanout = static_cast<int>(*k);
  return f;
}

void check_native_forcing(std::string_view collective, const AlgOptions& resolved) {
  if (const auto f = forced_of(resolved)) const forced::NativeForcing check(collective, *f);
}

void request_native_forcing(std::string_view collective, const AlgOptions& resolved) {
  if (!resolved.contains("force")) return;
  forced::request_forcing_environment(collective, std::string(option_text(resolved, "force")));
}

}  // namespace papbench
