#pragma once
// Documentation of a CLI11 application read from the parser itself: its man page (roff, man(7))
// and a bash completion script. Both walk the same CLI::App that --help prints, so a new option,
// group or subcommand shows up in them without anyone editing a second list (issue 42, item 3).
// Hidden options and subcommands (CLI11 group "") are left out of both, as --help leaves them
// out.

#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace papbench {

struct ManSection {
  std::string title = {};                    // "ENVIRONMENT"
  std::vector<std::string> paragraphs = {};  // plain text, escaped when written
};

struct ManPageInfo {
  std::string name = {};  // "papbench": the root command (CLI11 names the app after argv[0])
  int section = 1;
  std::string version = {};  // the .TH footer: "papbench 0.1.0 (1a2b3c4d5e)"
  std::string date = {};     // "2026-11-27"; man_page_date() gives a reproducible one
  std::vector<ManSection> extra_sections = {};  // after EXAMPLES, before SEE ALSO
  std::vector<std::string> see_also = {};       // "papbench-report(1)"
};

// The page: NAME, SYNOPSIS, DESCRIPTION, OPTIONS by --help group, COMMANDS (one .SS per
// subcommand, nested ones with their full path), EXAMPLES (the root's footer), the extra
// sections and SEE ALSO.
std::string man_page(const CLI::App& app, const ManPageInfo& info);

// The date for ManPageInfo::date: SOURCE_DATE_EPOCH when set (reproducible builds), else the
// modification time of the running executable, so one binary always prints the same page.
std::string man_page_date();

// Keys of `values` and of `file_options`: a long option ("--collective", in every subcommand),
// "PATH --option" for one subcommand ("plot --format", "model bcast --stages"), or "PATH NAME"
// for a positional argument ("table name"). The more specific key wins, also when its list is
// empty (no completion there).
struct CompletionInfo {
  std::string name = {};  // "papbench": defines _papbench and `complete -F _papbench papbench`
  std::map<std::string, std::vector<std::string>> values = {};
  // The values of `alg_option` depend on those of `collective_option` typed on the same line:
  // the algorithms of the collectives given (a comma list: their union), of all without one.
  std::map<std::string, std::vector<std::string>> alg_by_collective = {};
  std::string alg_option = "--alg";
  std::string collective_option = "--collective";
  // Completed as file names (compgen -f), as is every option whose type is FILE, PATH or DIR.
  std::set<std::string> file_options = {};
};

// A bash script for `source` or bash-completion's completions/ folder: subcommand names
// (nested), the options of the subcommand being typed, and option values where they are known
// (`values`, the dependent algorithm lists, files, or the set of a CLI::IsMember check). A value
// after a comma completes the part after the last comma.
std::string bash_completion(const CLI::App& app, const CompletionInfo& info);

// The hidden flags --help-man and --help-completion: each prints its text to stdout (when
// `print`; a launcher starts every rank with the same argv and one of them should speak) and
// throws CLI::Success, so parse() ends there with exit code 0, before anything else runs. The
// infos are built only when asked for.
struct DocFlags {
  std::function<ManPageInfo()> man = {};
  std::function<CompletionInfo()> completion = {};
  bool print = true;
};
void add_doc_flags(CLI::App& app, DocFlags flags);

// Roff text: backslashes as \e, '-' as \- (option names stay ASCII in every renderer), and a
// line starting with '.' or '\'' guarded by \& so that it is not taken for a request.
std::string roff_escape(std::string_view text);

}  // namespace papbench
