// [Nuriyev2022]'s broadcast model against the paper's own numbers: Table 1(a) from the trees and
// the mapping, Eq. (20)'s coefficients from the stage decomposition, and its fit by Huber's
// estimator; plus hand-worked small trees for each stage rule.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "models/bcast_lambda.hpp"
#include "models/bcast_nbft.hpp"
#include "models/huber_regression.hpp"

namespace papbench::bcast_model {
namespace {

using Stages = ModelOptions::Stages;

TEST(BcastModel, Table1aFromTheTreesAndTheMapping) {
  struct Row {
    const char* cluster;
    int ranks, per_node;
    double q;
    int network, shared;
  };
  // P at which the paper fitted, cores per node, Q, and Table 1(a)'s P^max(1), P^max(0).
  for (const Row& r : {Row{"grisou", 600, 16, 6, 7, 3}, Row{"gros", 1000, 18, 12, 7, 3},
                       Row{"mn4", 480, 48, 9, 5, 3}}) {
    const std::vector<int> domain = block_domains(r.ranks, r.per_node);
    const NbftMaxima max = nbft_maxima(r.ranks, domain, r.q, 4);
    EXPECT_EQ(max.network, r.network) << r.cluster;
    EXPECT_EQ(max.shared, r.shared) << r.cluster;
  }
}

TEST(BcastModel, EquivalentNetworkSizeIsEquation4) {
  EXPECT_EQ(equivalent_network_size(7, 6, 12), 7);   // all children over the network
  EXPECT_EQ(equivalent_network_size(10, 5, 12), 6);  // 4 shared-memory sends < Q: worth nothing
  EXPECT_EQ(equivalent_network_size(10, 1, 4), 4);   // 8 shared-memory sends = 2 network ones
}

// Eq. (20): Gros, binomial, P = 1000, m = 16 KiB .. 4 MiB. Its o^1 coefficients are
// gamma^1(7) = 1.424 times the H + n_s - 1 = 8 + n_s stages, plus 0.07 the text does not explain
// (our notes, §7.4): every stage charged with the tree's largest NBFT.
TEST(BcastModel, Equation20CoefficientsUnderTheGlobalMaximum) {
  const std::array<double, 9> paper_o1 = {14.31,  17.15,  22.85,  34.24, 57.03,
                                          102.59, 193.73, 376.00, 740.55};
  const std::vector<int> domain = block_domains(1000, 18);
  const Platform& gros = *paper_platform("gros");
  ModelOptions o;
  o.stages = Stages::kGlobalMax;
  for (int i = 0; i < 9; ++i) {
    const long bytes = 16384L << i;
    const Lambda l = bcast_lambda(Algorithm::kBinomial, bytes, domain, gros, o);
    EXPECT_NEAR(l.o1, 1.424 * static_cast<double>(8 + bytes / 8192), 1e-9) << bytes;
    // The paper prints two decimals of coefficients built from a three-decimal gamma.
    EXPECT_NEAR(l.o1 + 0.07, paper_o1[static_cast<std::size_t>(i)], 0.01) << bytes;
    EXPECT_EQ(l.o1, l.l1);  // T^1 = o^1 + 2 L^0 + L^1: o^1 and L^1 always come together
    EXPECT_EQ(l.l0, 2 * l.o1);
    EXPECT_EQ(l.o0, 0);  // a shared-memory NBFT is gamma^0/Q network transfers (Eq. (18))
    // The sliding window charges the first and last stages less.
    o.stages = Stages::kWindow;
    EXPECT_LT(bcast_lambda(Algorithm::kBinomial, bytes, domain, gros, o).o1, l.o1);
    o.stages = Stages::kGlobalMax;
  }
}

// Binomial, P = 8, one node: 0 -> {1,2,4} (4 processes), 1 -> {3,5} (3), 2 -> {6} and 3 -> {7}
// (2). With gamma^0 = 1, 1.5, 2 for 2, 3, 4 processes and Q = 1: M_0 = 2, M_1 = 1.5, M_2 = 1.
TEST(BcastModel, StagesSlideOverTheDepths) {
  Platform p;
  p.gamma_shm = {1, 1, 1, 1.5, 2};
  p.q = 1;
  const std::vector<int> one_node(8, 0);
  const bcast::Tree tree = bcast::whole_tree(bcast::TreeShape::kBinomial, 8, 0, 1);
  // n_s = 2: stages {d0}, {d0,d1}, {d1,d2}, {d2}.
  EXPECT_DOUBLE_EQ(stage_factor_sum(tree, 0, one_node, p, 2, Stages::kWindow), 2 + 2 + 1.5 + 1);
  EXPECT_DOUBLE_EQ(stage_factor_sum(tree, 0, one_node, p, 2, Stages::kGlobalMax), 4 * 2);
  // n_s = 1: one stage per depth.
  EXPECT_DOUBLE_EQ(stage_factor_sum(tree, 0, one_node, p, 1, Stages::kWindow), 2 + 1.5 + 1);
}

TEST(BcastModel, ChainCountsItsPipelineStages) {
  Platform p;
  p.q = 4;
  const std::vector<int> one_node(5, 0);
  ModelOptions o;
  // P + n_s - 2 = 5 + 3 - 2 stages of one two-process NBFT, each gamma^0(2)/Q = 1/4.
  const Lambda l = bcast_lambda(Algorithm::kChain, 3 * 8192, one_node, p, o);
  EXPECT_DOUBLE_EQ(l.o1, 6.0 / 4);
}

TEST(BcastModel, FlatGatherAndFlatBroadcastCountChannels) {
  const std::vector<int> domain = block_domains(5, 2);  // nodes {0,1}, {2,3}, {4}
  const Lambda g = flat_gather_lambda(domain);
  EXPECT_DOUBLE_EQ(g.o0, 1);  // rank 1
  EXPECT_DOUBLE_EQ(g.o1, 3);  // ranks 2, 3, 4
  EXPECT_DOUBLE_EQ(g.l0, 8);
  EXPECT_DOUBLE_EQ(g.l1, 3);
  Platform p;
  const Lambda f = bcast_lambda(Algorithm::kFlat, 2 * 8192, domain, p, ModelOptions{});
  EXPECT_DOUBLE_EQ(f.o0, 2 * g.o0);  // Eq. (1), the whole message: m / m_s transfers each
  EXPECT_DOUBLE_EQ(f.l1, 2 * g.l1);
  const Lambda e = experiment_lambda(Algorithm::kFlat, 2 * 8192, domain, p, ModelOptions{});
  EXPECT_DOUBLE_EQ(e.o1, f.o1 + g.o1);  // Eq. (16)
}

// P = 4 on one node, m = 32 KiB: halves of 16 KiB, two segments each down 0 -> {1,2}, 1 -> {3}
// (H = 2: 3 stages), then the exchange of a half (two segments' worth) in shared memory.
TEST(BcastModel, SplitBinaryAddsTheExchangeOfHalves) {
  Platform p;
  p.gamma_shm = {1, 1, 1, 1.5};
  p.q = 2;
  const std::vector<int> one_node(4, 0);
  const Lambda l = bcast_lambda(Algorithm::kSplitBinary, 32768, one_node, p, ModelOptions{});
  EXPECT_DOUBLE_EQ(l.o1, 1.5 / 2 + 1.5 / 2 + 1.0 / 2);
  EXPECT_DOUBLE_EQ(l.o0, 2);
  // Halves below a segment: Open MPI falls back to the pipeline, and so does the model.
  const Lambda small = bcast_lambda(Algorithm::kSplitBinary, 8192, one_node, p, ModelOptions{});
  const Lambda chain = bcast_lambda(Algorithm::kChain, 8192, one_node, p, ModelOptions{});
  EXPECT_DOUBLE_EQ(small.o1, chain.o1);
  EXPECT_DOUBLE_EQ(small.o0, 0);
}

TEST(BcastModel, NothingToSendCostsNothing) {
  Platform p;
  for (Algorithm a : all_algorithms()) {
    const Lambda one = bcast_lambda(a, 1 << 20, std::vector<int>{0}, p, ModelOptions{});
    const Lambda empty = bcast_lambda(a, 0, std::vector<int>{0, 0, 1}, p, ModelOptions{});
    EXPECT_EQ(one.o1 + one.o0 + one.l0 + one.l1, 0) << algorithm_name(a);
    EXPECT_EQ(empty.o1 + empty.o0 + empty.l0 + empty.l1, 0) << algorithm_name(a);
  }
}

// Eq. (20)'s system, o^1 and L^1 merged (their columns are equal), against our notes' fits:
// OLS over all nine rows 1.83e-4 and 6.5e-6; Huber, which discounts the repeated 8th right-hand
// side, 1.97e-4 and 7.9e-6.
TEST(HuberRegression, Equation20) {
  const std::array<double, 9> o1 = {14.31,  17.15,  22.85,  34.24, 57.03,
                                    102.59, 193.73, 376.00, 740.55};
  const std::vector<double> t = {0.0103169514, 0.010932707,  0.0121768391,
                                 0.015099681,  0.0199503694, 0.0293413861,
                                 0.0479402791, 0.0479402791, 0.1595142696};
  std::vector<std::vector<double>> rows;
  for (double c : o1) rows.push_back({c, c + 998});
  const RegressionFit ols = fit_ols(rows, t);
  EXPECT_NEAR(ols.coefficients[0], 1.83e-4, 0.02e-4);
  EXPECT_NEAR(ols.coefficients[1], 6.5e-6, 0.1e-6);
  const RegressionFit huber = fit_huber(rows, t, 1.35);
  EXPECT_NEAR(huber.coefficients[0], 1.97e-4, 0.02e-4);
  EXPECT_NEAR(huber.coefficients[1], 7.9e-6, 0.1e-6);
  EXPECT_LT(huber.weights[7], 0.5);  // the repeated row is weighed down
  EXPECT_EQ(huber.weights[0], 1.0);
  EXPECT_EQ(huber.rank, 2);
}

TEST(HuberRegression, RecoversExactDataAndResistsOneOutlier) {
  std::vector<std::vector<double>> rows;
  std::vector<double> y;
  for (int i = 1; i <= 12; ++i) {
    rows.push_back({1.0 * i, 1.0});
    y.push_back(3.0 * i + 5.0 + ((i % 3) - 1) * 0.01);
  }
  y[5] += 40;  // one wild measurement
  const RegressionFit huber = fit_huber(rows, y);
  EXPECT_NEAR(huber.coefficients[0], 3.0, 0.01);
  EXPECT_NEAR(huber.coefficients[1], 5.0, 0.05);
  const RegressionFit ols = fit_ols(rows, y);
  EXPECT_GT(std::abs(ols.coefficients[1] - 5.0), 1.0);  // least squares is pulled away
}

TEST(HuberRegression, ReportsColumnsItCannotTellApart) {
  const std::vector<std::vector<double>> rows = {{1, 1}, {2, 2}, {3, 3}};
  const std::vector<double> y = {2, 4, 6};
  EXPECT_EQ(fit_ols(rows, y).rank, 1);
  EXPECT_THROW(fit_huber(rows, y, 1.0), std::invalid_argument);
  EXPECT_THROW(fit_ols({}, std::vector<double>{}), std::invalid_argument);
}

}  // namespace
}  // namespace papbench::bcast_model
