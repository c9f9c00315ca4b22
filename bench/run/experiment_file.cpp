#include "bench/run/experiment_file.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <variant>

#include "bench/run/run_option_spec.hpp"
#include "common/files.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

// platform and quick.nodes are for jobs/reproduce-simulated.sh (the SimGrid platform file under
// jobs/platforms/ and the node counts of --quick); papbench checks their form only.
constexpr std::array<std::string_view, 11> kMetaKeys = {
    "name",  "paper",           "target",   "reference",   "tables", "description",
    "nodes", "quick.processes", "platform", "quick.nodes", "ppn"};

// The shorthand algorithm options (--radix, --clv-segments, ...) are keys too, by their flag
// without "--"; the registry rows declare them, and they live in RawRunOptions::alg_options.
bool is_alg_option_key(std::string_view name) {
  const auto flags = option_shorthands();
  return std::any_of(flags.begin(), flags.end(),
                     [&](const AlgOptionSpec* spec) { return spec->flag.substr(2) == name; });
}

// The run keys are the run options that files may set (run_option_specs(): those without
// not_in_files), by their long name without "--".
const RunOptionSpec* find_run_key(std::string_view name) {
  const auto specs = run_option_specs();
  const auto it = std::find_if(specs.begin(), specs.end(), [&](const RunOptionSpec& s) {
    return !name.empty() && experiment_key(s) == name;
  });
  return it == specs.end() ? nullptr : &*it;
}

std::string accepted_keys() {
  std::vector<std::string_view> names(kMetaKeys.begin(), kMetaKeys.end());
  for (const RunOptionSpec& spec : run_option_specs()) {
    if (!experiment_key(spec).empty()) names.push_back(experiment_key(spec));
  }
  for (const AlgOptionSpec* spec : option_shorthands()) names.push_back(spec->flag.substr(2));
  return fmt::format("{}, app, app.<option>, and quick.<run key>", fmt::join(names, ", "));
}

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

// '#' starts a comment at the line start or after a blank, so values such as replay:run#2.h5
// keep their '#'.
std::string_view strip_comment(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
      return line.substr(0, i);
    }
  }
  return line;
}

template <typename T>
std::optional<T> parse_number(std::string_view text) {
  T v{};
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
  return v;
}

struct Entry {
  std::string value;
  int line = 0;
};

class Parser {
 public:
  Parser(const std::string& path) : path_(path) {}

  [[noreturn]] void fail(int line, std::string_view what) const {
    throw UsageError(fmt::format("{}:{}: {}", path_, line, what));
  }

  int positive_int(const Entry& e, std::string_view key) const {
    const auto v = parse_number<int>(e.value);
    if (!v || *v < 1) fail(e.line, fmt::format("{}: '{}' is not a positive integer", key, e.value));
    return *v;
  }

  // Stores `value` into the member of `spec`; numbers and flags are checked here, strings later
  // by parse_run_options (the command line's own rules).
  void set(RawRunOptions& raw, const RunOptionSpec& spec, const Entry& e) const {
    const std::string_view key = experiment_key(spec);
    std::visit(
        [&](auto member) {
          using T = std::remove_reference_t<decltype(raw.*member)>;
          if constexpr (std::is_same_v<T, std::string>) {
            raw.*member = e.value;
          } else if constexpr (std::is_same_v<T, bool>) {
            if (e.value == "true" || e.value == "yes" || e.value == "on" || e.value == "1") {
              raw.*member = true;
            } else if (e.value == "false" || e.value == "no" || e.value == "off" ||
                       e.value == "0") {
              raw.*member = false;
            } else {
              fail(e.line, fmt::format("{}: '{}' is not accepted; accepted: true, false, yes, "
                                       "no, on, off, 1, 0",
                                       key, e.value));
            }
          } else {
            const auto v = parse_number<T>(e.value);
            if (!v || *v < 0) {
              fail(e.line, fmt::format("{}: '{}' is not a non-negative integer", key, e.value));
            }
            raw.*member = *v;
          }
        },
        spec.member);
  }

 private:
  const std::string& path_;
};

// `app = fft` and its app.* keys (Experiment::app). True when the file names an application:
// then no run key may appear, and the app keys are all it runs with.
bool parse_app_keys(const Parser& parser, const std::map<std::string, Entry, std::less<>>& entries,
                    bool quick, Experiment& e) {
  const auto app = entries.find("app");
  if (app != entries.end()) {
    if (app->second.value != "fft") {
      parser.fail(app->second.line,
                  fmt::format("app: '{}' is not accepted; accepted: fft", app->second.value));
    }
    e.app = app->second.value;
  }
  // Plain app.* keys first, so that quick.app.* replaces them whatever the line order.
  for (const bool quick_pass : {false, true}) {
    for (const auto& [key, entry] : entries) {
      std::string_view k = key;
      const bool quick_key = k.starts_with("quick.");
      if (quick_key) k.remove_prefix(6);
      const bool app_key = k.starts_with("app.");
      if (!e.app.empty() && !app_key && (find_run_key(k) != nullptr || is_alg_option_key(k))) {
        parser.fail(entry.line, fmt::format("{}: run keys do not apply to app = {}; set its "
                                            "app.<option> keys",
                                            key, e.app));
      }
      if (!app_key) continue;
      if (e.app.empty()) parser.fail(entry.line, fmt::format("{}: needs 'app = fft'", key));
      if (quick_key != quick_pass || (quick_key && !quick)) continue;
      e.app_options[std::string(k.substr(4))] = {entry.value, entry.line};
    }
  }
  return !e.app.empty();
}

// `alg` without the algorithms no listed collective has in the registry, which go to `unknown`;
// the run's default algorithm when none is left. Items follow the --alg syntax: NAME,
// NAME:key=value, and bare key=value items continuing the algorithm before them.
std::string registered_algorithms(const RawRunOptions& raw, std::vector<std::string>& unknown) {
  std::vector<std::string> collectives, items, kept;
  try {
    collectives = split_list(raw.collective);
    items = split_list(raw.alg);
  } catch (const UsageError&) {
    return raw.alg;  // parse_run_options names the key and the problem
  }
  bool keep = true;
  for (const std::string& item : items) {
    const bool continues =
        item.find(':') == std::string::npos && item.find('=') != std::string::npos;
    if (!continues) {
      const std::string name = item.substr(0, item.find(':'));
      keep = std::any_of(collectives.begin(), collectives.end(),
                         [&](const std::string& c) { return find_algorithm(c, name) != nullptr; });
      if (!keep) unknown.push_back(name);
    }
    if (keep) kept.push_back(item);
  }
  return kept.empty() ? RawRunOptions{}.alg : fmt::format("{}", fmt::join(kept, ","));
}

}  // namespace

Experiment parse_experiment(std::string_view text, const std::string& path, bool quick) {
  // A UTF-8 byte-order mark (as some Windows editors write) is no part of the first key, and
  // invisible in the "unknown key" message it caused.
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const Parser parser(path);
  std::map<std::string, Entry, std::less<>> entries;
  int line_no = 0;
  std::istringstream in{std::string(text)};
  for (std::string raw_line; std::getline(in, raw_line);) {
    ++line_no;
    const std::string_view line = trim(strip_comment(raw_line));
    if (line.empty()) continue;
    const auto eq = line.find('=');
    if (eq == std::string_view::npos) {
      parser.fail(line_no, fmt::format("expected 'key = value', got '{}'", line));
    }
    const std::string key(trim(line.substr(0, eq)));
    const std::string value(trim(line.substr(eq + 1)));
    const std::string_view run_part =
        std::string_view(key).starts_with("quick.") ? std::string_view(key).substr(6) : key;
    const bool known = std::find(kMetaKeys.begin(), kMetaKeys.end(), key) != kMetaKeys.end() ||
                       find_run_key(run_part) != nullptr || is_alg_option_key(run_part) ||
                       key == "app" || run_part.starts_with("app.");
    if (!known) {
      parser.fail(line_no, fmt::format("unknown key '{}'; accepted: {}", key, accepted_keys()));
    }
    if (value.empty()) parser.fail(line_no, fmt::format("{}: empty value", key));
    if (const auto it = entries.find(key); it != entries.end()) {
      parser.fail(line_no, fmt::format("'{}' is already set on line {}", key, it->second.line));
    }
    entries.emplace(key, Entry{value, line_no});
  }

  Experiment e;
  e.path = path;
  const auto meta = [&](std::string_view key) -> const Entry* {
    const auto it = entries.find(key);
    return it == entries.end() ? nullptr : &it->second;
  };
  if (const Entry* n = meta("name")) {
    const bool ok = std::all_of(n->value.begin(), n->value.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
    if (!ok) {
      parser.fail(n->line, fmt::format("name: '{}' may only hold letters, digits, '-', '_' "
                                       "and '.' (it names output directories)",
                                       n->value));
    }
    e.name = n->value;
  } else {
    throw UsageError(fmt::format("{}: missing the required key 'name'", path));
  }
  if (const Entry* m = meta("paper")) e.paper = m->value;
  if (const Entry* m = meta("target")) e.target = m->value;
  if (const Entry* m = meta("reference")) e.reference = m->value;
  if (const Entry* m = meta("description")) e.description = m->value;
  if (const Entry* m = meta("tables")) e.tables = m->value;
  if (const Entry* m = meta("ppn")) e.ppn = parser.positive_int(*m, "ppn");
  if (const Entry* m = meta("quick.processes")) {
    e.quick_processes = parser.positive_int(*m, "quick.processes");
  }
  if (const Entry* m = meta("nodes")) {
    std::vector<std::string> items;
    try {
      items = split_list(m->value);
    } catch (const UsageError& err) {
      parser.fail(m->line, fmt::format("nodes: {}", err.what()));
    }
    for (const auto& item : items) e.nodes.push_back(parser.positive_int({item, m->line}, "nodes"));
  }
  if (const Entry* m = meta("quick.nodes")) {
    std::vector<std::string> items;
    try {
      items = split_list(m->value);
    } catch (const UsageError& err) {
      parser.fail(m->line, fmt::format("quick.nodes: {}", err.what()));
    }
    for (const auto& item : items) parser.positive_int({item, m->line}, "quick.nodes");
  }
  if (const Entry* m = meta("platform")) {
    if (!m->value.ends_with(".xml")) {
      parser.fail(m->line, fmt::format("platform: '{}' is not a SimGrid platform file name "
                                       "(jobs/platforms/NAME.xml)",
                                       m->value));
    }
  }

  if (parse_app_keys(parser, entries, quick, e)) return e;
  for (const RunOptionSpec& spec : run_option_specs()) {
    const std::string_view key = experiment_key(spec);
    if (const Entry* m = key.empty() ? nullptr : meta(key)) {
      parser.set(e.raw, spec, *m);
      e.run_key_lines[std::string(key)] = m->line;
    }
  }
  const auto set_alg_options = [&](std::string_view prefix) {
    for (const AlgOptionSpec* spec : option_shorthands()) {
      const std::string_view name = spec->flag.substr(2);
      if (const Entry* m = meta(fmt::format("{}{}", prefix, name))) {
        e.raw.alg_options[std::string(spec->flag)] = m->value;
        e.run_key_lines[std::string(name)] = m->line;
      }
    }
  };
  set_alg_options("");
  if (quick) set_alg_options("quick.");
  if (quick) {
    // Default laptop scaling, unless the file says otherwise with quick.iters/quick.warmup:
    // a tenth of the iterations keeps every case's median meaningful at a few seconds.
    e.raw.iters = std::max(3, e.raw.iters / 10);
    e.raw.warmup = std::min(e.raw.warmup, 1);
    for (const RunOptionSpec& spec : run_option_specs()) {
      const std::string_view key = experiment_key(spec);
      if (const Entry* m = key.empty() ? nullptr : meta(fmt::format("quick.{}", key))) {
        parser.set(e.raw, spec, *m);
        e.run_key_lines[std::string(key)] = m->line;
      }
    }
  }

  if (std::string_view count = e.raw.count; count.ends_with("/P")) {
    e.count_totals = trim(count.substr(0, count.size() - 2));
    e.raw.count = e.count_totals;  // checked below as a count list; divided at run time
  }

  RawRunOptions checked = e.raw;
  checked.alg = registered_algorithms(e.raw, e.unregistered_algorithms);
  try {
    parse_run_options(checked);
  } catch (const UsageError& err) {
    // The message starts with "--option:"; point at the line that set it.
    const std::string_view what = err.what();
    const auto colon = what.find(':');
    if (what.starts_with("--") && colon != std::string_view::npos) {
      const auto it = e.run_key_lines.find(what.substr(2, colon - 2));
      if (it != e.run_key_lines.end()) parser.fail(it->second, what);
    }
    throw UsageError(fmt::format("{}: {}", path, what));
  }
  return e;
}

Experiment load_experiment(const std::string& path, bool quick) {
  // Every rank reads the file, which a pipe cannot serve (opening a FIFO blocks until a writer
  // comes), and a device such as /dev/zero never ends. Checked before the open, which would block.
  require_regular_input("--experiment", path);
  std::ifstream in(path);
  if (!in) throw UsageError(fmt::format("--experiment: cannot read '{}'", path));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_experiment(text.str(), path, quick);
}

void add_experiment_options(CLI::App& app, ExperimentChoice& choice) {
  const OptionRow rows[] = {
      {.name = "--experiment",
       .target = &choice.path,
       .help = "Run the case matrix of an experiment file (jobs/experiments/*.exp, format in "
               "docs/REPRODUCING.md); options given here override the file's",
       .type_name = "FILE"},
      {.name = "--quick",
       .target = &choice.quick,
       .help = "With --experiment: the laptop-sized variant (iterations / 10, at least 3; warmup "
               "at most 1; the file's quick.* keys)"},
  };
  add_option_rows(app, rows);
}

void apply_experiment_options(const CLI::App& app, const ExperimentChoice& choice,
                              RawRunOptions& raw) {
  if (choice.path.empty()) {
    if (choice.quick) throw UsageError("--quick: needs --experiment FILE");
    return;
  }
  const Experiment e = load_experiment(choice.path, choice.quick);
  for (const RunOptionSpec& spec : run_option_specs()) {
    if (experiment_key(spec).empty() || app.get_option(std::string(spec.name))->count() > 0) {
      continue;
    }
    std::visit([&](auto member) { raw.*member = e.raw.*member; }, spec.member);
  }
  for (const AlgOptionSpec* spec : option_shorthands()) {
    const std::string option(spec->flag);
    if (app.get_option(option)->count() > 0) continue;
    if (const auto it = e.raw.alg_options.find(option); it != e.raw.alg_options.end()) {
      raw.alg_options[option] = it->second;
    }
  }
  if (!e.count_totals.empty() && app.get_option("--count")->count() == 0) {
    // MPI is not up yet (the thread level it needs depends on these options): the launcher's
    // announced size is the world's.
    raw.count = per_rank_counts(e.count_totals, launcher_size());
  }
  if (app.get_option("--pattern")->count() == 0 && raw.pattern.find("{P}") != std::string::npos) {
    raw.pattern = with_process_count(raw.pattern, launcher_size());
  }
}

std::string with_process_count(std::string_view text, int processes) {
  std::string out(text);
  const std::string p = std::to_string(processes);
  for (std::size_t at = out.find("{P}"); at != std::string::npos; at = out.find("{P}", at)) {
    out.replace(at, 3, p);
    at += p.size();
  }
  return out;
}

std::string per_rank_counts(std::string_view totals, int processes) {
  std::vector<std::uint64_t> blocks;
  for (const std::uint64_t total : parse_count_list(totals)) {
    blocks.push_back(total / static_cast<std::uint64_t>(std::max(processes, 1)));
  }
  return fmt::format("{}", fmt::join(blocks, ","));
}

}  // namespace papbench
