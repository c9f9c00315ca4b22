#include <fmt/format.h>

#include <string_view>

#include "common/units.hpp"
#include "results/result_set.hpp"

namespace papbench::results {
namespace {

// Keys join free-form strings (params may hold anything), so the separators are escaped to
// keep two different cases from ever producing the same key.
std::string escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '\\' || c == '|' || c == '=') out += '\\';
    out += c;
  }
  return out;
}

// format_duration prints "50 ms"; a label reads better as "50ms", the way users type it.
std::string compact_duration(std::int64_t ns) {
  if (ns == 0) return "0";
  std::string s = format_duration(static_cast<double>(ns));
  std::erase(s, ' ');
  return s;
}

}  // namespace

std::string CaseRecord::match_key() const {
  // seed, warmup, iterations and validated describe how a case was measured, not which case it
  // is; two runs of the same case with different seeds must match.
  return fmt::format(
      "collective={}|algorithm={}|params={}|count={}|dtype={}|op={}|root={}|pattern={}|"
      "sync_mode={}|compute_ns={}|maxdelay_ns={}|ranks={}",
      escaped(collective), escaped(algorithm), escaped(params), count, escaped(dtype), escaped(op),
      root, escaped(pattern), escaped(sync_mode), compute_ns, maxdelay_ns, ranks);
}

std::string CaseRecord::label() const {
  std::string out = fmt::format("{}/{}", collective, algorithm);
  if (!params.empty()) out += fmt::format("({})", params);
  out += fmt::format(" count={} {}", format_count(count), dtype);
  if (!op.empty()) out += fmt::format(" {}", op);
  out += fmt::format(" root={} {} maxdelay={}", root, pattern, compact_duration(maxdelay_ns));
  if (compute_ns != 0) out += fmt::format(" compute={}", compact_duration(compute_ns));
  // The window start is the default; only the papers' barrier start needs saying.
  if (!sync_mode.empty() && sync_mode != "window") out += fmt::format(" sync={}", sync_mode);
  if (ranks > 0) out += fmt::format(" np={}", ranks);
  return out;
}

}  // namespace papbench::results
