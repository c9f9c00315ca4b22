#include "models/huber_regression.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace papbench::bcast_model {
namespace {

struct Problem {
  Eigen::MatrixXd x;
  Eigen::VectorXd y;
};

Problem to_eigen(const std::vector<std::vector<double>>& rows, std::span<const double> y) {
  if (rows.empty() || rows.front().empty()) throw std::invalid_argument("regression: no data");
  if (rows.size() != y.size()) throw std::invalid_argument("regression: one value per row");
  const auto n = static_cast<Eigen::Index>(rows.size());
  const auto k = static_cast<Eigen::Index>(rows.front().size());
  Problem p{Eigen::MatrixXd(n, k), Eigen::VectorXd(n)};
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto& row = rows[static_cast<std::size_t>(i)];
    if (static_cast<Eigen::Index>(row.size()) != k)
      throw std::invalid_argument("regression: ragged rows");
    for (Eigen::Index j = 0; j < k; ++j) p.x(i, j) = row[static_cast<std::size_t>(j)];
    p.y(i) = y[static_cast<std::size_t>(i)];
  }
  return p;
}

// Weighted least squares: each row scaled by sqrt(w).
Eigen::VectorXd solve(const Problem& p, const Eigen::VectorXd& w, int* rank) {
  const Eigen::VectorXd s = w.cwiseSqrt();
  const Eigen::MatrixXd xw = s.asDiagonal() * p.x;
  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(xw);
  *rank = static_cast<int>(qr.rank());
  return qr.solve(s.cwiseProduct(p.y));
}

double median(std::vector<double> v) {
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  if (v.size() % 2 == 1) return *mid;
  return (*mid + *std::max_element(v.begin(), mid)) / 2;
}

RegressionFit result(const Eigen::VectorXd& beta, const Eigen::VectorXd& w, double scale, int rank,
                     int iterations) {
  return RegressionFit{{beta.data(), beta.data() + beta.size()},
                       {w.data(), w.data() + w.size()},
                       scale,
                       rank,
                       iterations};
}

}  // namespace

RegressionFit fit_ols(const std::vector<std::vector<double>>& rows, std::span<const double> y) {
  const Problem p = to_eigen(rows, y);
  const Eigen::VectorXd w = Eigen::VectorXd::Ones(p.y.size());
  int rank = 0;
  const Eigen::VectorXd beta = solve(p, w, &rank);
  return result(beta, w, 0, rank, 1);
}

RegressionFit fit_huber(const std::vector<std::vector<double>>& rows, std::span<const double> y,
                        double epsilon, int max_iterations) {
  if (!(epsilon > 1)) throw std::invalid_argument("Huber regression: epsilon must exceed 1");
  const Problem p = to_eigen(rows, y);
  Eigen::VectorXd w = Eigen::VectorXd::Ones(p.y.size());
  int rank = 0;
  Eigen::VectorXd beta = solve(p, w, &rank);
  double scale = 0;
  int it = 0;
  while (it < max_iterations) {
    ++it;
    const Eigen::VectorXd r = p.y - p.x * beta;
    std::vector<double> abs_r(static_cast<std::size_t>(r.size()));
    for (Eigen::Index i = 0; i < r.size(); ++i) abs_r[static_cast<std::size_t>(i)] = std::abs(r(i));
    // MAD / 0.6745 estimates a normal sigma and ignores the outliers it is there to weigh down.
    scale = median(abs_r) / 0.6745;
    if (scale <= 0) break;  // at least half the rows fit exactly: nothing to reweigh
    for (Eigen::Index i = 0; i < r.size(); ++i) {
      const double a = abs_r[static_cast<std::size_t>(i)];
      w(i) = a <= epsilon * scale ? 1.0 : epsilon * scale / a;
    }
    const Eigen::VectorXd next = solve(p, w, &rank);
    const bool converged = (next - beta).norm() <= 1e-12 * std::max(1.0, beta.norm()) ||
                           (next - beta).norm() <= 1e-10 * next.norm();
    beta = next;
    if (converged) break;
  }
  return result(beta, w, scale, rank, it);
}

}  // namespace papbench::bcast_model
