// The FFT mini-application's kernel (bench/fft/dif_fft): DIF stages, bit reversal, the split
// into master and block stages, and agreement with the O(n^2) DFT for every size 1..4096.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>
#include <vector>

#include "bench/fft/dif_fft.hpp"

namespace papbench::fft {
namespace {

std::vector<Complex> random_input(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  std::vector<Complex> x(n);
  for (Complex& v : x) v = {d(rng), d(rng)};
  return x;
}

TEST(FftDif, PowerOfTwoChecks) {
  EXPECT_TRUE(is_power_of_two(1));
  EXPECT_TRUE(is_power_of_two(4096));
  EXPECT_FALSE(is_power_of_two(0));
  EXPECT_FALSE(is_power_of_two(6));
  EXPECT_EQ(log2_exact(1), 0);
  EXPECT_EQ(log2_exact(1024), 10);
  EXPECT_THROW(log2_exact(12), std::invalid_argument);
  EXPECT_THROW(DifPlan(3), std::invalid_argument);
  EXPECT_THROW(DifPlan(0), std::invalid_argument);
}

TEST(FftDif, BitReverse) {
  EXPECT_EQ(bit_reverse(0, 3), 0u);
  EXPECT_EQ(bit_reverse(1, 3), 4u);
  EXPECT_EQ(bit_reverse(6, 3), 3u);
  EXPECT_EQ(bit_reverse(1, 10), 512u);
  std::vector<Complex> x(8);
  for (std::size_t k = 0; k < x.size(); ++k) x[k] = {static_cast<float>(k), 0};
  bit_reverse_permute(x);
  const float want[] = {0, 4, 2, 6, 1, 5, 3, 7};
  for (std::size_t k = 0; k < x.size(); ++k) EXPECT_EQ(x[k].real(), want[k]) << k;
  bit_reverse_permute(x);  // an involution
  for (std::size_t k = 0; k < x.size(); ++k) EXPECT_EQ(x[k].real(), static_cast<float>(k));
}

TEST(FftDif, OneStageIsTheTextbookButterfly) {
  // n = 4, stage 0: x[j] + x[j+2] and (x[j] - x[j+2]) W_4^j with W_4 = -i.
  std::vector<Complex> x = {{1, 0}, {2, 0}, {3, 0}, {5, 0}};
  DifPlan(4).run_stages(x, 0, 1);
  EXPECT_EQ(x[0], Complex(4, 0));
  EXPECT_EQ(x[1], Complex(7, 0));
  EXPECT_EQ(x[2], Complex(-2, 0));
  EXPECT_NEAR(x[3].real(), 0, 1e-6);
  EXPECT_NEAR(x[3].imag(), 3, 1e-6);  // (2 - 5) * (-i) = 3i
}

TEST(FftDif, ImpulseAndConstant) {
  std::vector<Complex> x(16);
  x[0] = 1;
  DifPlan(16).transform(x);
  for (const Complex& v : x) EXPECT_EQ(v, Complex(1, 0));
  DifPlan(16).transform(x);  // the DFT of all ones is 16 at k = 0
  EXPECT_EQ(x[0], Complex(16, 0));
  for (std::size_t k = 1; k < x.size(); ++k) EXPECT_LT(std::abs(x[k]), 1e-5) << k;
}

TEST(FftDif, SingleToneLandsInItsBin) {
  const std::size_t n = 64, bin = 5;
  std::vector<Complex> x(n);
  for (std::size_t j = 0; j < n; ++j) {
    const double a = 2 * std::numbers::pi * static_cast<double>(bin * j) / n;
    x[j] = {static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a))};
  }
  DifPlan(n).transform(x);
  for (std::size_t k = 0; k < n; ++k) {
    EXPECT_NEAR(std::abs(x[k]), k == bin ? 64.0 : 0.0, 1e-4) << k;
  }
}

TEST(FftDif, MatchesTheDftForEverySizeUpTo4096) {
  for (std::size_t n = 1; n <= 4096; n *= 2) {
    std::vector<Complex> x = random_input(n, n);
    const auto want = reference_dft(x);
    DifPlan(n).transform(x);
    const double err = relative_error(x, want);
    EXPECT_LE(err, error_bound(n)) << "n = " << n;
  }
}

TEST(FftDif, ThreadsGiveTheSameBits) {
  // Every butterfly is computed by exactly one thread with the same operations, so the split
  // changes nothing, not even the rounding.
  const std::vector<Complex> input = random_input(64, 7);
  std::vector<Complex> one = input;
  DifPlan(64).transform(one, 1);
  for (int threads : {2, 3, 4, 7, 1000}) {
    std::vector<Complex> many = input;
    DifPlan(64).transform(many, threads);  // 1000: capped at the 32 butterflies
    EXPECT_EQ(many, one) << threads << " threads";
  }
}

TEST(FftDif, MasterStagesThenBlockPlansEqualTheWholeTransform) {
  // The application's split: log2(P) stages of the n-point plan on the whole vector, then an
  // (n/P)-point plan on each block; the blocks in order are the global bit-reversed spectrum.
  const std::size_t n = 2048;
  const std::vector<Complex> input = random_input(n, 3);
  const auto want = reference_dft(input);
  for (std::size_t p : {1u, 2u, 4u, 8u, 2048u}) {
    std::vector<Complex> x = input;
    DifPlan(n).run_stages(x, 0, log2_exact(p));
    const DifPlan local(n / p);
    const int half = local.stages() / 2;
    for (std::size_t b = 0; b < p; ++b) {
      std::span<Complex> block(x.data() + b * (n / p), n / p);
      local.run_stages(block, 0, half);  // the PAT edge sits between the two calls
      local.run_stages(block, half, local.stages());
    }
    bit_reverse_permute(x);
    EXPECT_LE(relative_error(x, want), error_bound(n)) << "P = " << p;
  }
}

TEST(FftDif, ValidationCatchesWrongSpectra) {
  std::vector<Complex> x = random_input(256, 11);
  const auto want = reference_dft(x);
  DifPlan(256).run_stages(x, 0, 8);
  // Natural order expected: the bit-reversed order alone is far outside the bound.
  EXPECT_GT(relative_error(x, want), 0.5);
  bit_reverse_permute(x);
  ASSERT_LE(relative_error(x, want), error_bound(256));
  x[17] += Complex(0.01f, 0);  // one wrong bin
  EXPECT_GT(relative_error(x, want), error_bound(256));
}

TEST(FftDif, RefusesBadStageRanges) {
  std::vector<Complex> x(8);
  const DifPlan plan(8);
  EXPECT_THROW(plan.run_stages(x, 0, 4), std::invalid_argument);
  EXPECT_THROW(plan.run_stages(x, 2, 1), std::invalid_argument);
  std::vector<Complex> wrong(4);
  EXPECT_THROW(plan.run_stages(wrong, 0, 1), std::invalid_argument);
  EXPECT_THROW(relative_error(wrong, reference_dft(x)), std::invalid_argument);
}

}  // namespace
}  // namespace papbench::fft
