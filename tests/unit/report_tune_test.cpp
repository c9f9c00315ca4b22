// tune's rules files from given choices: the sizes each library compares, Open MPI's numbering,
// the classic rules text (every choice bounded by rules back to algorithm 0), and MPICH's JSON
// (every branch tune adds ends in the library's own tree).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tools/report/tune/tune_rules.hpp"

namespace papbench::report {
namespace {

using Json = nlohmann::ordered_json;

TEST(TuneRules, MessageSizesFollowEachLibrary) {
  // allreduce: count x type size in both; allgather: Open MPI and MPICH take all P blocks.
  EXPECT_EQ(ompi_rule_message_size({"allreduce", 4, 1024, 8, ""}), 8192U);
  EXPECT_EQ(mpich_rule_message_size({"allreduce", 4, 1024, 8, ""}), 8192U);
  EXPECT_EQ(ompi_rule_message_size({"allgather", 4, 10, 4, ""}), 160U);
  EXPECT_EQ(mpich_rule_message_size({"allgather", 4, 10, 4, ""}), 160U);
  // reduce_scatter: vblock(i) = max(0, count + i mod 3 - 1): 9 + 10 + 11 + 9 = 39 elements.
  EXPECT_EQ(ompi_rule_message_size({"reduce_scatter", 4, 10, 4, ""}), 156U);
  // MPICH 4.0.2's gather size leaves the type size out (csel.c get_total_msgsize).
  EXPECT_EQ(mpich_rule_message_size({"gather", 4, 10, 8, ""}), 40U);
  EXPECT_EQ(mpich_message_key("barrier"), "");
  EXPECT_EQ(mpich_message_key("bcast"), "avg_msg_size");
}

TEST(TuneRules, OpenMpiNumbersItsEnum) {
  EXPECT_EQ(ompi_algorithm_id("allreduce", ""), 0);
  EXPECT_EQ(ompi_algorithm_id("allreduce", "ring"), 4);
  EXPECT_EQ(ompi_algorithm_id("bcast", "scatter_allgather_ring"), 9);
  EXPECT_EQ(ompi_algorithm_id("reduce_scatter", "butterfly"), 4);
  EXPECT_THROW(ompi_algorithm_id("allreduce", "reduce_scatter_allgather"), std::invalid_argument);
  EXPECT_EQ(ompi_collective_id("bcast"), 7);
  EXPECT_EQ(ompi_collective_id("reduce_scatter"), 12);
}

// The numbers of the rules text, comments dropped.
std::vector<long> numbers(const std::string& text) {
  std::vector<long> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    for (long v; words >> v;) out.push_back(v);
  }
  return out;
}

TEST(TuneRules, OpenMpiRulesHoldAtTheMeasuredSizesOnly) {
  const std::vector<TunePoint> points = {{"allreduce", 4, 1024, 4, "ring"},
                                         {"allreduce", 4, 16, 4, ""}};
  // 1 collective: allreduce (2), 3 communicator sizes: 0 (default), 4 (the choices), 5 (default).
  // At 4: 0 -> 0, 64 -> 0 (its choice: default), 65 -> 0, 4096 -> 4 (ring), 4097 -> 0.
  const std::vector<long> want = {1,    2, 3,           //
                                  0,    1, 0, 0, 0, 0,  //
                                  4,    5, 0, 0, 0, 0,  //
                                  64,   0, 0, 0,        //
                                  65,   0, 0, 0,        //
                                  4096, 4, 0, 0,        //
                                  4097, 0, 0, 0,        //
                                  5,    1, 0, 0, 0, 0};
  EXPECT_EQ(numbers(ompi_rules_text(points)), want);
}

// Open MPI 5.0.7+ reads the version word with fscanf before any comment is skipped
// (coll_tuned_dynamic_file.c), so it must open the file; the numbers stay the classic ones.
TEST(TuneRules, OpenMpiVersion2FileStartsWithItsVersionWord) {
  const std::vector<TunePoint> points = {{"bcast", 3, 10, 8, "binomial"}};
  const std::string v2 = ompi_rules_text(points, OmpiRulesFormat::kVersion2);
  EXPECT_EQ(v2.rfind("rule-file-version-2\n", 0), 0U);
  EXPECT_EQ(numbers(v2.substr(v2.find('\n') + 1)), numbers(ompi_rules_text(points)));
  EXPECT_EQ(ompi_rules_text(points).find("rule-file-version"), std::string::npos);
}

// Open MPI 6's JSON: names, not numbers, and exact ranges at the measured sizes only, so every
// other size matches no rule and keeps Open MPI's own decision; "" is "ignore" (algorithm 0).
TEST(TuneRules, OpenMpiJsonNamesTheChoicesAtTheMeasuredSizes) {
  const std::vector<TunePoint> points = {{"allreduce", 4, 1024, 4, "ring"},
                                         {"allreduce", 4, 16, 4, ""},
                                         {"reduce_scatter", 5, 2, 4, "butterfly"}};
  const Json got = Json::parse(ompi_rules_text(points, OmpiRulesFormat::kJson));
  EXPECT_EQ(got.at("rule_file_version"), 3);
  EXPECT_EQ(got.at("module"), "tuned");
  const Json& allreduce = got.at("collectives").at("allreduce");
  ASSERT_EQ(allreduce.size(), 1U);
  EXPECT_EQ(allreduce[0].at("comm_size_min"), 4);
  EXPECT_EQ(allreduce[0].at("comm_size_max"), 4);
  const Json want_rules = Json::parse(R"([
    {"msg_size_min": 64, "msg_size_max": 64, "alg": "ignore"},
    {"msg_size_min": 4096, "msg_size_max": 4096, "alg": "ring"}])");
  EXPECT_EQ(allreduce[0].at("rules"), want_rules);
  // reduce_scatter's rule size is the whole vector: vblock 1 + 2 + 3 + 1 + 2 = 9 elements of 4 B.
  const Json& rs = got.at("collectives").at("reduce_scatter");
  EXPECT_EQ(rs[0].at("rules")[0].at("msg_size_min"), 36);
  EXPECT_EQ(rs[0].at("rules")[0].at("alg"), "butterfly");
  EXPECT_THROW(
      ompi_rules_text(std::vector<TunePoint>{{"bcast", 4, 1, 1, "nosuch"}}, OmpiRulesFormat::kJson),
      std::invalid_argument);
}

TEST(TuneRules, OpenMpiFormatWords) {
  EXPECT_EQ(parse_ompi_rules_format("classic"), OmpiRulesFormat::kClassic);
  EXPECT_EQ(parse_ompi_rules_format("v2"), OmpiRulesFormat::kVersion2);
  EXPECT_EQ(parse_ompi_rules_format("json"), OmpiRulesFormat::kJson);
  EXPECT_EQ(parse_ompi_rules_format("v3"), std::nullopt);
}

TEST(TuneRules, MpichJsonFallsBackToTheLibraryTree) {
  const Json base = Json::parse(
      R"({"collective=allreduce":{"comm_type=intra":{"algorithm=MPIR_Allreduce_intra_recursive_doubling":{}}},
          "collective=barrier":{"algorithm=MPIR_Barrier_intra_dissemination":{}}})");
  const std::vector<TunePoint> points = {{"allreduce", 4, 1024, 4, "reduce_scatter_allgather"},
                                         {"barrier", 4, 0, 1, "nb"}};
  const Json out = mpich_tuning_json(points, base);
  const Json& fallback = base.at("collective=allreduce");
  const Json& intra = out.at("collective=allreduce").at("comm_type=intra");
  EXPECT_EQ(intra.at("comm_size<4"), fallback);
  const Json& at4 = intra.at("comm_size<=4");
  EXPECT_EQ(at4.at("avg_msg_size<4096"), fallback);
  EXPECT_EQ(at4.at("avg_msg_size<=4096"),
            Json({{"algorithm=MPIR_Allreduce_intra_reduce_scatter_allgather", Json::object()}}));
  EXPECT_EQ(at4.at("avg_msg_size=any"), fallback);
  EXPECT_EQ(intra.at("comm_size=any"), fallback);
  // MPICH takes the first key whose condition holds: the order is the chain's.
  std::vector<std::string> keys;
  for (const auto& [k, v] : intra.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"comm_size<4", "comm_size<=4", "comm_size=any"}));
  EXPECT_EQ(out.at("collective=barrier").at("comm_type=intra").at("comm_size<=4"),
            Json({{"algorithm=MPIR_Barrier_allcomm_nb", Json::object()}}));
  EXPECT_THROW(mpich_tuning_json(std::vector<TunePoint>{{"bcast", 4, 1, 1, "binomial"}}, base),
               std::invalid_argument);
}

}  // namespace
}  // namespace papbench::report
