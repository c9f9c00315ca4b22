// [Proficz2020] Eqs. 3-24 and the Hockney fit (models/proficz_*, models/hockney_fit). The expected
// values are worked out by hand in the comments, from the equations as printed ([Proficz2020] Eqs.
// 3-24).

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "models/hockney_fit.hpp"
#include "models/proficz_cases.hpp"
#include "models/proficz_equations.hpp"

namespace papbench::report {
namespace {

using namespace proficz;

// alpha = 1 us, beta = 2 ns/B, block m = 500 B: one message u = alpha + m beta = 2000 ns;
// the LS unit 3 alpha + m beta = 4000 ns. P = 4, so log2 P = 2.
constexpr Hockney kH{1000, 2};
constexpr int kP = 4;
constexpr double kM = 500;

TEST(ProficzEquations, FlatPap) {
  EXPECT_DOUBLE_EQ(eq3_lin_run(kP, kM, kH), 6000);      // 3 x 2000
  EXPECT_DOUBLE_EQ(eq4_lin_elapsed(kP, kM, kH), 4500);  // 6 x 3 x 2000 / 8
  EXPECT_DOUBLE_EQ(eq5_ls_run(kP, kM, kH), 12000);      // 3 x 4000
  EXPECT_DOUBLE_EQ(eq6_ls_elapsed(kP, kM, kH), 9000);   // 6 x 3 x 4000 / 8
  EXPECT_DOUBLE_EQ(eq7_bn_run(kP, kM, kH), 5000);       // 2 x 1000 + 3 x 500 x 2
  // (2 x 3 x 1000 + 2 x 2 x (4 x 500)) / 4 = (6000 + 8000) / 4
  EXPECT_DOUBLE_EQ(eq8_bn_gather_elapsed(kP, kM, kH), 3500);
}

TEST(ProficzEquations, PapersSanityCheckAtGigabitEthernet) {
  // Spec §3: 2M floats over 48 nodes at 8 ns/B, alpha ignored: (P-1)(N/P) beta = 65.7 ms, and
  // the paper measured 65 ms for LIN scatter.
  const double m = 2.0 * 1024 * 1024 * 4 / 48;
  EXPECT_NEAR(eq3_lin_run(48, m, {0, 8}), 65.7e6, 0.05e6);
}

TEST(ProficzEquations, ClosedFormsEqualThePrintedSums) {
  // Eq. 4: (1/P)(P-1)u + (1/P) sum_{i=1}^{P-1} i u; Eq. 8: (1/P) sum_i (P/2^i)(alpha + 2^i beta m).
  for (int P : {2, 3, 4, 7, 8, 16, 48}) {
    const double u = kH.alpha_ns + kM * kH.beta_ns_per_byte;
    double sum = (P - 1) * u;
    for (int i = 1; i < P; ++i) sum += i * u;
    EXPECT_NEAR(eq4_lin_elapsed(P, kM, kH), sum / P, 1e-9) << "P=" << P;
  }
  for (int P : {2, 4, 8, 16, 64}) {
    double sum = 0;
    for (int i = 0; (1 << i) < P; ++i) {
      sum += (P >> i) * (kH.alpha_ns + (1 << i) * kH.beta_ns_per_byte * kM);
    }
    EXPECT_NEAR(eq8_bn_gather_elapsed(P, kM, kH), sum / P, 1e-9) << "P=" << P;
  }
}

TEST(ProficzEquations, BinomialRoundsRoundUp) {
  EXPECT_EQ(binomial_rounds(1), 0);
  EXPECT_EQ(binomial_rounds(2), 1);
  EXPECT_EQ(binomial_rounds(3), 2);
  EXPECT_EQ(binomial_rounds(4), 2);
  EXPECT_EQ(binomial_rounds(5), 3);
  EXPECT_EQ(binomial_rounds(8), 3);
  EXPECT_EQ(binomial_rounds(48), 6);
  // P = 6 runs like P = 8: 3 alpha + 5 x 500 x 2.
  EXPECT_DOUBLE_EQ(eq7_bn_run(6, kM, kH), 8000);
}

TEST(ProficzEquations, OneDelayedProcess) {
  const double d = 10000;  // the late process arrives 10 us after the others
  // Scatter, linear: r^LIN = 6000.
  EXPECT_DOUBLE_EQ(eq9_lin_late_leaf(kP, kM, kH, d), 16000);              // d + 6000
  EXPECT_DOUBLE_EQ(eq10_slin_late_leaf(kP, kM, kH, d), 12000);            // max(d + 2000, 6000)
  EXPECT_DOUBLE_EQ(eq11_bsln_late_leaf(kP, kM, kH, d), 10000);            // max(d, 6000)
  EXPECT_DOUBLE_EQ(eq12_linear_scatter_late_root(kP, kM, kH, d), 16000);  // d + 6000
  // Scatter, binomial: r^BN = 5000.
  EXPECT_DOUBLE_EQ(eq13_bn_scatter_late_leaf(kP, kM, kH, d), 15000);
  EXPECT_DOUBLE_EQ(eq14_sbn_scatter_late_leaf(kP, kM, kH, d), 12000);  // max(d + 2000, 5000)
  EXPECT_DOUBLE_EQ(eq15_bsbn_scatter_late_leaf(kP, kM, kH, d), 10000);
  EXPECT_DOUBLE_EQ(eq16_bn_scatter_late_root(kP, kM, kH, d), 15000);
  // Gather, linear synchronized: r^LS = 12000.
  EXPECT_DOUBLE_EQ(eq17_ls_late_leaf(kP, kM, kH, d), 22000);
  EXPECT_DOUBLE_EQ(eq18_sls_late_leaf(kP, kM, kH, d), 14000);  // max(d + 3000 + 1000, 12000)
  EXPECT_DOUBLE_EQ(eq19_ls_late_root(kP, kM, kH, d), 22000);
  EXPECT_DOUBLE_EQ(eq20_bsls_late_root(kP, kM, kH, d), 12000);  // max(d, 12000): r^LS dominates
  // Gather, binomial: r^BN = 5000.
  EXPECT_DOUBLE_EQ(eq21_bn_gather_late_leaf(kP, kM, kH, d), 15000);
  // max(d + 1000 + 3 x 500 x 2 / 2, 5000)
  EXPECT_DOUBLE_EQ(eq22_bsbn_gather_late_leaf(kP, kM, kH, d), 12500);
  EXPECT_DOUBLE_EQ(eq23_bn_gather_late_root(kP, kM, kH, d), 15000);
  EXPECT_DOUBLE_EQ(eq24_bsbn_gather_late_root(kP, kM, kH, d), 10000);
}

TEST(ProficzEquations, ShortDelaysAreHiddenByTheFlatCost) {
  const double d = 1000;
  EXPECT_DOUBLE_EQ(eq10_slin_late_leaf(kP, kM, kH, d), 6000);  // max(3000, 6000)
  EXPECT_DOUBLE_EQ(eq11_bsln_late_leaf(kP, kM, kH, d), 6000);
  EXPECT_DOUBLE_EQ(eq15_bsbn_scatter_late_leaf(kP, kM, kH, d), 5000);
  EXPECT_DOUBLE_EQ(eq9_lin_late_leaf(kP, kM, kH, d), 7000);  // the baseline still pays d
}

TEST(ProficzCases, AlgorithmsMapToTheirEquations) {
  const double d = 10000;
  struct Expect {
    const char* collective;
    const char* algorithm;
    Scenario scenario;
    const char* equation;
    double ns;
  };
  const Expect expected[] = {
      {"scatter", "lin", Scenario::kLateLeaf, "Eq. 9", 16000},
      {"scatter", "slin", Scenario::kLateLeaf, "Eq. 10", 12000},
      {"scatter", "bsln", Scenario::kLateLeaf, "Eq. 11", 10000},
      {"scatter", "bsln", Scenario::kLateRoot, "Eq. 12", 16000},
      {"scatter", "bnom", Scenario::kLateLeaf, "Eq. 13", 15000},
      {"scatter", "sbn", Scenario::kLateLeaf, "Eq. 14", 12000},
      {"scatter", "bsbn", Scenario::kLateLeaf, "Eq. 15", 10000},
      {"scatter", "bsbn", Scenario::kLateRoot, "Eq. 16", 15000},
      {"gather", "ls", Scenario::kLateLeaf, "Eq. 17", 22000},
      {"gather", "sls", Scenario::kLateLeaf, "Eq. 18", 14000},
      {"gather", "bsls", Scenario::kLateLeaf, "Eq. 18", 14000},
      {"gather", "sls", Scenario::kLateRoot, "Eq. 19", 22000},
      {"gather", "bsls", Scenario::kLateRoot, "Eq. 20", 12000},
      {"gather", "sbn", Scenario::kLateLeaf, "Eq. 21", 15000},
      {"gather", "bsbn", Scenario::kLateLeaf, "Eq. 22", 12500},
      {"gather", "bnom", Scenario::kLateRoot, "Eq. 23", 15000},
      {"gather", "bsbn", Scenario::kLateRoot, "Eq. 24", 10000},
      {"scatter", "slin", Scenario::kFlat, "Eq. 3", 6000},
      {"gather", "bsls", Scenario::kFlat, "Eq. 5", 12000},
      {"gather", "sbn", Scenario::kFlat, "Eq. 7", 5000},
  };
  for (const Expect& e : expected) {
    const Prediction p = predict(e.collective, e.algorithm, e.scenario, kP, kM, kH, d);
    ASSERT_TRUE(p.run.has_value()) << e.collective << "/" << e.algorithm;
    EXPECT_EQ(p.run->equation, e.equation) << e.collective << "/" << e.algorithm;
    EXPECT_DOUBLE_EQ(p.run->ns, e.ns) << e.collective << "/" << e.algorithm;
    EXPECT_TRUE(p.no_model.empty());
    EXPECT_EQ(p.elapsed.has_value(), e.scenario == Scenario::kFlat);
  }
}

TEST(ProficzCases, FlatElapsedEquations) {
  auto elapsed = [](const char* c, const char* a) {
    return predict(c, a, Scenario::kFlat, kP, kM, kH, 0).elapsed.value();
  };
  EXPECT_EQ(elapsed("scatter", "bsln").equation, "Eq. 4");
  EXPECT_DOUBLE_EQ(elapsed("scatter", "bsln").ns, 4500);
  EXPECT_EQ(elapsed("scatter", "bnom").equation, "Eq. 7");  // binomial scatter: ē = r
  EXPECT_DOUBLE_EQ(elapsed("scatter", "bnom").ns, 5000);
  EXPECT_EQ(elapsed("gather", "bnom").equation, "Eq. 8");
  EXPECT_DOUBLE_EQ(elapsed("gather", "bnom").ns, 3500);
  EXPECT_EQ(elapsed("gather", "sls").equation, "Eq. 6");
  EXPECT_DOUBLE_EQ(elapsed("gather", "lin").ns, 4500);
}

TEST(ProficzCases, UncoveredCasesSayWhy) {
  const Prediction native = predict("scatter", "native", Scenario::kFlat, kP, kM, kH, 0);
  EXPECT_FALSE(native.run.has_value());
  EXPECT_NE(native.no_model.find("library"), std::string::npos);
  // The paper gives no delayed-process equation for linear (unsynchronized) gather.
  const Prediction lin = predict("gather", "lin", Scenario::kLateRoot, kP, kM, kH, 1000);
  EXPECT_FALSE(lin.run.has_value());
  EXPECT_FALSE(lin.no_model.empty());
  EXPECT_FALSE(predict("reduce", "binomial", Scenario::kFlat, kP, kM, kH, 0).run.has_value());
  EXPECT_EQ(scenario_name(Scenario::kLateLeaf), "late leaf (id:1)");
}

TEST(HockneyFit, RecoversAnExactLine) {
  // alpha = 1.5 us, beta = 0.25 ns/B (4 GB/s).
  std::vector<PingpongPoint> pts;
  for (double b : {0.0, 1024.0, 4096.0, 65536.0, 1048576.0}) pts.push_back({b, 1500 + 0.25 * b});
  const HockneyFit f = fit_hockney(pts);
  EXPECT_NEAR(f.model.alpha_ns, 1500, 1e-6);
  EXPECT_NEAR(f.model.beta_ns_per_byte, 0.25, 1e-12);
  EXPECT_NEAR(f.r_squared, 1.0, 1e-12);
  EXPECT_EQ(f.points, 5);
  EXPECT_EQ(f.min_bytes, 0);
  EXPECT_EQ(f.max_bytes, 1048576);
}

TEST(HockneyFit, LeastSquaresOnNoisyPoints) {
  // x = 0..3, y = 1, 3, 2, 4: mean x 1.5, mean y 2.5, Sxx = 5, Sxy = 4 -> beta 0.8,
  // alpha 2.5 - 0.8 x 1.5 = 1.3; residuals -0.3, 0.9, -0.9, 0.3 -> SSres 1.8, SStot 5, R^2 0.64.
  const std::vector<PingpongPoint> pts = {{0, 1}, {1, 3}, {2, 2}, {3, 4}};
  const HockneyFit f = fit_hockney(pts);
  EXPECT_NEAR(f.model.beta_ns_per_byte, 0.8, 1e-12);
  EXPECT_NEAR(f.model.alpha_ns, 1.3, 1e-12);
  EXPECT_NEAR(f.r_squared, 0.64, 1e-12);
}

TEST(HockneyFit, RefusesFewerThanTwoSizes) {
  EXPECT_THROW(fit_hockney(std::vector<PingpongPoint>{}), std::invalid_argument);
  const std::vector<PingpongPoint> same = {{64, 1000}, {64, 1100}};
  EXPECT_THROW(fit_hockney(same), std::invalid_argument);
}

TEST(HockneyFit, TwoSegmentsSplitAtTheEagerLimit) {
  // Eager up to 4 KiB: 500 ns + 0.5 ns/B; rendezvous above: 5000 ns + 0.1 ns/B.
  std::vector<PingpongPoint> pts;
  for (double b : {8.0, 512.0, 4096.0}) pts.push_back({b, 500 + 0.5 * b});
  for (double b : {16384.0, 262144.0, 4194304.0}) pts.push_back({b, 5000 + 0.1 * b});
  const HockneyModel m = fit_hockney_model(pts, 4096.0);
  EXPECT_NEAR(m.small.model.alpha_ns, 500, 1e-6);
  EXPECT_NEAR(m.small.model.beta_ns_per_byte, 0.5, 1e-12);
  EXPECT_NEAR(m.large.model.alpha_ns, 5000, 1e-6);
  EXPECT_NEAR(m.large.model.beta_ns_per_byte, 0.1, 1e-12);
  EXPECT_EQ(&m.segment(4096), &m.small);
  EXPECT_EQ(&m.segment(4097), &m.large);
  // One line through both protocols fits worse.
  const HockneyModel one = fit_hockney_model(pts, std::nullopt);
  EXPECT_LT(one.small.r_squared, 1.0 - 1e-6);
  EXPECT_EQ(&one.segment(1e9), &one.small);
  // A segment with a single size cannot be fitted, and the message names it.
  try {
    fit_hockney_model(pts, 10.0);
    FAIL() << "a one-point segment was fitted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("up to 10 bytes"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace papbench::report
