#include "common/cli_docs.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <span>
#include <utility>

namespace papbench {
namespace {

// ---- the parser's tables ----------------------------------------------------------------------

// CLI11's hidden options and subcommands are those of group "" (--help leaves them out).
std::vector<const CLI::Option*> visible_options(const CLI::App& app, bool positional) {
  return app.get_options([positional](const CLI::Option* o) {
    return !o->get_group().empty() && o->get_positional() == positional;
  });
}

std::vector<const CLI::App*> visible_subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); });
}

// A flag takes no value on the command line.
bool takes_value(const CLI::Option& o) {
  return o.get_type_size() != 0;
}

// "-o", "--out" in --help's order: short names first.
std::vector<std::string> dashed_names(const CLI::Option& o) {
  std::vector<std::string> names;
  for (const std::string& s : o.get_snames()) names.push_back("-" + s);
  for (const std::string& l : o.get_lnames()) names.push_back("--" + l);
  return names;
}

// The --help groups of the visible options, in the order they first appear.
std::vector<std::string> option_groups(std::span<const CLI::Option* const> options) {
  std::vector<std::string> groups;
  for (const CLI::Option* o : options) {
    if (std::find(groups.begin(), groups.end(), o->get_group()) == groups.end()) {
      groups.push_back(o->get_group());
    }
  }
  return groups;
}

// fn(sub, path) for every visible subcommand below `app`, depth first in --help order; `path` is
// the words typed after the program's name ("model bcast").
template <class Fn>
void for_each_subcommand(const CLI::App& app, const std::string& path, const Fn& fn) {
  for (const CLI::App* sub : visible_subcommands(app)) {
    const std::string sub_path = path.empty() ? sub->get_name() : path + " " + sub->get_name();
    fn(*sub, sub_path);
    for_each_subcommand(*sub, sub_path, fn);
  }
}

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// ---- roff ---------------------------------------------------------------------------------------

// A macro argument: escaped, in double quotes, a double quote inside as \(dq.
std::string roff_arg(std::string_view text) {
  std::string out = "\"";
  for (const char c : roff_escape(text)) out += c == '"' ? std::string("\\(dq") : std::string(1, c);
  return out + "\"";
}

std::string bold(std::string_view text) {
  return "\\fB" + roff_escape(text) + "\\fR";
}
std::string italic(std::string_view text) {
  return "\\fI" + roff_escape(text) + "\\fR";
}

// Filled text: man joins and wraps the lines.
std::string paragraph(std::string_view text) {
  std::string out;
  for (const std::string& line : split_lines(text)) out += roff_escape(line) + "\n";
  return out.empty() ? std::string() : ".PP\n" + out;
}

// Text laid out by hand (a footer's indented example lines): kept line for line.
std::string preformatted(std::string_view text) {
  std::string out;
  for (const std::string& line : split_lines(text)) out += roff_escape(line) + "\n";
  return out.empty() ? std::string() : ".PP\n.nf\n" + out + ".fi\n";
}

// The option's tag line as --help shows it: names, value type, default, "..." for a list.
std::string option_tag(const CLI::Option& o) {
  std::vector<std::string> names;
  for (const std::string& n : dashed_names(o)) names.push_back(bold(n));
  std::string tag = fmt::format("{}", fmt::join(names, ", "));
  if (!takes_value(o)) return tag;
  if (!o.get_type_name().empty()) tag += " " + italic(o.get_type_name());
  if (o.get_expected_max() == CLI::detail::expected_max_vector_size) tag += " ...";
  if (!o.get_default_str().empty()) tag += " [default: " + roff_escape(o.get_default_str()) + "]";
  if (o.get_required()) tag += " (required)";
  return tag;
}

std::string positional_tag(const CLI::Option& o) {
  std::string tag = italic(o.get_name(true));
  if (o.get_expected_max() > 1) tag += " ...";
  if (o.get_required()) tag += " (required)";
  return tag;
}

std::string tagged(const std::string& tag, std::string_view description) {
  std::string out = ".TP\n" + tag + "\n";
  for (const std::string& line : split_lines(description)) out += roff_escape(line) + "\n";
  return out;
}

// The options of one command, under a heading per --help group: `.SS` in OPTIONS, an italic
// line inside a subcommand's own `.SS`.
std::string options_text(const CLI::App& app, bool top_level) {
  const auto heading = [top_level](std::string_view group) {
    return top_level ? ".SS " + roff_arg(group) + "\n" : ".PP\n" + italic(group) + "\n";
  };
  std::string out;
  if (const auto positionals = visible_options(app, true); !positionals.empty()) {
    out += heading("Arguments");
    for (const CLI::Option* o : positionals) {
      out += tagged(positional_tag(*o), o->get_description());
    }
  }
  auto options = visible_options(app, false);
  if (!top_level) {
    // As --help of a subcommand: its --help is said once, at the top.
    std::erase_if(options, [&app](const CLI::Option* o) {
      return o == app.get_help_ptr() || o == app.get_help_all_ptr();
    });
  }
  for (const std::string& group : option_groups(options)) {
    out += heading(group);
    for (const CLI::Option* o : options) {
      if (o->get_group() == group) out += tagged(option_tag(*o), o->get_description());
    }
  }
  return out;
}

// One SYNOPSIS line: the command, [OPTIONS], its positionals and COMMAND when it has any.
std::string synopsis_line(const CLI::App& app, const std::string& command) {
  std::string out = ".B " + roff_escape(command) + "\n";
  if (!visible_options(app, false).empty()) out += "[\\fIOPTIONS\\fR]\n";
  for (const CLI::Option* o : visible_options(app, true)) {
    std::string word = italic(o->get_name(true)) + (o->get_expected_max() > 1 ? " ..." : "");
    out += (o->get_required() ? word : "[" + word + "]") + "\n";
  }
  if (!visible_subcommands(app).empty()) {
    out += app.get_require_subcommand_min() > 0 ? "\\fICOMMAND\\fR\n" : "[\\fICOMMAND\\fR]\n";
  }
  return out;
}

// The NAME line is "name \- what" (whatis and apropos read it); a description that begins with
// the program's name ("papbench: ...") would say it twice.
std::string name_summary(const CLI::App& app, const std::string& name) {
  std::string text = split_lines(app.get_description()).empty()
                         ? std::string()
                         : split_lines(app.get_description()).front();
  if (text.rfind(name + ":", 0) == 0) text = text.substr(name.size() + 1);
  const std::size_t first = text.find_first_not_of(' ');
  return first == std::string::npos ? std::string() : text.substr(first);
}

// The root's footer is its examples; a first line "Examples:" would repeat the section title.
std::string examples_text(const CLI::App& app) {
  std::vector<std::string> lines = split_lines(app.get_footer());
  if (!lines.empty()) {
    std::string first = lines.front();
    std::transform(first.begin(), first.end(), first.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (first == "examples:") lines.erase(lines.begin());
  }
  return lines.empty() ? std::string() : preformatted(fmt::format("{}", fmt::join(lines, "\n")));
}

// "papbench-report(1)" as a cross reference (name bold, section roman); other text as it is.
std::string see_also_entry(const std::string& entry) {
  const std::size_t paren = entry.find('(');
  if (paren == std::string::npos || entry.back() != ')') return roff_escape(entry);
  return ".BR " + roff_escape(entry.substr(0, paren)) + " " + roff_escape(entry.substr(paren));
}

std::string commands_text(const CLI::App& app, const std::string& name) {
  std::string out;
  for_each_subcommand(app, "", [&](const CLI::App& sub, const std::string& path) {
    out += ".SS " + roff_arg(name + " " + path) + "\n";
    out += paragraph(sub.get_description());
    out += options_text(sub, false);
    if (const auto subs = visible_subcommands(sub); !subs.empty()) {
      std::vector<std::string> names;
      for (const CLI::App* s : subs) names.push_back(s->get_name());
      out += ".PP\n" + italic("Commands") + ": " +
             roff_escape(fmt::format("{}", fmt::join(names, ", "))) + "\n";
    }
    out += preformatted(sub.get_footer());
  });
  return out.empty() ? out : ".SH COMMANDS\n" + out;
}

// ---- bash
// ----------------------------------------------------------------------------------------

std::string sh_quote(std::string_view text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string sh_words(std::span<const std::string> words) {
  return sh_quote(fmt::format("{}", fmt::join(words, " ")));
}

// What a value of an option or positional completes to.
struct ValueSource {
  enum class Kind { kNone, kWords, kFiles, kAlgorithms };
  Kind kind = Kind::kNone;
  std::vector<std::string> words;
};

// CLI11 shows a check's description after the type ("TEXT:{table,csv}", "TEXT:FILE"): an
// IsMember set, or an existing file or folder. Reading it keeps the completion equal to what the
// parser accepts without a second list.
std::optional<ValueSource> from_type_name(const std::string& type_name) {
  for (const std::string& part : CLI::detail::split(type_name, ':')) {
    if (part == "FILE" || part == "PATH" || part == "DIR") {
      return ValueSource{ValueSource::Kind::kFiles, {}};
    }
    if (part.size() > 2 && part.front() == '{' && part.back() == '}' &&
        part.find("->") == std::string::npos) {
      return ValueSource{ValueSource::Kind::kWords,
                         CLI::detail::split(part.substr(1, part.size() - 2), ',')};
    }
  }
  return std::nullopt;
}

std::optional<ValueSource> from_info(const std::string& key, const CompletionInfo& info) {
  if (const auto it = info.values.find(key); it != info.values.end()) {
    return ValueSource{it->second.empty() ? ValueSource::Kind::kNone : ValueSource::Kind::kWords,
                       it->second};
  }
  if (info.file_options.count(key) != 0) return ValueSource{ValueSource::Kind::kFiles, {}};
  return std::nullopt;
}

// The keys of `o` in `path`, most specific first: "plot --format", then "--format".
std::vector<std::string> value_keys(const CLI::Option& o, const std::string& path) {
  std::vector<std::string> names =
      o.get_positional() ? std::vector{o.get_name(true)} : dashed_names(o);
  std::vector<std::string> keys;
  if (!path.empty()) {
    for (const std::string& n : names) keys.push_back(path + " " + n);
  }
  keys.insert(keys.end(), names.begin(), names.end());
  return keys;
}

ValueSource value_source(const CLI::Option& o, const std::string& path,
                         const CompletionInfo& info) {
  const std::vector<std::string> keys = value_keys(o, path);
  for (const std::string& key : keys) {
    if (auto found = from_info(key, info)) return *found;
  }
  const bool is_alg = std::find(keys.begin(), keys.end(), info.alg_option) != keys.end();
  if (is_alg && !info.alg_by_collective.empty()) return {ValueSource::Kind::kAlgorithms, {}};
  return from_type_name(o.get_type_name()).value_or(ValueSource{});
}

// One `case` branch: the patterns (quoted) and what it does.
std::string branch(const std::vector<std::string>& patterns, std::string_view action) {
  std::vector<std::string> quoted;
  for (const std::string& p : patterns) quoted.push_back(sh_quote(p));
  return fmt::format("    {}) {} ;;\n", fmt::join(quoted, "|"), action);
}

// The return code of the generated _X_option: 0 words in REPLY, 2 files, 3 a value of unknown
// words; 1 (the default branch) is an option without a value.
std::string value_action(const ValueSource& v, const std::string& fn) {
  switch (v.kind) {
    case ValueSource::Kind::kWords:
      return "REPLY=" + sh_words(v.words) + "; return 0";
    case ValueSource::Kind::kFiles:
      return "return 2";
    case ValueSource::Kind::kAlgorithms:
      return fn + "_alg_values; return 0";
    case ValueSource::Kind::kNone:
      break;
  }
  return "return 3";
}

// Every command path: "" (the program) and each visible subcommand's.
std::vector<std::pair<std::string, const CLI::App*>> command_paths(const CLI::App& app) {
  std::vector<std::pair<std::string, const CLI::App*>> paths = {{"", &app}};
  for_each_subcommand(
      app, "", [&](const CLI::App& sub, const std::string& p) { paths.emplace_back(p, &sub); });
  return paths;
}

std::string subcommands_fn(const std::string& fn, const CLI::App& app) {
  std::string out = fn + "_subcommands() {  # PATH: REPLY = its subcommands\n  case $1 in\n";
  for (const auto& [path, cmd] : command_paths(app)) {
    std::vector<std::string> names;
    for (const CLI::App* s : visible_subcommands(*cmd)) names.push_back(s->get_name());
    if (!names.empty()) out += branch({{path}}, "REPLY=" + sh_words(names));
  }
  return out + "    *) REPLY='' ;;\n  esac\n}\n";
}

std::string options_fn(const std::string& fn, const CLI::App& app) {
  std::string out = fn + "_options() {  # PATH: REPLY = its options\n  case $1 in\n";
  for (const auto& [path, cmd] : command_paths(app)) {
    std::vector<std::string> names;
    for (const CLI::Option* o : visible_options(*cmd, false)) {
      for (const std::string& n : dashed_names(*o)) names.push_back(n);
    }
    if (!names.empty()) out += branch({{path}}, "REPLY=" + sh_words(names));
  }
  return out + "    *) REPLY='' ;;\n  esac\n}\n";
}

std::string option_fn(const std::string& fn, const CLI::App& app, const CompletionInfo& info) {
  std::string out = fn +
                    "_option() {  # PATH OPTION: 1 takes no value; else REPLY = its values (0),\n"
                    "  # files (2) or unknown (3)\n  case \"$1|$2\" in\n";
  for (const auto& [path, cmd] : command_paths(app)) {
    for (const CLI::Option* o : visible_options(*cmd, false)) {
      if (!takes_value(*o)) continue;
      std::vector<std::string> patterns;
      for (const std::string& n : dashed_names(*o)) patterns.push_back(path + "|" + n);
      out += branch(patterns, value_action(value_source(*o, path, info), fn));
    }
  }
  return out + "  esac\n  return 1\n}\n";
}

// A positional's index among the words that are neither options, option values nor subcommand
// names; a list (files...) takes every index from its own on.
std::string positional_fn(const std::string& fn, const CLI::App& app, const CompletionInfo& info) {
  std::string out =
      fn + "_positional() {  # PATH INDEX: as " + fn + "_option\n  case \"$1|$2\" in\n";
  for (const auto& [path, cmd] : command_paths(app)) {
    const auto positionals = visible_options(*cmd, true);
    for (std::size_t i = 0; i < positionals.size(); ++i) {
      const CLI::Option& o = *positionals[i];
      const std::string action = value_action(value_source(o, path, info), fn);
      out += branch({{fmt::format("{}|{}", path, i)}}, action);
      if (o.get_expected_max() > 1) {
        out += fmt::format("    {}*) {} ;;\n", sh_quote(path + "|"), action);
        break;  // a list takes the rest
      }
    }
  }
  return out + "  esac\n  return 1\n}\n";
}

std::string algorithms_fn(const std::string& fn, const CompletionInfo& info) {
  std::vector<std::string> all;
  std::string out = fn + "_algs_of() {  # COLLECTIVE: REPLY += its algorithms\n  case $1 in\n";
  for (const auto& [collective, algs] : info.alg_by_collective) {
    out +=
        branch({{collective}}, "REPLY+=" + sh_quote(" " + fmt::format("{}", fmt::join(algs, " "))));
    for (const std::string& a : algs) {
      if (std::find(all.begin(), all.end(), a) == all.end()) all.push_back(a);
    }
  }
  out += "  esac\n}\n";
  // The collectives typed anywhere on the line (OPT VALUE, OPT=VALUE, or bash's split OPT = VALUE).
  out += fmt::format(
      R"({0}_alg_values() {{  # REPLY = the algorithms of the collectives typed, else of all
  local i j w typed=''
  for ((i = 1; i < ${{#COMP_WORDS[@]}}; i++)); do
    w=${{COMP_WORDS[i]}}
    case $w in
      {1}=?*) typed=${{w#*=}} ;;
      {1})
        j=$((i + 1))
        [[ ${{COMP_WORDS[j]-}} == '=' ]] && j=$((j + 1))
        ((j != COMP_CWORD)) && typed=${{COMP_WORDS[j]-}} ;;
    esac
  done
  REPLY=''
  local IFS=','
  for w in $typed; do {0}_algs_of "$w"; done
  [[ -n $REPLY ]] || REPLY={2}
}}
)",
      fn, sh_quote(info.collective_option), sh_words(all));
  return out;
}

// The completion function: walks the typed words to the subcommand being typed (skipping option
// values), then completes the value of the option before the cursor, an option, or a subcommand
// name or positional value.
std::string main_fn(const std::string& fn) {
  return fmt::format(
      R"({0}_reply() {{  # CODE PREFIX WORD: COMPREPLY from REPLY (CODE 0) or files (CODE 2)
  case $1 in
    0) mapfile -t COMPREPLY < <(compgen -P "$2" -W "$REPLY" -- "$3") ;;
    2) compopt -o filenames 2>/dev/null
       mapfile -t COMPREPLY < <(compgen -P "$2" -f -- "$3") ;;
    *) COMPREPLY=() ;;
  esac
}}

{0}() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=''
  ((COMP_CWORD > 0)) && prev=${{COMP_WORDS[COMP_CWORD - 1]}}
  local path='' index=0 skip=0 i w rc REPLY=''
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=${{COMP_WORDS[i]}}
    if ((skip)); then
      [[ $w == '=' ]] || skip=0  # bash splits --opt=value into --opt, = and value
      continue
    fi
    if [[ $w == -* ]]; then
      [[ $w != *=* ]] && {{ {0}_option "$path" "$w"; (($? != 1)); }} && skip=1
      continue
    fi
    {0}_subcommands "$path"
    if [[ " $REPLY " == *" $w "* ]]; then
      path=${{path:+$path }}$w
      index=0
    else
      index=$((index + 1))
    fi
  done

  local opt='' eq=''
  if [[ $cur == '=' ]]; then
    opt=$prev eq='=' cur=''
  elif [[ $prev == '=' ]] && ((COMP_CWORD > 1)); then
    opt=${{COMP_WORDS[COMP_CWORD - 2]}}
  elif [[ $prev == -* && $prev != *=* ]]; then
    opt=$prev
  fi
  if [[ -n $opt ]]; then
    {0}_option "$path" "$opt"
    rc=$?
    if ((rc != 1)); then
      # A comma list completes its last item.
      local before=''
      [[ $cur == *,* ]] && before=${{cur%,*}},
      {0}_reply "$rc" "$eq$before" "${{cur##*,}}"
      return 0
    fi
  fi

  if [[ $cur == -* ]]; then
    {0}_options "$path"
    {0}_reply 0 '' "$cur"
    return 0
  fi
  {0}_subcommands "$path"
  local words=$REPLY
  REPLY=''
  {0}_positional "$path" "$index"
  rc=$?
  if ((rc == 2)); then
    {0}_reply 2 '' "$cur"
    local files=("${{COMPREPLY[@]}}")
    REPLY=$words
    {0}_reply 0 '' "$cur"
    COMPREPLY+=("${{files[@]}}")
    return 0
  fi
  ((rc == 0)) && words+=" $REPLY"
  if [[ -z ${{words// /}} ]]; then
    {0}_options "$path"  # nothing else to offer here
    words=$REPLY
  fi
  REPLY=$words
  {0}_reply 0 '' "$cur"
}}
)",
      fn);
}

std::string function_name(std::string_view program) {
  std::string fn = "_";
  for (const char c : program) fn += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return fn;
}

}  // namespace

std::string roff_escape(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (const char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    line_start = c == '\n';
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
  }
  return out;
}

std::string man_page(const CLI::App& app, const ManPageInfo& info) {
  std::string upper = info.name;
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  std::string out = fmt::format(
      ".\\\" Generated by `{} --help-man` from its command-line parser; do not edit.\n"
      ".TH {} {} {} {} \"User Commands\"\n",
      info.name, roff_arg(upper), info.section, roff_arg(info.date), roff_arg(info.version));
  out += ".SH NAME\n" + roff_escape(info.name) + " \\- " +
         roff_escape(name_summary(app, info.name)) + "\n";
  out += ".SH SYNOPSIS\n" + synopsis_line(app, info.name);
  for_each_subcommand(app, "", [&](const CLI::App& sub, const std::string& path) {
    out += ".br\n" + synopsis_line(sub, info.name + " " + path);
  });
  out += ".SH DESCRIPTION\n" + paragraph(app.get_description());
  if (const std::string options = options_text(app, true); !options.empty()) {
    out += ".SH OPTIONS\n" + options;
  }
  out += commands_text(app, info.name);
  if (const std::string examples = examples_text(app); !examples.empty()) {
    out += ".SH EXAMPLES\n" + examples;
  }
  for (const ManSection& s : info.extra_sections) {
    out += ".SH " + roff_arg(s.title) + "\n";
    for (const std::string& p : s.paragraphs) out += paragraph(p);
  }
  if (!info.see_also.empty()) {
    out += ".SH \"SEE ALSO\"\n";
    for (std::size_t i = 0; i < info.see_also.size(); ++i) {
      out += see_also_entry(info.see_also[i]) + (i + 1 < info.see_also.size() ? " ,\n" : "\n");
    }
  }
  return out;
}

std::string man_page_date() {
  std::time_t when = 0;
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch != nullptr && *epoch != '\0') {
    when = static_cast<std::time_t>(std::strtoll(epoch, nullptr, 10));
  } else if (struct stat st{}; ::stat("/proc/self/exe", &st) == 0) {
    when = st.st_mtime;
  } else {
    return "";
  }
  std::tm tm{};
  gmtime_r(&when, &tm);
  return fmt::format("{:04}-{:02}-{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

std::string bash_completion(const CLI::App& app, const CompletionInfo& info) {
  const std::string fn = function_name(info.name);
  std::string out = fmt::format(
      "# bash completion for {0}: generated by `{0} --help-completion` from its command-line\n"
      "# parser; do not edit. Source it, or install it as completions/{0} of bash-completion.\n",
      info.name);
  out += subcommands_fn(fn, app) + options_fn(fn, app) + option_fn(fn, app, info) +
         positional_fn(fn, app, info) + algorithms_fn(fn, info) + main_fn(fn);
  return out + fmt::format("complete -F {} {}\n", fn, info.name);
}

void add_doc_flags(CLI::App& app, DocFlags flags) {
  const bool print = flags.print;
  app.add_flag_callback(
         "--help-man",
         [&app, man = std::move(flags.man), print] {
           if (print) fmt::print("{}", man_page(app, man()));
           throw CLI::Success();
         },
         "Print the man page (roff) and exit")
      ->group("");
  app.add_flag_callback(
         "--help-completion",
         [&app, completion = std::move(flags.completion), print] {
           if (print) fmt::print("{}", bash_completion(app, completion()));
           throw CLI::Success();
         },
         "Print the bash completion script and exit")
      ->group("");
}

}  // namespace papbench
