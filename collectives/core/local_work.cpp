#include "collectives/core/local_work.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

#include "common/errors.hpp"
#include "common/smpi_platform.hpp"

namespace papbench::local_work {
namespace {

// SimGrid's bandwidth units (xbt/parse_units.cpp): bytes or bits a second, decimal or binary
// prefixes. Longest first, so that "GiBps" is not read as "Bps" after "Gi".
constexpr std::array<std::pair<std::string_view, double>, 14> kUnits{{
    {"TiBps", 1099511627776.0},
    {"GiBps", 1073741824.0},
    {"MiBps", 1048576.0},
    {"KiBps", 1024.0},
    {"TBps", 1e12},
    {"GBps", 1e9},
    {"MBps", 1e6},
    {"kBps", 1e3},
    {"Tbps", 1e12 / 8},
    {"Gbps", 1e9 / 8},
    {"Mbps", 1e6 / 8},
    {"kbps", 1e3 / 8},
    {"Bps", 1.0},
    {"bps", 1.0 / 8},
}};

[[noreturn]] void bad_bandwidth(std::string_view text) {
  throw UsageError(fmt::format(
      "platform property {}: '{}' is not a bandwidth: a positive number and one of the units "
      "Bps, kBps, MBps, GBps, TBps, KiBps, MiBps, GiBps, TiBps, bps, kbps, Mbps, Gbps, Tbps "
      "(e.g. 4985MBps)",
      kCopyBandwidthProperty, text));
}

}  // namespace

double parse_bandwidth(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [rest, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || rest == text.data()) bad_bandwidth(text);
  const std::string_view unit(rest, static_cast<std::size_t>(end - rest));
  for (const auto& [name, factor] : kUnits) {
    if (unit == name) {
      const double bytes_per_s = value * factor;
      if (!std::isfinite(bytes_per_s) || bytes_per_s <= 0) bad_bandwidth(text);
      return bytes_per_s;
    }
  }
  bad_bandwidth(text);
}

std::optional<double> host_copy_bandwidth() {
  if constexpr (!smpi::kSimulated) return std::nullopt;
  // Read once a rank (each simulated rank has its own statics under SMPI's privatization, on by
  // default; without it the ranks share these, and the text is read again whenever it differs).
  static std::string last_text;
  static std::optional<double> last_rate;
  const char* text = smpi::host_property(kCopyBandwidthProperty);
  if (text == nullptr) return std::nullopt;
  if (last_text != text || !last_rate) {
    last_rate = parse_bandwidth(text);
    last_text = text;
  }
  return last_rate;
}

void charge_copy(std::size_t bytes) {
  if constexpr (!smpi::kSimulated) return;
  if (bytes == 0) return;
  if (const auto rate = host_copy_bandwidth()) smpi::execute_s(copy_seconds(bytes, *rate));
}

void charge_combine(std::size_t bytes) {
  if constexpr (!smpi::kSimulated) return;
  if (bytes == 0) return;
  if (const auto rate = host_copy_bandwidth()) smpi::execute_s(combine_seconds(bytes, *rate));
}

std::string describe_charge() {
  if (const auto rate = host_copy_bandwidth()) {
    return fmt::format(
        "local copies charged at {:.6g} B/s, combines at 1.5 bytes a byte (platform property {})",
        *rate, kCopyBandwidthProperty);
  }
  return fmt::format("local copies and combines not charged (the platform sets no {})",
                     kCopyBandwidthProperty);
}

}  // namespace papbench::local_work
