#include "models/bcast_fit.hpp"

#include <Eigen/Dense>
#include <stdexcept>

#include "models/huber_regression.hpp"

namespace papbench::bcast_model {
namespace {

// One regression over the given columns: Huber's coefficients with their standard errors (the
// residual scale of the weighted fit times sqrt(diag((X' W X)^-1)), equal variances assumed), and
// OLS's beside.
struct ColumnFit {
  std::vector<double> huber, se, ols, weights;
};

ColumnFit fit_columns(const std::vector<std::vector<double>>& design, std::span<const double> y,
                      double epsilon) {
  const RegressionFit h = fit_huber(design, y, epsilon);
  ColumnFit out{h.coefficients, {}, fit_ols(design, y).coefficients, h.weights};
  const auto n = static_cast<Eigen::Index>(design.size());
  const auto k = static_cast<Eigen::Index>(design.front().size());
  Eigen::MatrixXd normal = Eigen::MatrixXd::Zero(k, k);
  double rss = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto& row = design[static_cast<std::size_t>(i)];
    const double w = h.weights[static_cast<std::size_t>(i)];
    Eigen::VectorXd x(k);
    double fitted = 0;
    for (Eigen::Index j = 0; j < k; ++j) {
      x(j) = row[static_cast<std::size_t>(j)];
      fitted += x(j) * h.coefficients[static_cast<std::size_t>(j)];
    }
    const double r = y[static_cast<std::size_t>(i)] - fitted;
    normal += w * x * x.transpose();
    rss += w * r * r;
  }
  const double sigma2 = n > k ? rss / static_cast<double>(n - k) : std::nan("");
  const Eigen::MatrixXd inverse = normal.inverse();
  for (Eigen::Index j = 0; j < k; ++j) out.se.push_back(std::sqrt(sigma2 * inverse(j, j)));
  return out;
}

}  // namespace

Transfers transfers(const Lambda& l) {
  return {l.o0, l.o1};
}

double TransferFit::predict(const Lambda& l) const {
  const Transfers t = transfers(l);
  return t.shm * t0 + t.net * t1;
}

TransferFit fit_transfer_times(std::span<const Lambda> rows, std::span<const double> y, double q,
                               double epsilon) {
  if (rows.empty()) throw std::invalid_argument("fit_transfer_times: no experiments");
  if (rows.size() != y.size()) throw std::invalid_argument("fit_transfer_times: one time per row");
  if (!(q > 0)) throw std::invalid_argument("fit_transfer_times: Q must be positive");
  TransferFit f;
  f.rows = static_cast<int>(rows.size());
  Eigen::MatrixXd x(static_cast<Eigen::Index>(rows.size()), 2);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Transfers t = transfers(rows[i]);
    x(static_cast<Eigen::Index>(i), 0) = t.shm;
    x(static_cast<Eigen::Index>(i), 1) = t.net;
  }
  const Eigen::VectorXd s = Eigen::JacobiSVD<Eigen::MatrixXd>(x).singularValues();
  const double largest = s(0);
  const double smallest = s.size() > 1 ? s(1) : 0.0;
  if (!(largest > 0)) return f;
  f.rank = smallest * kMaxCondition >= largest ? 2 : 1;
  if (f.rank == 2) {
    f.condition = largest / smallest;
    std::vector<std::vector<double>> design;
    for (const Lambda& l : rows) design.push_back({transfers(l).shm, transfers(l).net});
    const ColumnFit c = fit_columns(design, y, epsilon);
    f.t0 = c.huber[0];
    f.t1 = c.huber[1];
    f.t0_se = c.se[0];
    f.t1_se = c.se[1];
    f.t0_ols = c.ols[0];
    f.t1_ols = c.ols[1];
    f.weights = c.weights;
    f.t0_how = f.t1_how = Identified::kFitted;
    return f;
  }
  // Rank 1: every row is a multiple of one combination of T^0 and T^1 (flat: the same ranks on
  // each channel at every size; one channel only). One parameter is fitted, the other follows
  // from Eq. (3), T^1 = Q T^0, as inside the broadcast term of Eq. (18).
  const bool no_network = x.col(1).cwiseAbs().maxCoeff() == 0;
  std::vector<std::vector<double>> design;
  for (const Lambda& l : rows) {
    const Transfers t = transfers(l);
    design.push_back({no_network ? t.shm : t.shm / q + t.net});
  }
  const ColumnFit c = fit_columns(design, y, epsilon);
  f.weights = c.weights;
  if (no_network) {
    f.t0 = c.huber[0];
    f.t0_se = c.se[0];
    f.t0_ols = c.ols[0];
    f.t1 = q * f.t0;
    f.t0_how = Identified::kFitted;
    f.t1_how = Identified::kFromQ;
  } else {
    f.t1 = c.huber[0];
    f.t1_se = c.se[0];
    f.t1_ols = c.ols[0];
    f.t0 = f.t1 / q;
    f.t1_how = Identified::kFitted;
    f.t0_how = Identified::kFromQ;
  }
  return f;
}

}  // namespace papbench::bcast_model
