#include "bench/fft/dif_fft.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <barrier>
#include <bit>
#include <cfloat>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <thread>
#include <utility>

namespace papbench::fft {

bool is_power_of_two(std::size_t n) {
  return std::has_single_bit(n);
}

int log2_exact(std::size_t n) {
  if (!is_power_of_two(n)) {
    throw std::invalid_argument(fmt::format("{} is not a power of two", n));
  }
  return std::countr_zero(n);
}

DifPlan::DifPlan(std::size_t n) : n_(n), stages_(log2_exact(n)) {
  twiddle_.reserve(n / 2);
  for (std::size_t k = 0; k < n / 2; ++k) {
    const double angle = -2.0 * std::numbers::pi * static_cast<double>(k) / static_cast<double>(n);
    twiddle_.emplace_back(static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle)));
  }
}

void DifPlan::butterflies(std::span<Complex> x, int stage, std::size_t begin,
                          std::size_t end) const {
  // Butterfly b of the stage joins x[i] and x[i + h] (h = span) with i = 2h * (b / h) + b % h
  // and twiddle W_{2h}^(b % h) = W_n^((b % h) << stage); the loop walks b without dividing.
  const std::size_t h = n_ >> (stage + 1);
  std::size_t j = begin % h;
  std::size_t base = begin / h * 2 * h;
  for (std::size_t b = begin; b < end; ++b) {
    Complex& top = x[base + j];
    Complex& bottom = x[base + j + h];
    const Complex w = twiddle_[j << stage];
    const float dr = top.real() - bottom.real();
    const float di = top.imag() - bottom.imag();
    top = {top.real() + bottom.real(), top.imag() + bottom.imag()};
    // Written out: std::complex's operator* checks for NaN/inf (a library call per product).
    bottom = {dr * w.real() - di * w.imag(), dr * w.imag() + di * w.real()};
    if (++j == h) {
      j = 0;
      base += 2 * h;
    }
  }
}

void DifPlan::run_stages(std::span<Complex> x, int first, int last, int threads) const {
  if (x.size() != n_) {
    throw std::invalid_argument(
        fmt::format("DIF stages of a {}-point plan given {} points", n_, x.size()));
  }
  if (first < 0 || first > last || last > stages_) {
    throw std::invalid_argument(
        fmt::format("DIF stages [{}, {}) outside [0, {}]", first, last, stages_));
  }
  const std::size_t total = n_ / 2;  // butterflies per stage
  const int t = static_cast<int>(std::clamp<std::size_t>(
      static_cast<std::size_t>(std::max(threads, 1)), 1, std::max<std::size_t>(total, 1)));
  if (t == 1 || first == last) {
    for (int s = first; s < last; ++s) butterflies(x, s, 0, total);
    return;
  }
  // Every thread owns the same butterfly range in every stage; a stage reads what all threads
  // wrote in the previous one, hence the barrier.
  std::barrier stage_done(t);
  auto work = [&](int id) {
    const std::size_t begin = total * static_cast<std::size_t>(id) / static_cast<std::size_t>(t);
    const std::size_t end = total * static_cast<std::size_t>(id + 1) / static_cast<std::size_t>(t);
    for (int s = first; s < last; ++s) {
      butterflies(x, s, begin, end);
      stage_done.arrive_and_wait();
    }
  };
  std::vector<std::jthread> helpers;
  helpers.reserve(static_cast<std::size_t>(t - 1));
  for (int id = 1; id < t; ++id) helpers.emplace_back(work, id);
  work(0);
}

void DifPlan::transform(std::span<Complex> x, int threads) const {
  run_stages(x, 0, stages_, threads);
  bit_reverse_permute(x);
}

std::size_t bit_reverse(std::size_t k, int bits) {
  std::size_t r = 0;
  for (int b = 0; b < bits; ++b) {
    r = (r << 1) | (k & 1);
    k >>= 1;
  }
  return r;
}

void bit_reverse_permute(std::span<Complex> x) {
  const int bits = log2_exact(std::max<std::size_t>(x.size(), 1));
  for (std::size_t k = 0; k < x.size(); ++k) {
    const std::size_t r = bit_reverse(k, bits);
    if (k < r) std::swap(x[k], x[r]);
  }
}

std::vector<std::complex<double>> reference_dft(std::span<const Complex> x) {
  const std::size_t n = x.size();
  std::vector<std::complex<double>> w(n), out(n);
  for (std::size_t m = 0; m < n; ++m) {
    const double angle = -2.0 * std::numbers::pi * static_cast<double>(m) / static_cast<double>(n);
    w[m] = {std::cos(angle), std::sin(angle)};
  }
  for (std::size_t k = 0; k < n; ++k) {
    std::complex<double> sum = 0;
    std::size_t idx = 0;  // j * k mod n, kept exact
    for (std::size_t j = 0; j < n; ++j) {
      sum += std::complex<double>(x[j]) * w[idx];
      idx += k;
      if (idx >= n) idx -= n;
    }
    out[k] = sum;
  }
  return out;
}

double relative_error(std::span<const Complex> got, std::span<const std::complex<double>> want) {
  if (got.size() != want.size()) {
    throw std::invalid_argument(
        fmt::format("relative_error: {} values against {}", got.size(), want.size()));
  }
  double err = 0, ref = 0;
  for (std::size_t k = 0; k < got.size(); ++k) {
    err += std::norm(std::complex<double>(got[k]) - want[k]);
    ref += std::norm(want[k]);
  }
  if (ref == 0) return err == 0 ? 0 : INFINITY;
  return std::sqrt(err / ref);
}

double error_bound(std::size_t n) {
  const double stages = n > 1 ? std::log2(static_cast<double>(n)) : 1.0;
  return 4.0 * std::max(1.0, stages) * FLT_EPSILON;
}

}  // namespace papbench::fft
