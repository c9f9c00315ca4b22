// What the shipped paper experiment files run, resolved through the registry as a run resolves
// them: the algorithm variants the papers measured ([Kang2019] Figs. 4 and 5) and, where a
// [Parsons2015] figure compares leaders or senders, the same inter-node algorithm on both sides.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bench/run/experiment_file.hpp"
#include "bench/run/run_options.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/errors.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

// One --alg item of a file as a run resolves it for one collective.
struct Resolved {
  std::string collective;
  AlgVariant given;
  AlgOptions options;  // every option, defaults filled in
};

struct ShippedFile {
  std::string name;
  Experiment e;
  std::vector<Resolved> variants;
};

// Every shipped file whose name starts with `prefix`, its algorithms resolved per collective.
std::vector<ShippedFile> shipped(const std::string& prefix) {
  const std::filesystem::path dir = std::filesystem::path(PAPBENCH_SOURCE_DIR) / "jobs/experiments";
  std::vector<ShippedFile> out;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    const std::string name = f.path().filename().string();
    if (f.path().extension() != ".exp" || !name.starts_with(prefix)) continue;
    ShippedFile s{name, load_experiment(f.path().string(), false), {}};
    const std::vector<std::string> collectives = split_list(s.e.raw.collective);
    for (const AlgVariant& v : parse_alg_list(s.e.raw.alg, collectives)) {
      for (const std::string& c : collectives) {
        const AlgorithmInfo* info = find_algorithm(c, v.name);
        if (info != nullptr) s.variants.push_back({c, v, resolve_options(*info, v.options)});
      }
    }
    out.push_back(std::move(s));
  }
  return out;
}

// [Kang2019] Fig. 5 measured Algorithm 2 with non-blocking sends and receives (§2), Fig. 4's
// "EuroMPI" with its sub-communicators made inside the timed call (the authors' code).
TEST(ExperimentPapers, KangFilesRunThePapersVariants) {
  int alg2 = 0, euro2 = 0;
  for (const ShippedFile& f : shipped("kang2019-")) {
    for (const Resolved& r : f.variants) {
      if (r.given.name == "alg2") {
        ++alg2;
        EXPECT_EQ(r.options.at("order"), "nonblocking") << f.name;
        EXPECT_TRUE(r.given.options.contains("order")) << f.name << ": name alg2's order";
      }
      if (r.given.name == "euro2") {
        ++euro2;
        EXPECT_EQ(r.options.at("comms"), "timed") << f.name;
      }
    }
  }
  EXPECT_GE(alg2, 3);
  EXPECT_GE(euro2, 3);
  // The default is the paper's form too, for runs typed by hand.
  const AlgorithmInfo* info = find_algorithm("intergroup_allgatherv", "alg2");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(resolve_options(*info, {}).at("order"), "nonblocking");
}

// [Parsons2015] §2.5: "For the alltoallv tests, every other buffer length was shortened by one
// integer"; the Table 2.1/2.2 file runs that pattern, which intergroup runs refuse.
TEST(ExperimentPapers, ParsonsAlltoallvRunsTheThesisBlocks) {
  const std::filesystem::path file = std::filesystem::path(PAPBENCH_SOURCE_DIR) /
                                     "jobs/experiments/parsons2015-table2.1-alltoallv.exp";
  const Experiment e = load_experiment(file.string(), false);
  EXPECT_EQ(parse_run_options(e.raw).shape.dist, BlockDist::kEveryOther);
  RawRunOptions raw = e.raw;
  raw.collective = "alltoallv,intergroup_allgatherv";
  raw.alg = "native";
  EXPECT_THROW(parse_run_options(raw), UsageError);
}

// The algorithm a UHA-family variant runs between nodes: uha's and multileader's `inter`;
// uha-ms runs the multi-sender form of one MPICH algorithm ([Parsons2015] §2.3.2; the pairs of
// Table 2.2). "" for an algorithm of no UHA family.
std::string inter_node_of(const Resolved& r) {
  if (r.given.name == "uha" || r.given.name == "multileader") return r.options.at("inter");
  if (r.given.name != "uha-ms") return "";
  if (r.collective == "allgather") {
    return r.options.at("exchange") == "two-way-ring" ? "mpich-ring" : "mpich-bruck";
  }
  static const std::map<std::string, std::string> kBase = {{"bcast", "mpich-binomial"},
                                                           {"scatter", "mpich-binomial"},
                                                           {"reduce_scatter", "mpich-pairwise"},
                                                           {"alltoallv", "mpich-isend"}};
  return kBase.at(r.collective);
}

// Fig. 2.3 compares leaders, Figs. 2.7 and 2.10 and Table 2.2 senders: each candidate
// (multileader, uha-ms) must meet a UHA baseline running the same algorithm between nodes, or the
// curves compare inter-node algorithms instead. Every uha and multileader names its `inter`.
TEST(ExperimentPapers, ParsonsLeadersAndSendersMeetTheSameInterNodeAlgorithm) {
  int compared = 0;
  for (const ShippedFile& f : shipped("parsons2015-")) {
    std::set<std::string> senders;  // the file's uha-ms items, over all its collectives
    bool leaders = false;
    for (const Resolved& r : f.variants) {
      if (r.given.name == "uha" || r.given.name == "multileader") {
        EXPECT_TRUE(r.given.options.contains("inter"))
            << f.name << ": " << variant_text(r.given) << " leaves inter to its default";
      }
      leaders = leaders || r.given.name == "multileader";
      if (r.given.name == "uha-ms") senders.insert(variant_text(r.given));
    }
    // Fig. 2.5's files compare scaling, not senders (their MPICH-inside UHA is Table 2.1's).
    const bool compares =
        leaders || senders.size() > 1 || f.e.tables.find("parsons-table2.2") != std::string::npos;
    if (!compares) continue;
    for (const Resolved& cand : f.variants) {
      if (cand.given.name != "multileader" && cand.given.name != "uha-ms") continue;
      ++compared;
      const std::string want = inter_node_of(cand);
      bool met = false;
      for (const Resolved& base : f.variants) {
        met = met || (base.given.name == "uha" && base.collective == cand.collective &&
                      inter_node_of(base) == want);
      }
      EXPECT_TRUE(met) << f.name << ": " << cand.collective << " " << variant_text(cand.given)
                       << " runs " << want << " between nodes; no uha:inter=" << want
                       << " baseline";
    }
  }
  EXPECT_GE(compared, 10);
}

}  // namespace
}  // namespace papbench
