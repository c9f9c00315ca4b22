#pragma once
// The value of an option that is auto, off or a given value, from the command line to the result
// file: --arrival-tolerance auto|off|DURATION, --call-timeout auto|0|DURATION, --reps-until-ci
// off|FRACTION, --warmup-settle off|EPS[:MAX]. Each layer asks is_auto() / is_off() / value()
// instead of knowing a sentinel number of its own (-2 for auto in the run options, -1 for off in
// the results, 0 for off elsewhere); only a file format keeps its encoding, at its reader and
// writer (results/arrival_error.hpp).

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "common/errors.hpp"

namespace papbench {

template <class T>
class Setting {
 public:
  static constexpr Setting automatic() { return Setting(Mode::kAuto, T{}); }
  static constexpr Setting off() { return Setting(Mode::kOff, T{}); }
  static constexpr Setting of(T value) { return Setting(Mode::kValue, std::move(value)); }

  constexpr bool is_auto() const { return mode_ == Mode::kAuto; }
  constexpr bool is_off() const { return mode_ == Mode::kOff; }
  // The given (or resolved) value; nullopt when auto or off.
  constexpr std::optional<T> value() const {
    return mode_ == Mode::kValue ? std::optional<T>(value_) : std::nullopt;
  }
  // Auto as `automatic()` works it out for one case; off and a value as they are.
  template <class F>
  constexpr Setting resolved(F automatic) const {
    return is_auto() ? of(automatic()) : *this;
  }

  constexpr bool operator==(const Setting&) const = default;

 private:
  enum class Mode { kAuto, kOff, kValue };
  constexpr Setting(Mode mode, T value) : mode_(mode), value_(std::move(value)) {}
  Mode mode_;
  T value_;
};

// The words an option takes for auto and off; "" for a state it does not offer (--reps-until-ci
// has no auto; --call-timeout's off is "0").
struct SettingWords {
  std::string_view auto_word = {};
  std::string_view off_word = {};
};

// `text` as a setting of `option`: one of `words`, else what `parse_value` reads (it throws
// UsageError for what it cannot read, or returns nullopt for a value out of range). Anything else
// is refused, naming the option and `accepted` (what the option accepts, in words).
template <class T, class Parse>
Setting<T> parse_setting(std::string_view option, std::string_view text, SettingWords words,
                         std::string_view accepted, Parse parse_value) {
  if (!words.auto_word.empty() && text == words.auto_word) return Setting<T>::automatic();
  if (!words.off_word.empty() && text == words.off_word) return Setting<T>::off();
  std::optional<T> value;
  try {
    value = parse_value(text);
  } catch (const UsageError&) {
    value.reset();
  }
  if (!value) {
    throw UsageError(fmt::format("{}: '{}' is not accepted; accepted: {}", option, text, accepted));
  }
  return Setting<T>::of(std::move(*value));
}

}  // namespace papbench
