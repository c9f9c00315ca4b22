// Rows of the option table (common/option_table.hpp) become CLI11 options that refuse bad values
// naming the option and what it accepts, and the man page and completion read them; the
// auto/off/value type (common/setting.hpp) parses its words and values alike for every option.

#include "common/option_table.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/cli_docs.hpp"
#include "common/seed_option.hpp"
#include "common/setting.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

struct TableDemoArgs {
  std::string format = "table";
  double alpha = 0.05;
  int resamples = 2000;
  std::uint64_t seed = 1;
  std::vector<std::string> files;
  bool force = false;
};

std::vector<OptionRow> demo_rows(TableDemoArgs& a) {
  return {
      {.name = "files", .target = &a.files, .help = "Result sets", .type_name = "FILE"},
      {.name = "--format",
       .target = &a.format,
       .help = "Output format",
       .accepted = {"table", "csv"},
       .show_default = true},
      {.name = "--alpha",
       .target = &a.alpha,
       .help = "Significance level",
       .group = "Verdict",
       .checks = {{.kind = OptionCheck::Kind::kProbability}},
       .show_default = true},
      {.name = "--resamples",
       .target = &a.resamples,
       .help = "Bootstrap resamples",
       .group = "Verdict",
       .checks = {{.kind = OptionCheck::Kind::kRange, .min = 100, .max = 1000000}}},
      seed_row(a.seed, "Bootstrap seed", "Verdict"),
      {.name = "--force", .target = &a.force, .help = "Replace", .completion = {"x"}},
  };
}

// The parse's error text; "" when it parsed.
std::string parse_error(TableDemoArgs& a, std::vector<std::string> args) {
  CLI::App app{"demo"};
  add_option_rows(app, demo_rows(a));
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(OptionTable, RowsFillTheirTargets) {
  TableDemoArgs a;
  EXPECT_EQ(parse_error(a, {"x.h5", "--format", "csv", "--alpha", "0.1", "--resamples", "500",
                            "--seed", "7", "--force"}),
            "");
  EXPECT_EQ(a.files, std::vector<std::string>{"x.h5"});
  EXPECT_EQ(a.format, "csv");
  EXPECT_DOUBLE_EQ(a.alpha, 0.1);
  EXPECT_EQ(a.resamples, 500);
  EXPECT_EQ(a.seed, 7u);
  EXPECT_TRUE(a.force);
}

TEST(OptionTable, BadValuesNameTheOptionAndWhatItAccepts) {
  TableDemoArgs a;
  const std::string format = parse_error(a, {"--format", "xml"});
  EXPECT_NE(format.find("--format"), std::string::npos) << format;
  EXPECT_NE(format.find("table"), std::string::npos) << format;
  const std::string alpha = parse_error(a, {"--alpha", "1"});
  EXPECT_NE(alpha.find("not a probability strictly between 0 and 1"), std::string::npos) << alpha;
  const std::string resamples = parse_error(a, {"--resamples", "5"});
  EXPECT_NE(resamples.find("--resamples"), std::string::npos) << resamples;
  EXPECT_NE(resamples.find("100"), std::string::npos) << resamples;
  const std::string seed = parse_error(a, {"--seed", "-1"});
  EXPECT_NE(seed.find("--seed"), std::string::npos) << seed;
  EXPECT_NE(seed.find("is not an integer in [0, 18446744073709551615]"), std::string::npos) << seed;
}

TEST(OptionTable, HelpManPageAndCompletionReadTheRows) {
  TableDemoArgs a;
  CLI::App app{"demo"};
  app.name("demo");
  add_option_rows(app, demo_rows(a));
  const std::string help = app.help();
  EXPECT_NE(help.find("Verdict:"), std::string::npos) << help;
  EXPECT_NE(help.find("--seed UINT=1"), std::string::npos) << help;
  const std::string page = man_page(app, {.name = "demo"});
  EXPECT_NE(page.find("Verdict"), std::string::npos);
  EXPECT_NE(page.find("Bootstrap resamples"), std::string::npos);
  const std::vector<OptionRow> rows = demo_rows(a);
  CompletionInfo info{.name = "demo", .values = completion_words(rows)};
  EXPECT_EQ(info.values.at("--force"), std::vector<std::string>{"x"});
  const std::string script = bash_completion(app, info);
  EXPECT_NE(script.find("return 2"), std::string::npos);  // files: their FILE type
  EXPECT_NE(script.find("csv"), std::string::npos);       // --format's accepted words
}

TEST(Setting, ParsesItsWordsAndValuesAndRefusesTheRest) {
  using Ns = Setting<std::int64_t>;
  const auto parse = [](std::string_view text) {
    return parse_setting<std::int64_t>(
        "--limit", text, {.auto_word = "auto", .off_word = "off"}, "auto, off, or a duration",
        [](std::string_view v) { return std::optional(parse_duration_ns(v)); });
  };
  EXPECT_EQ(parse("auto"), Ns::automatic());
  EXPECT_EQ(parse("off"), Ns::off());
  EXPECT_EQ(parse("5us"), Ns::of(5'000));
  EXPECT_TRUE(parse("auto").is_auto());
  EXPECT_EQ(parse("off").value(), std::nullopt);
  EXPECT_EQ(parse("auto").resolved([] { return std::int64_t{9}; }), Ns::of(9));
  EXPECT_EQ(parse("off").resolved([] { return std::int64_t{9}; }), Ns::off());
  try {
    parse("soon");
    ADD_FAILURE() << "accepted 'soon'";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--limit: 'soon' is not accepted; accepted: auto, off, or a duration");
  }
  // An option without an auto word takes "auto" for a value, and refuses it.
  EXPECT_THROW(parse_setting<double>("--eps", "auto", {.off_word = "off"}, "off or a fraction",
                                     [](std::string_view) { return std::optional<double>(); }),
               UsageError);
}

}  // namespace
}  // namespace papbench
