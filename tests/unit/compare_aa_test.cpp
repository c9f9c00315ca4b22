// The false-positive rate and power of compare's verdict, measured by simulation through the
// code compare runs (stats::compare_case, stats::mark_significant), not assumed.
//
// Each simulated launch holds 30 iterations of one case whose value is
//   (base + planned_i) * exp(L + u_i) * (5 with probability 2%)
// planned_i: the planned imbalance of iteration i, the same in every launch and on both sides
// (same seed), up to twice the base; L ~ N(0, 5%): the launch effect; u_i: AR(1) iteration noise,
// lag-1 correlation 0.5, sd 5% (the quickstart file's lag-1 autocorrelation is about 0.4);
// 2% of iterations 5x slower (heavy tail). A and B launches are independent (two runs of one
// configuration compared file against file), so pairing is "iteration" and launch k of A is
// paired with launch k of B. B is A times (1 + difference).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "results/case_comparison.hpp"

namespace papbench::stats {
namespace {

constexpr int kAaIterations = 30;
constexpr double kLaunchSd = 0.05, kIterationSd = 0.05, kLag1 = 0.5;
constexpr double kOutlierProbability = 0.02, kOutlierFactor = 5;
// The verdict does not read the CI; a few resamples keep its code on the path at little cost.
constexpr int kResamples = 10;

class AaSimulation {
 public:
  explicit AaSimulation(std::uint64_t seed) : rng_(seed) {
    std::uniform_real_distribution<double> planned(0, 2);
    for (double& p : planned_) p = 1 + planned(rng_);  // base 1
  }

  std::vector<double> launch(double factor) {
    std::normal_distribution<double> normal(0, 1);
    std::uniform_real_distribution<double> unit(0, 1);
    const double level = kLaunchSd * normal(rng_);
    std::vector<double> out(kAaIterations);
    double u = kIterationSd * normal(rng_);
    for (int i = 0; i < kAaIterations; ++i) {
      if (i > 0) u = kLag1 * u + std::sqrt(1 - kLag1 * kLag1) * kIterationSd * normal(rng_);
      const double tail = unit(rng_) < kOutlierProbability ? kOutlierFactor : 1;
      out[static_cast<std::size_t>(i)] =
          factor * planned_[static_cast<std::size_t>(i)] * std::exp(level + u) * tail;
    }
    return out;
  }

  // One compare of `launches` launches per side; true when its row is marked.
  bool marked(int launches, double difference, Pairing pairing) {
    std::vector<std::vector<double>> a, b;
    for (int k = 0; k < launches; ++k) {
      a.push_back(launch(1));
      b.push_back(launch(1 + difference));
    }
    std::vector<CaseComparison> row = {compare_case(a, b, pairing, ++compare_seed_, kResamples)};
    mark_significant(row, 0.05);
    return row[0].significant;
  }

  double marked_fraction(int launches, double difference, int compares,
                         Pairing pairing = Pairing::kIteration) {
    int marked_count = 0;
    for (int s = 0; s < compares; ++s) {
      marked_count += marked(launches, difference, pairing) ? 1 : 0;
    }
    return static_cast<double>(marked_count) / compares;
  }

 private:
  std::mt19937_64 rng_;
  std::uint64_t compare_seed_ = 0;
  double planned_[kAaIterations] = {};
};

// A level-5% test that is exact has a true rate of 5%, so its estimate lies above 5% about half
// the time: the check is that the rate is not above 5% by more than the Monte Carlo error
// allows (two standard errors at 5%: sqrt(0.05 * 0.95 / n)). A test that ignores the launch
// level fails it by far (about 30% at 2 launches per side).
double aa_bound(int compares) {
  return 0.05 + 2 * std::sqrt(0.05 * 0.95 / compares);
}

void expect_aa_rate(AaSimulation& sim, int launches, int compares, Pairing pairing) {
  const double rate = sim.marked_fraction(launches, 0, compares, pairing);
  std::printf(
      "A/A, pairing %s, %2d launches per side: %.2f%% marked (Monte Carlo error %.2f "
      "points, bound %.2f%%)\n",
      std::string(pairing_name(pairing)).c_str(), launches, 100 * rate,
      100 * std::sqrt(rate * (1 - rate) / compares), 100 * aa_bound(compares));
  EXPECT_LE(rate, aa_bound(compares)) << launches << " launches per side";
}

// 2000 paired A/A compares per launch count: Monte Carlo error 0.49 points near 5%.
TEST(CompareAa, FalsePositiveRateAtMostFivePercent) {
  AaSimulation sim(26);
  for (int launches : {2, 3, 5, 10}) expect_aa_rate(sim, launches, 2000, Pairing::kIteration);
}

// Unpaired sides (seeds differ): Welch's t over the launches' log medians; 1000 compares each.
TEST(CompareAa, FalsePositiveRateUnpaired) {
  AaSimulation sim(28);
  for (int launches : {2, 3, 5, 10}) expect_aa_rate(sim, launches, 1000, Pairing::kNone);
}

// A true 10% difference at 10 launches per side is found in at least 80% of compares (500
// compares: Monte Carlo error at most 1.8 points near 80%).
TEST(CompareAa, PowerForTenPercentAtTenLaunches) {
  constexpr int kCompares = 500;
  AaSimulation sim(27);
  const double power = sim.marked_fraction(10, 0.10, kCompares);
  std::printf("10%% difference, 10 launches per side: %.1f%% marked (Monte Carlo error %.1f)\n",
              100 * power, 100 * std::sqrt(power * (1 - power) / kCompares));
  EXPECT_GE(power, 0.80);
}

}  // namespace
}  // namespace papbench::stats
