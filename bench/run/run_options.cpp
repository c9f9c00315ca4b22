#include "bench/run/run_options.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <ctime>
#include <filesystem>

#include "bench/run/captured_workload.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/choice.hpp"
#include "common/files.hpp"
#include "common/units.hpp"
#include "common/with_option.hpp"

namespace papbench {
namespace {

// Defined with the algorithm options at the end of this file.
std::string shorthand_help(const AlgOptionSpec& spec);
std::map<std::string, std::string> parse_alg_options(const RawRunOptions& raw, const RunOptions& o);

}  // namespace

std::vector<OptionRow> run_option_rows(RawRunOptions& raw) {
  // --help lists the options under their specs' groups, the sections in the order the table first
  // names them: some fifty options read better by topic than as one list.
  std::vector<OptionRow> rows;
  for (const RunOptionSpec& spec : run_option_specs()) rows.push_back(run_option_row(spec, raw));
  for (const AlgOptionSpec* spec : option_shorthands()) {
    const std::string flag(spec->flag);
    rows.push_back({.name = flag,
                    .target = OptionCallback{[&raw, flag](const std::string& value) {
                      raw.alg_options[flag] = value;
                    }},
                    .help = shorthand_help(*spec),
                    .group = std::string(kAlgorithmOptionsGroup)});
  }
  return rows;
}

void add_run_options(CLI::App& app, RawRunOptions& raw) {
  add_option_rows(app, run_option_rows(raw));
}

RunOptions parse_run_options(const RawRunOptions& typed) {
  RunOptions o;
  // A replayed capture brings its call site's workload (docs/CAPTURE.md).
  const RawRunOptions raw = with_captured_workload(typed);
  for (const RunOptionSpec& spec : run_option_specs()) spec.parse(spec, raw, o);
  // The shorthands are the algorithms' (their registry rows); they need the algorithms parsed.
  o.alg_options = parse_alg_options(raw, o);
  return o;
}

std::string_view start_sync_name(StartSync sync) {
  return sync == StartSync::kWindow ? "window" : "barrier";
}

std::string_view buffer_mode_name(BufferMode mode) {
  return mode == BufferMode::kCold ? "cold" : "warm";
}

std::string default_output_path() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  std::string base = fmt::format("papbench-{}", stamp);
  std::string path = base + ".h5";
  for (int i = 2; std::filesystem::exists(path); ++i) path = fmt::format("{}-{}.h5", base, i);
  return path;
}

void check_output_path(RunOptions& opts) {
  if (opts.out.empty()) opts.out = default_output_path();
  check_output_file("--out", opts.out, opts.force);
  if (!opts.force && std::filesystem::exists(opts.out)) {
    throw UsageError(fmt::format(
        "--out: '{}' exists; papbench never overwrites results (add --force to replace it)",
        opts.out));
  }
}

clocksync::Estimator parse_estimator(std::string_view option, std::string_view text) {
  return parse_choice<clocksync::Estimator>(
      option, text,
      {{"min-rtt", clocksync::Estimator::kMinRtt}, {"median", clocksync::Estimator::kMedian}});
}

CounterDomain parse_counter_domain(std::string_view option, std::string_view text) {
  return parse_choice<CounterDomain>(option, text,
                                     {{"user", CounterDomain::kUser},
                                      {"kernel", CounterDomain::kKernel},
                                      {"all", CounterDomain::kAll}});
}

std::int64_t parse_duration_option(std::string_view option, std::string_view text) {
  return with_option(option, [&] { return parse_duration_ns(text); });
}

double check_drift_ppm(std::string_view option, double ppm) {
  if (!(ppm >= 0 && ppm <= 10000)) {  // NaN fails both
    throw UsageError(fmt::format("{}: {} is not between 0 and 10000 ppm", option, ppm));
  }
  return ppm;
}

// --- algorithm options ----------------------------------------------------------------------

namespace {

// Algorithms of the registry that declare an option with this shorthand flag.
std::vector<const AlgorithmInfo*> takers_of(std::string_view flag) {
  std::vector<const AlgorithmInfo*> out;
  for (const AlgorithmInfo& a : algorithm_registry()) {
    if (std::any_of(a.options.begin(), a.options.end(),
                    [&](const AlgOptionSpec& o) { return o.flag == flag; })) {
      out.push_back(&a);
    }
  }
  return out;
}

std::string full_names(const std::vector<const AlgorithmInfo*>& algs) {
  std::vector<std::string> names;
  for (const AlgorithmInfo* a : algs) names.push_back(a->full_name());
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string shorthand_help(const AlgOptionSpec& spec) {
  return fmt::format(
      "{}: {}{} (same as --alg NAME:{}=VALUE)", full_names(takers_of(spec.flag)), spec.help,
      spec.default_value.empty() ? "" : fmt::format("; default {}", spec.default_value), spec.name);
}

// One `key=value` of an --alg item into `variant` (UsageError naming the item).
void add_variant_option(AlgVariant& variant, std::string_view item, std::string_view text,
                        std::string_view option) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size()) {
    throw UsageError(
        fmt::format("{}: '{}': expected NAME:key=value (e.g. radixk:radix=8)", option, item));
  }
  const std::string key(text.substr(0, eq));
  if (!variant.options.emplace(key, std::string(text.substr(eq + 1))).second) {
    throw UsageError(fmt::format("{}: '{}': option '{}' is given twice for {}", option, item, key,
                                 variant.name));
  }
}

// --alg items: NAME, NAME:key=value, and a bare key=value continuing the item before it, so that
// `clairvoyant:segments=64,round-time=20us` is one variant with two options.
std::vector<AlgVariant> split_alg_list(std::string_view text, std::string_view option) {
  std::vector<AlgVariant> out;
  for (const std::string& item : with_option(option, [&] { return split_list(text); })) {
    const auto colon = item.find(':');
    if (colon == std::string::npos && item.find('=') != std::string::npos) {
      if (out.empty()) {
        throw UsageError(
            fmt::format("{}: '{}' names no algorithm; write NAME:{}", option, item, item));
      }
      add_variant_option(out.back(), item, item, option);
      continue;
    }
    out.push_back(AlgVariant{item.substr(0, colon), {}});
    if (colon != std::string::npos) {
      add_variant_option(out.back(), item, std::string_view(item).substr(colon + 1), option);
    }
  }
  return out;
}

}  // namespace

std::string variant_text(const AlgVariant& v) {
  std::vector<std::string> items;
  for (const auto& [key, value] : v.options) items.push_back(fmt::format("{}={}", key, value));
  return items.empty() ? v.name : fmt::format("{}:{}", v.name, fmt::join(items, ","));
}

bool takes_options(const AlgorithmInfo& alg, const AlgOptions& given) {
  return std::all_of(given.begin(), given.end(),
                     [&](const auto& option) { return alg.find_option(option.first) != nullptr; });
}

std::vector<AlgVariant> parse_alg_list(std::string_view text,
                                       const std::vector<std::string>& collectives,
                                       std::string_view option) {
  std::vector<AlgVariant> variants = split_alg_list(text, option);
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const AlgVariant& v = variants[i];
    if (std::find(variants.begin(), variants.begin() + static_cast<std::ptrdiff_t>(i), v) !=
        variants.begin() + static_cast<std::ptrdiff_t>(i)) {
      throw UsageError(fmt::format("{}: '{}' is listed twice", option, variant_text(v)));
    }
    bool known_somewhere = false;
    const AlgorithmInfo* first_row = nullptr;
    bool taken = false;
    const auto resolve = [&](const AlgorithmInfo& info) {
      try {
        resolve_options(info, v.options);  // throws for an option the row does not declare
      } catch (const UsageError& e) {
        // The registry names --alg; the app kernels' lists are other options of the same syntax.
        const std::string_view message = e.what();
        if (option == "--alg" || !message.starts_with("--alg")) throw;
        throw UsageError(fmt::format("{}{}", option, message.substr(5)));
      }
    };
    for (const auto& c : collectives) {
      const AlgorithmInfo* info = find_algorithm(c, v.name);
      if (info == nullptr) continue;
      known_somewhere = true;
      if (first_row == nullptr) first_row = info;
      // A row that lacks one of the variant's options leaves the variant to the listed
      // collectives whose rows declare them (expand_collective): `--collective
      // iallreduce,allreduce --alg native,native:overlap-compute=2ms` gives allreduce one case.
      if (!takes_options(*info, v.options)) continue;
      resolve(*info);  // a declared option's value is checked by every row that takes it
      taken = true;
    }
    // No listed row takes the options: the first row's refusal names what it accepts.
    if (known_somewhere && !taken) resolve(*first_row);
    if (!known_somewhere) {
      std::vector<std::string> accepted;
      for (const auto& c : collectives) {
        accepted.push_back(fmt::format("{}: {}", c, fmt::join(algorithms_of(c), ", ")));
      }
      throw UsageError(fmt::format("{}: '{}' is not an algorithm of {}; accepted: {}", option,
                                   v.name, fmt::join(collectives, ","), fmt::join(accepted, "; ")));
    }
  }
  return variants;
}

namespace {

// The shorthand flags given, in canonical form; each must reach an algorithm of the run.
std::map<std::string, std::string> parse_alg_options(const RawRunOptions& raw,
                                                     const RunOptions& o) {
  std::map<std::string, std::string> out;
  const std::vector<const AlgOptionSpec*> shorthands = option_shorthands();
  for (const auto& [flag, text] : raw.alg_options) {
    const auto spec = std::find_if(shorthands.begin(), shorthands.end(),
                                   [&](const AlgOptionSpec* s) { return s->flag == flag; });
    if (spec == shorthands.end())
      throw UsageError(fmt::format("{}: not an algorithm option", flag));
    out[flag] = with_option(flag, [&] { return canonical_value(**spec, text); });
    const std::vector<const AlgorithmInfo*> takers = takers_of(flag);
    const bool taken = std::any_of(takers.begin(), takers.end(), [&](const AlgorithmInfo* a) {
      return std::find(o.collectives.begin(), o.collectives.end(), a->collective) !=
                 o.collectives.end() &&
             std::any_of(o.algorithms.begin(), o.algorithms.end(),
                         [&](const AlgVariant& v) { return v.name == a->name; });
    });
    if (!taken) {
      throw UsageError(fmt::format("{}: only {} {} it; add it to --alg", flag, full_names(takers),
                                   takers.size() == 1 ? "takes" : "take"));
    }
    if (!(*spec)->excludes.empty()) {
      for (const auto& [other, ignored] : raw.alg_options) {
        const auto o2 = std::find_if(shorthands.begin(), shorthands.end(),
                                     [&](const AlgOptionSpec* s) { return s->flag == other; });
        if (o2 != shorthands.end() && (*o2)->name == (*spec)->excludes) {
          throw UsageError(fmt::format("{}: give either {} or {}, not both", flag, flag, other));
        }
      }
    }
  }
  return out;
}

}  // namespace

AlgOptions variant_options(const RunOptions& opts, const AlgorithmInfo& alg,
                           const AlgVariant& variant) {
  AlgOptions out = variant.options;
  for (const AlgOptionSpec& spec : alg.options) {
    if (spec.flag.empty()) continue;
    if (const auto it = opts.alg_options.find(std::string(spec.flag));
        it != opts.alg_options.end()) {
      out.try_emplace(std::string(spec.name), it->second);
    }
  }
  // A variant naming one of two exclusive options overrides a shorthand naming the other.
  for (const AlgOptionSpec& spec : alg.options) {
    if (!spec.excludes.empty() && variant.options.contains(std::string(spec.name))) {
      if (!variant.options.contains(std::string(spec.excludes)))
        out.erase(std::string(spec.excludes));
    }
  }
  return out;
}

}  // namespace papbench
