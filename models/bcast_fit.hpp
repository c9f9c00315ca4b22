#pragma once
// What [Nuriyev2022]'s communication experiments (§5.2, Eqs. (16)-(19)) can identify, and the fit
// of exactly that. Every term of Eqs. (1), (9)-(13) and (17) is a count of point-to-point
// transfers of one segment over channel 0 or 1, so a row of Eq. (19) is
//   n0 (o^0 + 2 L^0) + n1 (o^1 + 2 L^0 + L^1) = n0 T^0_p2p + n1 T^1_p2p:
// the L^0 coefficient is always 2 (n0 + n1) and the L^1 coefficient always n1, so the design in
// (o^0, o^1, L^0, L^1) has rank at most 2 and the four tau-Lop parameters are never separable by
// these experiments (docs/MODEL.md). What is fitted per algorithm is (T^0_p2p, T^1_p2p), and of
// those only what the design's rank and condition allow. Pure: no files, no MPI.

#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "models/bcast_lambda.hpp"

namespace papbench::bcast_model {

// A row's transfer counts: n0 = the o^0 coefficient, n1 = the o^1 coefficient.
struct Transfers {
  double shm = 0, net = 0;
};
Transfers transfers(const Lambda& l);

// How a parameter was obtained.
enum class Identified {
  kFitted,  // a column of a design of full rank
  kFromQ,   // rank 1: not identified; taken from the other by Eq. (3), T^1 = Q T^0, so that the
            // model can still predict; Table 2 does not print it
  kNo,      // nothing to fit it from
};

struct TransferFit {
  int rows = 0;
  int rank = 0;  // numerical rank of the (n0, n1) design
  // sigma_max / sigma_min of the (n0, n1) design (both columns are transfer counts, so unscaled);
  // infinite when rank-deficient.
  double condition = std::numeric_limits<double>::infinity();
  double t0 = std::nan(""), t1 = std::nan("");        // Huber, seconds per transfer
  double t0_se = std::nan(""), t1_se = std::nan("");  // standard errors (NaN: no residual d.f.)
  double t0_ols = std::nan(""), t1_ols = std::nan("");
  Identified t0_how = Identified::kNo, t1_how = Identified::kNo;
  std::vector<double> weights;  // Huber's final weight per row

  // n0 T^0 + n1 T^1, with a parameter taken from Q where it had to be; NaN without parameters.
  double predict(const Lambda& l) const;
};

// Designs whose condition number exceeds this are treated as rank-deficient: the solution would
// be noise amplified that much.
inline constexpr double kMaxCondition = 1e8;

// Fits T^0_p2p and T^1_p2p to experiments `rows` (their Eq. (19) coefficients) and measured times
// `y` in seconds, by Huber's estimator with threshold `epsilon` (and OLS beside). q is the
// platform's Q(m_s), used only when the design has rank 1. Throws std::invalid_argument for no
// rows or y of another length.
TransferFit fit_transfer_times(std::span<const Lambda> rows, std::span<const double> y, double q,
                               double epsilon);

}  // namespace papbench::bcast_model
