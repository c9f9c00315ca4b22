#include "bench/fft/fft_experiment.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>
#include <variant>

#include "common/seed_option.hpp"
#include "common/units.hpp"
#include "common/with_option.hpp"

namespace papbench {
namespace {

using Field = std::variant<std::string RawFftOptions::*, int RawFftOptions::*,
                           std::uint64_t RawFftOptions::*, bool RawFftOptions::*>;
struct AppKey {
  std::string_view name;  // == the `papbench app fft` long option without "--"
  Field field;
};
const std::array<AppKey, 8> kFftKeys = {{
    {"gather-alg", &RawFftOptions::gather_alg},
    {"n", &RawFftOptions::n},
    {"iters", &RawFftOptions::iters},
    {"reps", &RawFftOptions::reps},
    {"threads", &RawFftOptions::threads},
    {"root", &RawFftOptions::root},
    {"seed", &RawFftOptions::seed},
    {"validate", &RawFftOptions::validate},
}};

// The command-line options that still mean something for an application experiment.
constexpr std::array<std::string_view, 6> kAllowed = {"--experiment", "--quick", "--out",
                                                      "--force",      "--seed",  "--progress"};

template <typename T>
bool parse_number(std::string_view text, T& out) {
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && p == text.data() + text.size();
}

void set(RawFftOptions& raw, const AppKey& key, const Experiment::AppOption& opt,
         const std::string& path) {
  const auto fail = [&](std::string_view accepted) {
    throw UsageError(fmt::format("{}:{}: app.{}: '{}' is not accepted; accepted: {}", path,
                                 opt.line, key.name, opt.value, accepted));
  };
  std::visit(
      [&](auto member) {
        using T = std::remove_reference_t<decltype(raw.*member)>;
        if constexpr (std::is_same_v<T, std::string>) {
          raw.*member = opt.value;
        } else if constexpr (std::is_same_v<T, bool>) {
          if (opt.value != "true" && opt.value != "false") fail("true, false");
          raw.*member = opt.value == "true";
        } else if (!parse_number(opt.value, raw.*member)) {
          fail("an integer");
        }
      },
      key.field);
}

}  // namespace

std::optional<RawFftOptions> fft_from_experiment(const CLI::App& app,
                                                 const ExperimentChoice& choice,
                                                 const RawRunOptions& raw) {
  if (choice.path.empty()) return std::nullopt;
  const Experiment e = load_experiment(choice.path, choice.quick);
  if (e.app != "fft") return std::nullopt;
  RawFftOptions fft;
  for (const auto& [name, opt] : e.app_options) {
    const auto key = std::find_if(kFftKeys.begin(), kFftKeys.end(),
                                  [&](const AppKey& k) { return k.name == name; });
    if (key == kFftKeys.end()) {
      std::vector<std::string_view> names;
      for (const AppKey& k : kFftKeys) names.push_back(k.name);
      throw UsageError(fmt::format("{}:{}: unknown key 'app.{}'; accepted for app = fft: app.{}",
                                   choice.path, opt.line, name, fmt::join(names, ", app.")));
    }
    set(fft, *key, opt, choice.path);
  }
  for (const CLI::Option* o : app.get_options()) {
    if (o->count() == 0) continue;
    const std::string name = o->get_name();
    if (std::find(kAllowed.begin(), kAllowed.end(), name) == kAllowed.end()) {
      throw UsageError(fmt::format(
          "{}: does not apply to the app = fft experiment {}; accepted with it: {} (change its "
          "app.* keys instead)",
          name, choice.path, fmt::join(kAllowed, ", ")));
    }
  }
  fft.out = raw.out;
  fft.force = raw.force;
  if (app.get_option("--seed")->count() > 0)
    fft.seed = with_option("--seed", [&] { return parse_seed(raw.seed); });
  fft.quiet = raw.progress == "never";
  return fft;
}

}  // namespace papbench
