#include "bench/run/setting_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "bench/run/run_options.hpp"
#include "collectives/core/registry.hpp"
#include "common/errors.hpp"
#include "common/units.hpp"
#include "common/with_option.hpp"

namespace papbench {
namespace {

namespace im = intergroup_model;

// The collective a [Kang2019] setting belongs to.
std::string_view setting_collective(const im::SettingInfo& s) {
  return s.allgatherv ? "intergroup_allgatherv" : "intergroup_allgather";
}

std::string settings_of(bool allgatherv) {
  std::vector<std::string_view> names;
  for (const im::SettingInfo& s : im::settings())
    if (s.allgatherv == allgatherv) names.push_back(s.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string accepted_settings() {
  return fmt::format("{} (intergroup_allgather), {} (intergroup_allgatherv)", settings_of(false),
                     settings_of(true));
}

std::string setting_text(const im::SettingInfo& s) {
  std::string text = fmt::format("{} (groups {}:{}, ka-factor {:g}, kb-factor {:g}", s.name,
                                 s.ratio_p, s.ratio_q, s.ka_factor, s.kb_factor);
  if (s.allgatherv) text += fmt::format(", dist {}", im::dist_name(s.dist));
  return text + ")";
}

// An explicit --groups, --ka-factor, --kb-factor or --dist that says otherwise than a setting.
void check_setting_conflicts(const RawRunOptions& raw, const RunOptions& o,
                             const im::SettingInfo& s) {
  const auto conflict = [&](std::string_view option, std::string_view value) {
    return UsageError(fmt::format(
        "--setting: {} contradicts {} {}; give either --setting or {}, or the setting's value",
        setting_text(s), option, value, option));
  };
  if (!raw.groups.empty() &&
      std::int64_t{o.groups_p} * s.ratio_q != std::int64_t{o.groups_q} * s.ratio_p) {
    throw conflict("--groups", raw.groups);
  }
  if (!raw.ka_factor.empty() && o.shape.ka != s.ka_factor)
    throw conflict("--ka-factor", raw.ka_factor);
  if (!raw.kb_factor.empty() && o.shape.kb != s.kb_factor)
    throw conflict("--kb-factor", raw.kb_factor);
  if (!raw.dist.empty() && s.allgatherv && raw.dist != im::dist_name(s.dist)) {
    throw conflict("--dist", raw.dist);
  }
}

}  // namespace

std::vector<const im::SettingInfo*> parse_settings(const RawRunOptions& raw, const RunOptions& o) {
  std::vector<const im::SettingInfo*> out;
  if (raw.setting.empty()) return out;
  for (const std::string& name :
       with_option("--setting", [&] { return split_list(raw.setting); })) {
    const im::SettingInfo* s = im::find_setting(name);
    if (s == nullptr) {
      throw UsageError(
          fmt::format("--setting: '{}' is not accepted; accepted: {}", name, accepted_settings()));
    }
    if (std::find(out.begin(), out.end(), s) != out.end()) {
      throw UsageError(fmt::format("--setting: {} is listed twice", s->name));
    }
    if (std::find(o.collectives.begin(), o.collectives.end(), setting_collective(*s)) ==
        o.collectives.end()) {
      throw UsageError(fmt::format(
          "--setting: {} is a setting of {}, which --collective does not list; accepted: {}",
          s->name, setting_collective(*s), accepted_settings()));
    }
    check_setting_conflicts(raw, o, *s);
    out.push_back(s);
  }
  for (const std::string& c : o.collectives) {
    if (!find_collective(c)->intergroup) continue;
    const bool v = c == "intergroup_allgatherv";
    if (std::none_of(out.begin(), out.end(), [&](const auto* s) { return s->allgatherv == v; })) {
      throw UsageError(fmt::format(
          "--setting: lists no setting of {}, which --collective lists; accepted for it: {}", c,
          settings_of(v)));
    }
  }
  return out;
}

int setting_ranks_per_node(int size, int nodes) {
  return nodes > 0 && size % nodes == 0 ? size / nodes : 0;
}

// [Kang2019] §4 gives the settings' group sizes as ratios only; a run must hold whole multiples.
void check_settings_against_size(const RunOptions& opts, int size, int nodes) {
  if (opts.settings.empty()) return;
  for (const intergroup_model::SettingInfo* s : opts.settings) {
    const std::int64_t unit = s->ratio_p + s->ratio_q;
    if (size % unit != 0) {
      throw UsageError(fmt::format(
          "--setting: {} has groups in the ratio {}:{}, which needs a multiple of {} ranks, and "
          "this run has {}; papbench does not round the ratio to a nearby shape (run on {} "
          "ranks, or give --groups, --ka-factor and --kb-factor without --setting)",
          s->name, s->ratio_p, s->ratio_q, unit, size, size < unit ? unit : size - size % unit));
    }
  }
  const int ppn = setting_ranks_per_node(size, nodes);
  if (ppn == 0) {
    throw UsageError(fmt::format(
        "--setting: --count is then per node, which needs the same number of ranks on every "
        "node, and this run has {} ranks on {} nodes; give --virtual-ppn K (K ranks per node)",
        size, nodes));
  }
  for (std::uint64_t count : opts.counts) {
    if (count / static_cast<std::uint64_t>(ppn) == 0) {
      throw UsageError(fmt::format(
          "--count: with --setting it is per node, and {} elements over the {} ranks of a node "
          "leave less than one per rank; accepted: at least {}",
          format_count(count), ppn, ppn));
    }
  }
}

}  // namespace papbench
