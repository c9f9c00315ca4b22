#pragma once
// Linear regression without intercept, by ordinary least squares and by Huber's M-estimator
// ([Huber1964]; [Nuriyev2022] §6.2 fits its parameters with "the Huber regressor"). Huber's loss is
// quadratic for residuals within epsilon scales and linear beyond, so one bad measurement (Eq. (20)
// repeats a right-hand side) pulls the fit far less than under least squares. Solved by iteratively
// reweighted least squares with the scale re-estimated each round as MAD / 0.6745 of the
// residuals; Eigen's column-pivoting QR does the linear algebra. Pure.

#include <span>
#include <vector>

namespace papbench::bcast_model {

struct RegressionFit {
  std::vector<double> coefficients;  // one per column
  std::vector<double> weights;       // Huber's final weight per row (1: inside epsilon scales)
  double scale = 0;                  // the residual scale the weights used (0 for OLS)
  int rank = 0;                      // of the design matrix: below its columns, some coefficients
                                     // are not identified (the solver sets one of each tie to 0)
  int iterations = 0;
};

// rows[i] holds row i of the design matrix; every row has the same length. Throws
// std::invalid_argument for no rows, ragged rows, or y of another length.
RegressionFit fit_ols(const std::vector<std::vector<double>>& rows, std::span<const double> y);
// epsilon > 1 (1.35 gives 95% efficiency under normal errors, scikit-learn's default).
RegressionFit fit_huber(const std::vector<std::vector<double>>& rows, std::span<const double> y,
                        double epsilon = 1.35, int max_iterations = 100);

}  // namespace papbench::bcast_model
