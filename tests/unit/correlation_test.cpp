#include "results/correlation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace papbench::stats {
namespace {

TEST(Correlation, PearsonByHand) {
  // x = 1..5, y = 2,4,5,4,5: Sxy = 6, Sxx = 10, Syy = 6 -> r = 6 / sqrt(60) = 0.7745967.
  const std::vector<double> x{1, 2, 3, 4, 5}, y{2, 4, 5, 4, 5};
  EXPECT_NEAR(pearson(x, y), 0.7745966692, 1e-9);
  const std::vector<double> neg{10, 8, 6, 4, 2};
  EXPECT_DOUBLE_EQ(pearson(x, neg), -1.0);
}

TEST(Correlation, UndefinedCasesAreNaN) {
  const std::vector<double> x{1, 2, 3}, flat{4, 4, 4}, shorter{1, 2};
  EXPECT_TRUE(std::isnan(pearson(x, flat)));
  EXPECT_TRUE(std::isnan(pearson(x, shorter)));
  EXPECT_TRUE(std::isnan(pearson(std::vector<double>{1}, std::vector<double>{2})));
  EXPECT_TRUE(std::isnan(spearman(x, flat)));
}

TEST(Correlation, AverageRanksShareTies) {
  const std::vector<double> x{3, 1, 2, 2, 5};
  EXPECT_EQ(average_ranks(x), (std::vector<double>{4, 1, 2.5, 2.5, 5}));
}

TEST(Correlation, SpearmanByHandWithTies) {
  // ranks x = 1,2,3,4,5; ranks y (2,4,5,4,5) = 1, 2.5, 4.5, 2.5, 4.5.
  // Pearson of those: Sxy = 7, Sxx = 10, Syy = 9 -> rho = 7 / sqrt(90) = 0.7378648.
  const std::vector<double> x{1, 2, 3, 4, 5}, y{2, 4, 5, 4, 5};
  EXPECT_NEAR(spearman(x, y), 0.7378647873, 1e-9);
  // Monotone but not linear: rho = 1 while r < 1.
  const std::vector<double> cube{1, 8, 27, 64, 125};
  EXPECT_DOUBLE_EQ(spearman(x, cube), 1.0);
  EXPECT_LT(pearson(x, cube), 1.0);
}

TEST(Correlation, NormalizedArrivalsPerInvocation) {
  results::Matrix a(2, 3);
  a.data = {100, 150, 300,  //
            7,   7,   7};
  EXPECT_EQ(normalized_arrivals(a), (std::vector<double>{0, 0.25, 1, 0, 0, 0}));
}

}  // namespace
}  // namespace papbench::stats
