#pragma once
// The options an algorithm declares in its registry row (radixk's radix, clairvoyant's segments,
// ...). Everything the user sees of an option is derived from its declaration: the generic
// `--alg NAME:key=value` form, the shorthand flag (`--radix`) and its experiment-file key,
// `papbench list`, docs/ALGORITHMS.md, the checks with their messages, and the default. So each
// default exists once, here, and an algorithm's factory reads values that are already checked.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/algorithm.hpp"

namespace papbench {

enum class OptionType {
  kInteger,   // a whole number in [min, max]
  kBytes,     // a byte count in [min, max], with K/Ki/M/Mi suffixes; canonical form: decimal
  kDuration,  // a duration with a unit, at least min ns; canonical form: the shortest exact unit
  kChoice,    // one of `words`
};

// The values of an option that the installed MPI library supports, known only at run time.
struct SupportedValues {
  std::string via;  // where they come from (e.g. an MPI_T variable); "" when the library has none
  std::vector<std::string> values;  // for choice options; empty otherwise
};

struct AlgOptionSpec {
  std::string_view name = {};  // key of AlgOptions and of `--alg NAME:name=value`
  OptionType type = OptionType::kInteger;
  // Canonical default, or "" when the option has none: then it is absent unless given, and
  // `effective` (if set) says in params what the algorithm derives instead.
  std::string_view default_value = {};
  std::string_view help = {};  // one line: what the option does, for list, --help and docs
  std::int64_t min = 0;
  std::int64_t max = std::numeric_limits<std::int64_t>::max();
  // kChoice: the accepted words. Other types: words accepted besides a number (e.g. "auto").
  std::span<const std::string_view> words = {};
  // Command-line shorthand (e.g. "--radix") that sets this option for every listed algorithm
  // declaring it; its experiment-file key is the same name without the dashes. "" for none.
  std::string_view flag = {};
  std::string_view excludes = {};      // another option of the same algorithm that may not come too
  std::string_view needs_option = {};  // another option of the same algorithm that must come too
  // Values the tests try (besides the default), as MPICH's CVAR tests list theirs.
  std::span<const std::string_view> samples = {};
  // The value params record when neither given nor defaulted; nullptr: the option is omitted.
  std::string (*effective)(const AlgOptions& resolved, std::uint64_t count, std::size_t extent,
                           int ranks) = nullptr;
  // What this MPI library supports of an option that only some libraries have: `via` names the
  // library's variable ("" when it has none, so the option is refused here), `values` the subset
  // of `words` it offers (e.g. the algorithm names a `force` option can force). For `papbench
  // list` and the tests; nullptr: the option and every accepted value work everywhere.
  SupportedValues (*supported)() = nullptr;
};

// What the option accepts, for messages and docs: "an integer >= 2", "auto or a byte count >= 1
// (e.g. 4Ki)", "one of: cancel, deferred".
std::string accepted_values(const AlgOptionSpec& spec);

// The canonical form of `text`, which params record and factories read back; UsageError
// "'TEXT' is not accepted; accepted: ..." otherwise (the caller adds whose option it is).
std::string canonical_value(const AlgOptionSpec& spec, std::string_view text);

// Readers for a factory, on options the registry has resolved (checked, canonical, defaulted).
// A missing key is a programming error (std::logic_error), never a user's.
std::int64_t option_integer(const AlgOptions& resolved, std::string_view key);
std::string_view option_text(const AlgOptions& resolved, std::string_view key);
// std::nullopt when the option is absent or holds one of the words (e.g. "auto").
std::optional<std::int64_t> option_number(const AlgOptions& resolved, std::string_view key);

}  // namespace papbench
