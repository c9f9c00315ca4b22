// The SMPI build's record of its simulation (bench/run/simulation_info.hpp) read from a made-up
// smpimain command line, and which algorithms the SMPI build refuses and why
// (collectives/core/smpi_support.hpp). The SMPI runs themselves: tests/e2e/smpi_determinism.sh.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench/run/simulation_info.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/smpi_support.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

TEST(SimulationInfo, NamesVersionPlatformHashAndOptions) {
  const auto platform = std::filesystem::temp_directory_path() / "papbench-simulation-test.xml";
  std::ofstream(platform) << "abc";
  const std::vector<std::string> argv = {"/usr/lib/simgrid/smpimain",
                                         "build-smpi/bench/papbench",
                                         "--cfg=smpi/privatization:1",
                                         "--cfg=smpi/simulate-computation:no",
                                         "--log=root.thres:warning",
                                         platform.string(),
                                         "--collective",
                                         "reduce"};
  // SHA-1 of "abc" (FIPS 180-2, appendix A.1).
  EXPECT_EQ(describe_simulation(argv, "SimGrid version 3.32"),
            "SimGrid version 3.32; platform " + platform.string() +
                " (sha1 a9993e364706816aba3e25717850c26c9cd0d89d); --cfg=smpi/privatization:1 "
                "--cfg=smpi/simulate-computation:no --log=root.thres:warning");
  std::filesystem::remove(platform);
  EXPECT_NE(describe_simulation(argv, "v").find("(sha1 unreadable)"), std::string::npos);
  const std::vector<std::string> bare = {"smpimain", "papbench"};
  EXPECT_EQ(describe_simulation(bare, "v"), "v; platform unknown; ");
}

TEST(SmpiSupport, RefusesIntercommunicatorsAndForcing) {
  const AlgorithmInfo* clairvoyant = find_algorithm("reduce", "clairvoyant");
  const AlgorithmInfo* intergroup = find_algorithm("intergroup_allgather", "rg1");
  const AlgorithmInfo* native = find_algorithm("bcast", "native");
  const AlgorithmInfo* binomial = find_algorithm("reduce", "binomial");
  ASSERT_TRUE(clairvoyant && intergroup && native && binomial);
  // The PAT algorithms run: their runtime polls without a thread under SMPI.
  EXPECT_FALSE(smpi_refusal(*clairvoyant).has_value());
  // papbench's intergroup algorithms run on the spanning form; the library's own cannot.
  EXPECT_FALSE(smpi_refusal(*intergroup).has_value());
  EXPECT_TRUE(smpi_support_text(*intergroup).starts_with("yes, on one intracommunicator"));
  const AlgorithmInfo* inter_native = find_algorithm("intergroup_allgatherv", "native");
  ASSERT_TRUE(inter_native);
  EXPECT_NE(smpi_refusal(*inter_native).value_or("").find("intercommunicator"), std::string::npos);
  EXPECT_FALSE(smpi_refusal(*native).has_value());
  EXPECT_NE(smpi_refusal(*native, {{"force", "binomial"}}).value_or("").find("MPI_T"),
            std::string::npos);
  EXPECT_FALSE(smpi_refusal(*binomial, {}).has_value());
  EXPECT_EQ(smpi_support_text(*binomial), "yes");
  EXPECT_TRUE(smpi_support_text(*native).starts_with("yes, but not with force"));
  EXPECT_EQ(smpi_support_text(*clairvoyant), "yes");
  // Only the library's intergroup collectives are refused whatever their options (forcing:
  // above).
  for (const AlgorithmInfo& a : algorithm_registry()) {
    EXPECT_EQ(smpi_refusal(a).has_value(),
              a.collective.starts_with("intergroup_") && a.name == "native")
        << a.full_name();
  }
}

// smpirun sets none of mpiexec's variables, only SMPI_GLOBAL_SIZE (its -np): `count = LIST/P`
// and `{P}` of an experiment file must see it (issue 44).
TEST(SmpiSupport, LauncherSizeReadsSmpirunsRankCount) {
  for (const char* other : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_NTASKS"}) {
    if (std::getenv(other) != nullptr) GTEST_SKIP() << other << " is set by this launcher";
  }
  ASSERT_EQ(setenv("SMPI_GLOBAL_SIZE", "48", 1), 0);
  EXPECT_EQ(launcher_size(), 48);
  ASSERT_EQ(unsetenv("SMPI_GLOBAL_SIZE"), 0);
  EXPECT_EQ(launcher_size(), 1);
}

}  // namespace
}  // namespace papbench
