#include "common/option_table.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>

namespace papbench {
namespace {

// CLI::Range prints its bounds with six decimals ("0.000000 to 1.000000"), which misleads for a
// bound that is open; say what is meant.
CLI::Validator probability_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double v = 0;
        const bool parsed = CLI::detail::lexical_cast(text, v);
        if (parsed && v > 0 && v < 1) return {};
        return fmt::format("{} is not a probability strictly between 0 and 1 (e.g. 0.05)", text);
      },
      "(0,1)");
}

// CLI11's range and sign validators let NaN through (every comparison with it is false), and inf
// is no setting either: a row checks it first on every real-valued option they guard.
CLI::Validator finite_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double v = 0;
        if (CLI::detail::lexical_cast(text, v) && std::isfinite(v)) return {};
        return fmt::format("{} is not a finite number", text);
      },
      "FINITE");
}

// The bounds in the target's own type, so that --help and the refusal print them as CLI11 prints
// that type's ("[100 - 1000000]" for an int).
template <class T>
struct Unwrapped {
  using type = T;
};
template <class T>
struct Unwrapped<std::optional<T>> {
  using type = T;
};

template <class T>
CLI::Validator range_in(const OptionCheck& check) {
  using Value = typename Unwrapped<T>::type;
  if constexpr (std::is_arithmetic_v<Value> && !std::is_same_v<Value, bool>) {
    return CLI::Range(static_cast<Value>(check.min), static_cast<Value>(check.max));
  } else {
    return CLI::Range(check.min, check.max);
  }
}

template <class T>
CLI::Validator validator(const OptionCheck& check) {
  switch (check.kind) {
    case OptionCheck::Kind::kFinite:
      return finite_number();
    case OptionCheck::Kind::kProbability:
      return probability_check();
    case OptionCheck::Kind::kPositive:
      return CLI::PositiveNumber;
    case OptionCheck::Kind::kNonNegative:
      return CLI::NonNegativeNumber;
    case OptionCheck::Kind::kRange:
      return range_in<T>(check);
  }
  throw std::logic_error("OptionCheck: unknown kind");
}

// The row's option, bare: a flag, a callback or a typed option.
template <class T>
CLI::Option* declare(CLI::App& app, const OptionRow& row, T* target) {
  if constexpr (std::is_same_v<T, bool>) {
    return app.add_flag(row.name, *target, row.help);
  } else {
    return app.add_option(row.name, *target, row.help);
  }
}

CLI::Option* declare_callback(CLI::App& app, const OptionRow& row, const OptionCallback& callback) {
  const std::string option = CLI::detail::split_names(row.name).front();
  return app.add_option_function<std::string>(
      row.name,
      [read = callback.read, option](const std::string& text) {
        try {
          read(text);
        } catch (const OptionValueError& e) {
          throw CLI::ValidationError(option, e.what);
        }
      },
      row.help);
}

}  // namespace

CLI::Option* add_option_row(CLI::App& app, const OptionRow& row) {
  CLI::Option* option = std::visit(
      [&](auto target) -> CLI::Option* {
        using Target = decltype(target);
        if constexpr (std::is_same_v<Target, OptionCallback>) {
          return declare_callback(app, row, target);
        } else {
          CLI::Option* o = declare(app, row, target);
          for (const OptionCheck& check : row.checks) {
            o->check(validator<std::remove_pointer_t<Target>>(check));
          }
          if (row.show_default) o->capture_default_str();
          return o;
        }
      },
      row.target);
  if (!row.accepted.empty()) option->check(CLI::IsMember(row.accepted));
  if (!row.default_text.empty()) option->default_str(row.default_text);
  if (!row.type_name.empty()) option->type_name(row.type_name);
  if (row.delimiter != '\0') option->delimiter(row.delimiter);
  if (row.required) option->required();
  if (row.one_value_each) option->allow_extra_args(false);
  if (!row.group.empty()) option->group(row.group);
  return option;
}

void add_option_rows(CLI::App& app, std::span<const OptionRow> rows) {
  for (const OptionRow& row : rows) add_option_row(app, row);
}

std::map<std::string, std::vector<std::string>> completion_words(std::span<const OptionRow> rows) {
  std::map<std::string, std::vector<std::string>> words;
  for (const OptionRow& row : rows) {
    if (row.completion.empty()) continue;
    for (const std::string& name : CLI::detail::split_names(row.name)) {
      words[name] = row.completion;
    }
  }
  return words;
}

}  // namespace papbench
