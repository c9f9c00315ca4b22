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

// The part both keys share, after the collective.
std::string workload_fields(const CaseRecord& r, CaseRecord::Start start) {
  return fmt::format(
      "count={}|dtype={}|op={}|root={}|pattern={}|sync_mode={}|compute_ns={}|"
      "maxdelay_ns={}|ranks={}",
      r.count, escaped(r.dtype), escaped(r.op), r.root, escaped(r.pattern),
      start == CaseRecord::Start::kWith ? escaped(r.sync_mode) : std::string(), r.compute_ns,
      r.maxdelay_ns, r.ranks);
}

}  // namespace

std::string CaseRecord::match_key(Start start) const {
  // seed, warmup, iterations and validated describe how a case was measured, not which case it
  // is; two runs of the same case with different seeds must match.
  return fmt::format("collective={}|algorithm={}|params={}|{}", escaped(collective),
                     escaped(algorithm), escaped(params), workload_fields(*this, start));
}

std::string CaseRecord::workload_key(Start start) const {
  return fmt::format("collective={}|{}", escaped(collective), workload_fields(*this, start));
}

std::string CaseRecord::shape_key(Start start) const {
  return workload_fields(*this, start);
}

std::string CaseRecord::label() const {
  std::string out = fmt::format("{}/{}", collective, algorithm);
  if (!params.empty()) out += fmt::format("({})", params);
  // The block's bytes beside its count, so that 1M (10^6) and 1Mi (2^20) read as what they are;
  // derived when reading, so files written before show them too (issue 43).
  out += fmt::format(" count={}", format_count_bytes(count, dtype));
  if (!op.empty()) out += fmt::format(" {}", op);
  out += fmt::format(" root={} {} maxdelay={}", root, pattern, compact_duration(maxdelay_ns));
  if (compute_ns != 0) out += fmt::format(" compute={}", compact_duration(compute_ns));
  // The window start is the default; only the papers' barrier start needs saying.
  if (!default_start()) out += fmt::format(" sync={}", sync_mode);
  if (ranks > 0) out += fmt::format(" np={}", ranks);
  return out;
}

}  // namespace papbench::results
