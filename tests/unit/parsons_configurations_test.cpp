// The [Parsons2015] table views take a case only when it ran the thesis' configuration exactly
// (tools/report/tables/case_params.hpp, runs_exactly). Each configuration they name must therefore
// be what papbench records for it: every option the registry declares, defaults spelt out, as
// effective_params writes them; a new option in the registry fails here until the views name it.

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <vector>

#include "collectives/core/registry.hpp"
#include "tools/report/tables/case_params.hpp"
#include "tools/report/tables/table_parsons.hpp"
#include "tools/report/tables/table_parsons_apps.hpp"

namespace papbench::report {
namespace {

TEST(ParsonsConfigurations, EveryRowNamesTheOptionsAsARunRecordsThem) {
  std::vector<ThesisConfiguration> all = parsons_table_configurations();
  for (ThesisConfiguration& c : parsons_app_table_configurations()) all.push_back(std::move(c));
  ASSERT_GE(all.size(), 40u);
  for (const ThesisConfiguration& c : all) {
    const std::string what = fmt::format("{}: {}/{}", c.table, c.collective, c.algorithm);
    const AlgorithmInfo* info = find_algorithm(c.collective, c.algorithm);
    ASSERT_NE(info, nullptr) << what;
    const AlgOptions given(c.options.begin(), c.options.end());
    for (const int ranks : {8, 64}) {
      const std::vector<std::string> recorded =
          effective_params(*info, resolve_options(*info, given), 1000, 4, ranks);
      EXPECT_EQ(parse_case_params(fmt::format("{}", fmt::join(recorded, ","))), c.options) << what;
      EXPECT_TRUE(
          runs_exactly(parse_case_params(fmt::format("{}", fmt::join(recorded, ","))), c.options))
          << what;
    }
  }
}

TEST(ParsonsConfigurations, AVariantIsNotTheConfiguration) {
  const AlgConfiguration dl = {{"kdeg", "binomial"}, {"cleanup", "cancel"}};
  EXPECT_TRUE(runs_exactly(parse_case_params("kdeg=binomial,cleanup=cancel"), dl));
  EXPECT_FALSE(runs_exactly(parse_case_params("kdeg=4,cleanup=cancel"), dl));
  EXPECT_FALSE(runs_exactly(parse_case_params("kdeg=binomial"), dl));  // an option missing
  EXPECT_FALSE(runs_exactly(parse_case_params("kdeg=binomial,cleanup=cancel,x=1"), dl));
  // The harness' params say how it ran, not which variant.
  EXPECT_TRUE(runs_exactly(parse_case_params("bg-thread=on,kdeg=binomial,cleanup=cancel"), dl));
}

}  // namespace
}  // namespace papbench::report
