// What the shipped paper experiment files run, resolved through the registry as a run resolves
// them: the algorithm variants the papers measured ([Kang2019] Figs. 4 and 5).

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bench/experiment_file.hpp"
#include "bench/run_options.hpp"
#include "collectives/core/registry.hpp"
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

}  // namespace
}  // namespace papbench
