// What the [Parsons2015] experiment files need from the experiment format: algorithms still
// being built are checked when the file runs rather than when it is read, and `{P}` names the
// trace recorded at the run's own process count.

#include <gtest/gtest.h>

#include "bench/run/experiment_file.hpp"
#include "common/errors.hpp"

namespace papbench {
namespace {

std::string usage_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(ExperimentParsons, UnregisteredAlgorithmsAreLeftToTheRun) {
  const std::string text =
      "name = t\ncollective = reduce\n"
      "alg = mpich-binomial,no-such-alg:kdeg=4,native,other-missing:inter=x,copyout=y\n";
  const Experiment e = parse_experiment(text, "t.exp", false);
  EXPECT_EQ(e.unregistered_algorithms, (std::vector<std::string>{"no-such-alg", "other-missing"}));
  // The file keeps every name; the run's own check refuses the missing ones, naming them.
  EXPECT_EQ(e.raw.alg, "mpich-binomial,no-such-alg:kdeg=4,native,other-missing:inter=x,copyout=y");
  RawRunOptions raw = e.raw;
  EXPECT_NE(usage_error([&] {
              parse_run_options(raw);
            }).find("--alg: 'no-such-alg' is not an algorithm of reduce"),
            std::string::npos);
  // A registered algorithm's options are still checked when the file is read.
  EXPECT_NE(usage_error([&] {
              parse_experiment("name = t\ncollective = reduce\nalg = mpich-binomial:bad=1\n",
                               "t.exp", false);
            }),
            "");
  // Only unknown algorithms: the rest of the file is still checked.
  EXPECT_NE(usage_error([&] {
              parse_experiment("name = t\nalg = missing\ncount = lots\n", "t.exp", false);
            }).find("t.exp:3: --count"),
            std::string::npos);
}

TEST(ExperimentParsons, ProcessCountInPatterns) {
  EXPECT_EQ(with_process_count("replay:trace-{P}.h5#0,replay:trace-{P}.h5#5", 512),
            "replay:trace-512.h5#0,replay:trace-512.h5#5");
  EXPECT_EQ(with_process_count("compute:10k", 8), "compute:10k");
}

}  // namespace
}  // namespace papbench
