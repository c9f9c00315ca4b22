#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/commands/list_command.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/units.hpp"
#include "tests/unit/usage_error_message.hpp"

namespace papbench {
namespace {

TEST(Registry, EveryCollectiveHasAnAlgorithmAndEveryAlgorithmACollective) {
  for (const auto& c : collective_table()) {
    EXPECT_FALSE(algorithms_of(c.name).empty()) << c.name << " has no algorithm";
    EXPECT_NE(find_algorithm(c.name, "native"), nullptr) << c.name << " has no native baseline";
  }
  for (const auto& a : algorithm_registry()) {
    EXPECT_NE(find_collective(a.collective), nullptr)
        << a.collective << "/" << a.name << " names an unknown collective";
  }
}

TEST(Registry, RowsAreUniqueAndComplete) {
  std::set<std::pair<std::string_view, std::string_view>> seen;
  for (const auto& a : algorithm_registry()) {
    EXPECT_TRUE(seen.insert({a.collective, a.name}).second)
        << "duplicate " << a.collective << "/" << a.name;
    EXPECT_FALSE(a.name.empty());
    EXPECT_FALSE(a.summary.empty()) << a.collective << "/" << a.name;
    EXPECT_FALSE(a.source.empty()) << a.collective << "/" << a.name;
    ASSERT_TRUE(a.make) << a.collective << "/" << a.name;
    EXPECT_NE(make_algorithm(a), nullptr) << a.collective << "/" << a.name;
  }
}

TEST(Registry, RowsOfACollectiveAreContiguousInTableOrder) {
  // The table is read top to bottom; interleaved collectives would hide algorithms from a reader.
  // registry.cpp joins the collectives' own tables (registry_tables.hpp) in collective_table()'s
  // order, which `papbench list` and docs/ALGORITHMS.md follow.
  std::set<std::string_view> finished;
  std::vector<std::string_view> order;
  for (const auto& a : algorithm_registry()) {
    if (order.empty() || a.collective != order.back()) {
      EXPECT_TRUE(finished.insert(a.collective).second) << a.collective << " rows are split";
      order.push_back(a.collective);
    }
  }
  std::vector<std::string_view> expected;
  for (const auto& c : collective_table()) expected.push_back(c.name);
  EXPECT_EQ(order, expected);
}

TEST(Registry, FindAlgorithmAndAlgorithmsOf) {
  const AlgorithmInfo* a = find_algorithm("reduce", "native");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->collective, "reduce");
  EXPECT_EQ(a->name, "native");
  EXPECT_EQ(a->summary, "the MPI library's MPI_Reduce, or its algorithm force=NAME");
  EXPECT_EQ(a->source, "MPI standard; library default algorithm");
  EXPECT_EQ(find_algorithm("reduce", "nope"), nullptr);
  EXPECT_EQ(find_algorithm("nope", "native"), nullptr);
  EXPECT_TRUE(algorithms_of("nope").empty());

  const auto names = algorithms_of("intergroup_allgatherv");
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.front(), "native");
  // algorithms_of keeps table order.
  std::vector<std::string_view> in_table;
  for (const auto& row : algorithm_registry()) {
    if (row.collective == "reduce") in_table.push_back(row.name);
  }
  EXPECT_EQ(algorithms_of("reduce"), in_table);
}

TEST(Registry, AlgorithmsRefuseOptionsTheyDoNotDeclare) {
  for (const auto& a : algorithm_registry()) {
    const std::string what = usage_error([&] { make_algorithm(a, {{"no-such-option", "4"}}); });
    EXPECT_NE(what.find(a.full_name()), std::string::npos) << what;
    EXPECT_NE(what.find("no-such-option"), std::string::npos) << what;
  }
}

// Each declared option: its default is in canonical form, every sample value is accepted and
// makes the algorithm, a value below its minimum is refused naming the algorithm and option, and
// options sharing a shorthand flag are declared alike (the flag sets them all).
TEST(Registry, EveryOptionsDefaultAndSamplesWork) {
  int options = 0;
  for (const auto& a : algorithm_registry()) {
    for (const AlgOptionSpec& o : a.options) {
      SCOPED_TRACE(a.full_name() + " " + std::string(o.name));
      ++options;
      EXPECT_FALSE(o.help.empty());
      EXPECT_FALSE(o.samples.empty()) << "declare values for the tests to try";
      if (!o.default_value.empty()) {
        EXPECT_EQ(canonical_value(o, o.default_value), o.default_value);
      }
      EXPECT_TRUE(o.excludes.empty() || a.find_option(o.excludes) != nullptr);
      for (const std::string_view sample : o.samples) {
        AlgOptions given = {{std::string(o.name), std::string(sample)}};
        if (!o.needs_option.empty()) {
          const AlgOptionSpec* needed = a.find_option(o.needs_option);
          EXPECT_NE(needed, nullptr);
          if (needed == nullptr || needed->samples.empty()) continue;
          given.emplace(std::string(o.needs_option), std::string(needed->samples.front()));
        }
        const AlgOptions resolved = resolve_options(a, given);
        EXPECT_EQ(resolved.at(std::string(o.name)), canonical_value(o, sample));
        EXPECT_NE(make_algorithm(a, given), nullptr) << sample;
      }
      if (o.type != OptionType::kChoice && o.min > 0) {
        const std::string what = usage_error([&] {
          make_algorithm(a, {{std::string(o.name), std::to_string(o.min - 1)}});
        });
        EXPECT_NE(what.find(a.full_name()), std::string::npos) << what;
        EXPECT_NE(what.find(accepted_values(o)), std::string::npos) << what;
      }
      if (o.flag.empty()) continue;
      for (const AlgOptionSpec* first : option_shorthands()) {
        if (first->flag != o.flag) continue;
        EXPECT_EQ(first->name, o.name);
        EXPECT_EQ(first->type, o.type);
        EXPECT_EQ(first->default_value, o.default_value);
        EXPECT_EQ(accepted_values(*first), accepted_values(o));
      }
    }
  }
  EXPECT_GE(options, 5);  // radix, first-segment, and clairvoyant's three
}

TEST(Registry, ResolveFillsDefaultsAndChecksExclusions) {
  const AlgorithmInfo& radixk = *find_algorithm("reduce", "radixk");
  EXPECT_EQ(resolve_options(radixk, {}), (AlgOptions{{"radix", "4"}}));
  EXPECT_EQ(resolve_options(radixk, {{"radix", "8"}}), (AlgOptions{{"radix", "8"}}));
  const AlgorithmInfo& clv = *find_algorithm("reduce", "clairvoyant");
  EXPECT_EQ(resolve_options(clv, {{"segsize", "1Ki"}}),
            (AlgOptions{{"segsize", "1024"}, {"round-time", "auto"}}));
  const std::string what = usage_error([&] {
    resolve_options(clv, {{"segments", "2"}, {"segsize", "8"}});
  });
  EXPECT_NE(what.find("not both"), std::string::npos) << what;
  EXPECT_EQ(effective_params(clv, resolve_options(clv, {}), 1000, 4, 8),
            (std::vector<std::string>{"segments=8", "round-time=auto"}));
}

// [Kang2019] §3.1's root gathering runs on point-to-point by default (binomial gather and bcast,
// MPICH's ring gather for Allgatherv), the library's collectives only on request (issue 27).
TEST(Registry, RootGatheringRunsOnPointToPointByDefault) {
  for (const char* coll : {"intergroup_allgather", "intergroup_allgatherv"}) {
    for (const char* name : {"rg1", "rg2"}) {
      const AlgorithmInfo* info = find_algorithm(coll, name);
      ASSERT_NE(info, nullptr) << coll << "/" << name;
      EXPECT_EQ(resolve_options(*info, {}).at("impl"), "p2p") << coll << "/" << name;
      EXPECT_EQ(resolve_options(*info, {{"impl", "library"}}).at("impl"), "library");
    }
  }
}

// docs/ALGORITHMS.md holds the tables `papbench list --format markdown` prints, so the document
// cannot drift from the registry: a new row or option fails here until the docs show it.
// Issue 27 item 3: native's segsize default is ours ([Nuriyev2022]'s m_s); Open MPI 3.1.6's
// coll_tuned_bcast_algorithm_segmentsize defaults to 0, and the help must not say otherwise.
TEST(Registry, NativeBcastSegsizeHelpSaysWhoseDefaultItIs) {
  const AlgorithmInfo& native = *find_algorithm("bcast", "native");
  const auto seg = std::find_if(native.options.begin(), native.options.end(),
                                [](const AlgOptionSpec& o) { return o.name == "segsize"; });
  ASSERT_NE(seg, native.options.end());
  const std::string help(seg->help);
  EXPECT_EQ(help.find("Open MPI; default 8192"), std::string::npos) << help;
  EXPECT_NE(help.find("papbench's default 8192"), std::string::npos) << help;
  EXPECT_NE(help.find("3.1.6: 0"), std::string::npos) << help;
}

TEST(Registry, AlgorithmsDocumentMatchesTheRegistry) {
  std::ifstream in(std::string(PAPBENCH_SOURCE_DIR) + "/docs/ALGORITHMS.md");
  ASSERT_TRUE(in) << "cannot read docs/ALGORITHMS.md";
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  std::vector<std::string> blocks;
  for (const auto& c : collective_table()) blocks.push_back(algorithms_markdown(c.name));
  blocks.push_back(options_markdown());
  for (const std::string& block : blocks) {
    EXPECT_NE(doc.find(block), std::string::npos)
        << "docs/ALGORITHMS.md lacks or differs from this block; paste it from "
           "`papbench list --format markdown`:\n"
        << block;
  }
}

}  // namespace
}  // namespace papbench
