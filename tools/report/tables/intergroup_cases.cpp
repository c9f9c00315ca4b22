#include "tools/report/tables/intergroup_cases.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string_view>

#include "common/errors.hpp"
#include "results/case_metrics.hpp"
#include "tools/report/core/case_text.hpp"

namespace papbench::report {
namespace {

namespace im = intergroup_model;

struct Param {
  std::string key, value;
};

std::vector<Param> split_params(const std::string& params) {
  std::vector<Param> out;
  std::size_t pos = 0;
  while (pos < params.size()) {
    const std::size_t end = std::min(params.find(',', pos), params.size());
    const std::string item = params.substr(pos, end - pos);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) {
      out.push_back({item, ""});
    } else {
      out.push_back({item.substr(0, eq), item.substr(eq + 1)});
    }
    pos = end + 1;
  }
  return out;
}

double number(const std::string& text, std::size_t index, std::string_view key) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size()) {
    throw UsageError(fmt::format("case [{}]: param {}='{}' is not a number", index, key, text));
  }
  return v;
}

}  // namespace

std::optional<IntergroupCase> intergroup_case(std::size_t index, const results::CaseRecord& rec) {
  if (rec.collective != "intergroup_allgather" && rec.collective != "intergroup_allgatherv") {
    return std::nullopt;
  }
  IntergroupCase c;
  c.allgatherv = rec.collective == "intergroup_allgatherv";
  std::vector<std::string> variant;
  bool has_groups = false;
  for (const Param& prm : split_params(rec.params)) {
    if (prm.key == "groups") {
      const std::size_t colon = prm.value.find(':');
      if (colon == std::string::npos) {
        throw UsageError(fmt::format("case [{}]: param groups='{}' is not p:q", index, prm.value));
      }
      c.p = static_cast<std::int64_t>(number(prm.value.substr(0, colon), index, "groups"));
      c.q = static_cast<std::int64_t>(number(prm.value.substr(colon + 1), index, "groups"));
      has_groups = true;
    } else if (prm.key == "placement") {
      c.placement = prm.value;
    } else if (prm.key == "ka-factor") {
      c.ka_factor = number(prm.value, index, prm.key);
    } else if (prm.key == "kb-factor") {
      c.kb_factor = number(prm.value, index, prm.key);
    } else if (prm.key == "dist") {
      c.dist = im::dist_from_name(prm.value);
      if (!c.dist) {
        throw UsageError(fmt::format(
            "case [{}]: param dist='{}' is unknown; known: equal, arith-code, arith-literal, "
            "uneven",
            index, prm.value));
      }
    } else if (prm.key == "setting") {
      const im::SettingInfo* s = im::find_setting(prm.value);
      if (s == nullptr) {
        throw UsageError(
            fmt::format("case [{}]: param setting='{}' is not S1..S8", index, prm.value));
      }
      c.setting = s->setting;
      c.setting_recorded = true;
    } else {
      variant.push_back(prm.value.empty() ? prm.key : fmt::format("{}={}", prm.key, prm.value));
    }
  }
  if (!has_groups || c.p < 1 || c.q < 1) {
    throw UsageError(fmt::format(
        "case [{}] {}: its params record no group sizes groups=p:q (a result set older than "
        "papbench's --groups?)",
        index, rec.label()));
  }
  if (c.allgatherv && !c.dist) c.dist = im::Dist::kEqual;
  const auto elem = dtype_bytes(rec.dtype);
  if (!elem) {
    throw UsageError(fmt::format("case [{}]: unknown datatype '{}'", index, rec.dtype));
  }
  c.elem_bytes = *elem;
  c.variant = fmt::format("{}", fmt::join(variant, ","));
  // Block sizes as papbench makes them (collectives/core: group_block, intergroup_vblock): the
  // count times the group's factor rounded half up, spread in elements, then in bytes.
  const auto block = [&](double factor) {
    return static_cast<std::uint64_t>(std::floor(static_cast<double>(rec.count) * factor + 0.5));
  };
  const std::uint64_t ka = block(c.ka_factor), kb = block(c.kb_factor);
  c.block_a_bytes = static_cast<double>(ka) * c.elem_bytes;
  c.block_b_bytes = static_cast<double>(kb) * c.elem_bytes;
  if (c.allgatherv) {
    c.shape = im::allgatherv_shape(im::blocks_in_bytes(*c.dist, c.p, ka, c.elem_bytes),
                                   im::blocks_in_bytes(*c.dist, c.q, kb, c.elem_bytes));
  } else {
    c.shape = im::allgather_shape(c.p, c.q, c.block_a_bytes, c.block_b_bytes);
  }
  if (!c.setting) {
    c.setting = im::derive_setting(c.allgatherv, c.p, c.q, c.ka_factor, c.kb_factor, c.dist);
  }
  return c;
}

std::string setting_text(const IntergroupCase& c) {
  if (!c.setting) return "-";
  return std::string(im::settings()[static_cast<std::size_t>(*c.setting) - 1].name);
}

std::optional<PaperTiming> paper_timing(const results::CaseRecord& rec,
                                        const results::IterationSelection& selection) {
  std::vector<double> per_iteration;
  for (std::size_t it : selection.kept) {
    double slowest = 0;
    for (int r = 0; r < rec.arrival_ns.cols; ++r) {
      const auto row = static_cast<int>(it);
      slowest = std::max(slowest,
                         static_cast<double>(rec.exit_ns.at(row, r) - rec.arrival_ns.at(row, r)));
    }
    per_iteration.push_back(slowest);
  }
  if (per_iteration.empty()) return std::nullopt;
  PaperTiming t;
  t.iterations = static_cast<int>(per_iteration.size());
  t.trimmed = per_iteration.size() >= 3;
  std::sort(per_iteration.begin(), per_iteration.end());
  const auto first = per_iteration.begin() + (t.trimmed ? 1 : 0);
  const auto last = per_iteration.end() - (t.trimmed ? 1 : 0);
  t.averaged = static_cast<int>(last - first);
  t.mean_ns = std::accumulate(first, last, 0.0) / t.averaged;
  return t;
}

}  // namespace papbench::report
