#pragma once
// One way to declare a program option, for both programs and all their subcommands: a row says
// the option's name, --help group, help, what it fills, what it accepts and its default, and
// add_option_rows turns rows into CLI11 options. papbench's run options (RunOptionSpec,
// bench/run/run_option_spec.hpp) become rows through run_option_row, every subcommand of
// papbench-report declares its options as rows (tools/report/report_main.cpp), and --help, the
// man page and the bash completion (common/cli_docs.hpp) read the parser built from them, so an
// option is declared once for all four. The algorithms' own options (AlgOptionSpec,
// collectives/core/alg_option.hpp) are per algorithm, not per program, and stay in the registry.
//
// Light on purpose (no CLI11: common/cli_fwd.hpp says why); option_table.cpp holds the CLI11
// calls.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "common/cli_fwd.hpp"

namespace papbench {

// An option whose text a function of its own reads (--seed, whose unsigned value CLI11 would wrap
// from "-1"; the algorithms' shorthand flags). It reports a bad value by throwing
// OptionValueError, which becomes CLI11's own validation error (exit 2, naming the option).
struct OptionCallback {
  std::function<void(const std::string&)> read = {};
};

// Thrown by an OptionCallback: `what` says what is wrong with the value and what is accepted.
struct OptionValueError {
  std::string what;
};

static_assert(std::is_same_v<std::size_t, std::uint64_t>,
              "OptionTarget names std::uint64_t for std::size_t too");

// What an option fills. CLI11 converts the text to the pointee's type (INT, UINT, FLOAT, TEXT),
// a bool is a flag, a vector takes several values (or a list, with OptionRow::delimiter).
using OptionTarget =
    std::variant<std::string*, bool*, int*, std::int64_t*, std::uint64_t*, double*,
                 std::optional<double>*, std::optional<std::int64_t>*, std::vector<std::string>*,
                 std::vector<int>*, std::vector<double>*, OptionCallback>;

// A check of a number beyond its type, as CLI11 words it (its messages are the ones users see).
struct OptionCheck {
  enum class Kind {
    kFinite,       // not NaN or inf, which pass every comparison below
    kProbability,  // strictly between 0 and 1
    kPositive,     // > 0
    kNonNegative,  // >= 0
    kRange,        // [min, max], in the target's type
  };
  Kind kind = Kind::kFinite;
  double min = 0;
  double max = 0;
};

struct OptionRow {
  std::string name = {};  // "--alpha", "--out,-o", or a positional's name ("files")
  OptionTarget target = {};
  std::string help = {};
  std::string group = {};  // the --help section; "" for CLI11's own ("Options")
  // The only words accepted (CLI::IsMember: a bad one is refused naming them); the completion
  // offers them.
  std::vector<std::string> accepted = {};
  std::vector<OptionCheck> checks = {};
  // --help shows "=DEFAULT": this text, or with show_default the target's starting value.
  std::string default_text = {};
  bool show_default = false;
  // CLI11's word for the value in --help ("" for the target type's: TEXT, INT, ...). FILE makes
  // the completion offer file names.
  std::string type_name = {};
  char delimiter = '\0';  // ',' splits one value into several (a vector target)
  bool required = false;
  // A vector target takes one value per occurrence (repeat the option), so that the words after
  // it are not taken as more of its values (capture's --substitute before the command).
  bool one_value_each = false;
  // Words the completion offers for an option the parser checks itself (a comma list of
  // registry names: --collective), so that the completion does not keep a second list.
  std::vector<std::string> completion = {};
};

// Adds every row to `app`, in order.
void add_option_rows(CLI::App& app, std::span<const OptionRow> rows);
// Adds one row; its option, for a caller that sets what a row does not say.
CLI::Option* add_option_row(CLI::App& app, const OptionRow& row);

// The rows' completion words by option name ("--collective" -> its words), for
// CompletionInfo::values (common/cli_docs.hpp).
std::map<std::string, std::vector<std::string>> completion_words(std::span<const OptionRow> rows);

}  // namespace papbench
