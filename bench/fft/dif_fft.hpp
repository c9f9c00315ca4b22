#pragma once
// Radix-2 decimation-in-frequency FFT kernel of the FFT mini-application ([Proficz2020] §6;
// docs/FFT.md), split into stages so that the master can run the first log2(P) stages on the whole
// vector and every rank the remaining ones on its own N/P block: after global stage s the vector
// consists of 2^(s+1) independent blocks, and the later stages of one block are exactly the stages
// of an (N / 2^(s+1))-point DIF FFT of that block. In-place DIF leaves the spectrum in bit-reversed
// order; bit_reverse_permute() puts it into natural order. Single precision, as the paper's "256 K
// of floats"; twiddles are computed in double and rounded once.

#include <complex>
#include <cstddef>
#include <span>
#include <vector>

namespace papbench::fft {

using Complex = std::complex<float>;

bool is_power_of_two(std::size_t n);
// log2 of a power of two.
int log2_exact(std::size_t n);

class DifPlan {
 public:
  // n >= 1, a power of two; std::invalid_argument otherwise.
  explicit DifPlan(std::size_t n);
  std::size_t size() const { return n_; }
  int stages() const { return stages_; }

  // Applies DIF stages [first, last) of the n-point transform to x (x.size() == n) in place.
  // Stage s has butterflies of span n >> (s + 1); its butterflies are split evenly over
  // `threads` std::jthreads (the caller is one of them) that meet at a barrier between stages.
  void run_stages(std::span<Complex> x, int first, int last, int threads = 1) const;
  // All stages, then the bit-reversal permutation: the DFT of x in natural order.
  void transform(std::span<Complex> x, int threads = 1) const;

 private:
  void butterflies(std::span<Complex> x, int stage, std::size_t begin, std::size_t end) const;

  std::size_t n_;
  int stages_;
  std::vector<Complex> twiddle_;  // W_n^k = exp(-2 pi i k / n), k < n / 2
};

// k with its low `bits` bits reversed.
std::size_t bit_reverse(std::size_t k, int bits);
// x[k] <-> x[bit_reverse(k)]; x.size() a power of two.
void bit_reverse_permute(std::span<Complex> x);

// The O(n^2) textbook DFT X_k = sum_j x_j exp(-2 pi i jk / n) in double precision (angles from
// the exact integer jk mod n), the reference the FFT is validated against.
std::vector<std::complex<double>> reference_dft(std::span<const Complex> x);

// ||got - want||_2 / ||want||_2 (0 when both are zero).
double relative_error(std::span<const Complex> got, std::span<const std::complex<double>> want);
// The accepted relative error of a single-precision radix-2 FFT of n points:
// 4 * max(1, log2 n) * FLT_EPSILON. Each of the log2 n stages adds at most a few roundings
// (one add and one complex multiply with a correctly rounded twiddle) to every element; the
// rms error grows like sqrt(log2 n) * eps in practice, so this leaves a wide margin while
// still catching any wrong twiddle, stage or permutation (those give errors of order 1).
double error_bound(std::size_t n);

}  // namespace papbench::fft
