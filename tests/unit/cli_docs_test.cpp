// The man page and bash completion are read from the parser (common/cli_docs.hpp): an option
// added to the parser appears in both, with its help and group, and nothing else changes.

#include "common/cli_docs.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace papbench {
namespace {

// The values a CLI::App writes into: they must outlive it.
struct DocsDemoArgs {
  std::string collective = "reduce", alg = "native", out, format = "text", stages, maxdelay;
  std::string secret, odd;
  std::vector<std::string> files;
  bool verbose = false;
};

// A small program with groups, a hidden option, a nested subcommand and a footer; `extra` adds
// --maxdelay in a group of its own, as a new option of papbench would be added.
std::unique_ptr<CLI::App> make_docs_demo(DocsDemoArgs& a, bool extra) {
  auto app = std::make_unique<CLI::App>("demo: measures things for the tests");
  app->footer("Examples:\n  demo --collective bcast\n  demo list");
  app->add_option("--collective", a.collective, "Collective(s), comma list")
      ->group("Case matrix")
      ->capture_default_str();
  app->add_option("--alg", a.alg, "Algorithm(s)")->group("Case matrix");
  app->add_option("--out,-o", a.out, "Result file")->group("Output");
  app->add_flag("--verbose", a.verbose, "Say more")->group("Output");
  app->add_option("--secret", a.secret, "Never shown")->group("");
  app->add_option("--odd", a.odd, ".starts with a dot, has a back\\slash\n'and a quote line")
      ->group("Output");
  if (extra) {
    app->add_option("--maxdelay", a.maxdelay, "Maximum injected delay")->group("Arrival pattern");
  }
  CLI::App* list = app->add_subcommand("list", "List the collectives");
  list->add_option("--format", a.format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  CLI::App* model = app->add_subcommand("model", "Check a model");
  model->require_subcommand(1);
  CLI::App* bcast = model->add_subcommand("bcast", "The broadcast model");
  bcast->add_option("files", a.files, "Result sets (.h5)")->required();
  bcast->add_option("--stages", a.stages, "Stage kind");
  app->add_subcommand("internal", "A hidden subcommand")->group("");
  return app;
}

ManPageInfo demo_man_info() {
  return {.name = "demo",
          .version = "demo 1.0",
          .date = "2026-01-02",
          .extra_sections = {{"ENVIRONMENT", {"DEMO_HOME: where it looks"}}},
          .see_also = {"demo-report(1)"}};
}

CompletionInfo demo_completion_info() {
  return {.name = "demo",
          .values = {{"--collective", {"reduce", "bcast"}}, {"model bcast --stages", {"window"}}},
          .alg_by_collective = {{"reduce", {"native", "rabenseifner"}},
                                {"bcast", {"native", "binomial"}}},
          .file_options = {"--out", "files"}};
}

std::vector<std::string> docs_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The lines of `after` that are not in `before`, given that `after` is `before` with one block
// of lines inserted: the common head and tail are cut off. Empty when `before` changed in any
// other way (then the head and tail do not cover it).
std::vector<std::string> inserted_block(std::string_view before, std::string_view after) {
  const std::vector<std::string> b = docs_lines(before), a = docs_lines(after);
  std::size_t head = 0;
  while (head < b.size() && head < a.size() && a[head] == b[head]) ++head;
  std::size_t tail = 0;
  while (tail < b.size() - head && tail < a.size() - head &&
         a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) {
    ++tail;
  }
  if (head + tail != b.size()) return {};
  return {a.begin() + static_cast<std::ptrdiff_t>(head),
          a.end() - static_cast<std::ptrdiff_t>(tail)};
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

TEST(CliDocs, NewOptionAppearsInTheManPageWithItsHelpAndGroup) {
  DocsDemoArgs a1, a2;
  const std::string before = man_page(*make_docs_demo(a1, false), demo_man_info());
  const std::string after = man_page(*make_docs_demo(a2, true), demo_man_info());
  const std::vector<std::string> expected = {".SS \"Arrival pattern\"", ".TP",
                                             "\\fB\\-\\-maxdelay\\fR \\fITEXT\\fR",
                                             "Maximum injected delay"};
  EXPECT_EQ(inserted_block(before, after), expected) << after;
}

TEST(CliDocs, NewOptionAppearsInTheCompletionAndNothingElseChanges) {
  DocsDemoArgs a1, a2;
  const std::string before = bash_completion(*make_docs_demo(a1, false), demo_completion_info());
  const std::string after = bash_completion(*make_docs_demo(a2, true), demo_completion_info());
  ASSERT_NE(before, after);
  // Its branch in _demo_option (a value of unknown words) and its name in the root's options.
  const std::string branch = "    '|--maxdelay') return 3 ;;\n";
  ASSERT_NE(after.find(branch), std::string::npos) << after;
  ASSERT_NE(after.find(" --maxdelay'"), std::string::npos) << after;
  EXPECT_EQ(replace_all(replace_all(after, branch, ""), " --maxdelay'", "'"), before);
}

TEST(CliDocs, ManPageHasItsSectionsAndEscapesRoff) {
  DocsDemoArgs a;
  const std::string man = man_page(*make_docs_demo(a, false), demo_man_info());
  EXPECT_NE(man.find(".TH \"DEMO\" 1 \"2026\\-01\\-02\" \"demo 1.0\" \"User Commands\"\n"),
            std::string::npos);
  EXPECT_NE(man.find(".SH NAME\ndemo \\- measures things for the tests\n"), std::string::npos);
  EXPECT_NE(man.find(".SS \"Case matrix\""), std::string::npos);
  EXPECT_NE(man.find("\\fB\\-\\-collective\\fR \\fITEXT\\fR [default: reduce]"), std::string::npos);
  EXPECT_NE(man.find("\\fB\\-o\\fR, \\fB\\-\\-out\\fR"), std::string::npos);
  EXPECT_NE(man.find(".SS \"demo model bcast\""), std::string::npos);
  EXPECT_NE(man.find("\\fIfiles\\fR ... (required)"), std::string::npos);
  EXPECT_NE(man.find(".SH EXAMPLES\n.PP\n.nf\n  demo \\-\\-collective bcast\n"), std::string::npos);
  EXPECT_NE(man.find(".SH \"ENVIRONMENT\"\n.PP\nDEMO_HOME: where it looks\n"), std::string::npos);
  EXPECT_NE(man.find(".BR demo\\-report (1)"), std::string::npos);
  // A leading '.' or '\'' would be a request; a backslash an escape.
  EXPECT_NE(man.find("\n\\&.starts with a dot, has a back\\eslash\n\\&'and a quote line\n"),
            std::string::npos)
      << man;
  EXPECT_EQ(roff_escape(".a\\b-c\n'd"), "\\&.a\\eb\\-c\n\\&'d");
}

TEST(CliDocs, HiddenOptionsAndSubcommandsAreLeftOut) {
  DocsDemoArgs a;
  const auto app = make_docs_demo(a, false);
  for (const std::string& text :
       {man_page(*app, demo_man_info()), bash_completion(*app, demo_completion_info())}) {
    EXPECT_EQ(text.find("secret"), std::string::npos);
    EXPECT_EQ(text.find("internal"), std::string::npos);
  }
}

TEST(CliDocs, CompletionKnowsSubcommandsOptionsAndValues) {
  DocsDemoArgs a;
  const std::string bash = bash_completion(*make_docs_demo(a, false), demo_completion_info());
  const auto has = [&bash](std::string_view text) { return bash.find(text) != std::string::npos; };
  EXPECT_TRUE(has("    '') REPLY='list model' ;;\n"));
  EXPECT_TRUE(has("    'model') REPLY='bcast' ;;\n"));
  EXPECT_TRUE(has("    '|--collective') REPLY='reduce bcast'; return 0 ;;\n"));
  EXPECT_TRUE(has("    '|--alg') _demo_alg_values; return 0 ;;\n"));
  EXPECT_TRUE(has("    '|-o'|'|--out') return 2 ;;\n")) << bash;
  // CLI::IsMember's set, read from the type name --help shows.
  EXPECT_TRUE(has("    'list|--format') REPLY='text json'; return 0 ;;\n"));
  EXPECT_TRUE(has("    'model bcast|--stages') REPLY='window'; return 0 ;;\n"));
  EXPECT_TRUE(has("    'model bcast|0') return 2 ;;\n"));
  EXPECT_TRUE(has("    'reduce') REPLY+=' native rabenseifner' ;;\n"));
  EXPECT_TRUE(has("REPLY='native binomial rabenseifner'"));
  EXPECT_TRUE(has("complete -F _demo demo\n"));
}

}  // namespace
}  // namespace papbench
