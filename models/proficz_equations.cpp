#include "models/proficz_equations.hpp"

#include <algorithm>

namespace papbench::report::proficz {
namespace {

// One message of a block: alpha + (N/P) beta.
double msg(double m, Hockney h) {
  return h.alpha_ns + m * h.beta_ns_per_byte;
}

}  // namespace

int binomial_rounds(int P) {
  int rounds = 0;
  for (long long span = 1; span < P; span *= 2) ++rounds;
  return rounds;
}

// Eq. (3): the root sends P-1 blocks one after another.
double eq3_lin_run(int P, double m, Hockney h) {
  return (P - 1) * msg(m, h);
}

// Eq. (4): the root is busy (P-1) units, the i-th served leaf i units; mean over P processes.
double eq4_lin_elapsed(int P, double m, Hockney h) {
  return (P + 2.0) * (P - 1) * msg(m, h) / (2.0 * P);
}

// Eq. (5): linear synchronized gather, 3 alpha per leaf (sync message + two data segments).
double eq5_ls_run(int P, double m, Hockney h) {
  return (P - 1) * (3 * h.alpha_ns + m * h.beta_ns_per_byte);
}

// Eq. (6): Eq. (4) with the LS unit 3 alpha + m beta.
double eq6_ls_elapsed(int P, double m, Hockney h) {
  return (P + 2.0) * (P - 1) * (3 * h.alpha_ns + m * h.beta_ns_per_byte) / (2.0 * P);
}

// Eq. (7): log2(P) message startups, (P-1) blocks through the root's link. Also the binomial
// scatter's elapsed time and the binomial gather's run time.
double eq7_bn_run(int P, double m, Hockney h) {
  return binomial_rounds(P) * h.alpha_ns + (P - 1) * m * h.beta_ns_per_byte;
}

// Eq. (8): binomial gather elapsed, (2(P-1) alpha + log2(P) beta N) / P with N = P m.
double eq8_bn_gather_elapsed(int P, double m, Hockney h) {
  return (2.0 * (P - 1) * h.alpha_ns + binomial_rounds(P) * h.beta_ns_per_byte * P * m) / P;
}

// Eq. (9): LIN serves the late rank 1 first and blocks on it; everyone else waits as well.
double eq9_lin_late_leaf(int P, double m, Hockney h, double d) {
  return d + eq3_lin_run(P, m, h);
}

// Eq. (10): SLIN serves the late leaf last; it costs one message after it arrives.
double eq10_slin_late_leaf(int P, double m, Hockney h, double d) {
  return std::max(d + msg(m, h), eq3_lin_run(P, m, h));
}

// Eq. (11): BSLN's background thread has received before the leaf's computation ends.
double eq11_bsln_late_leaf(int P, double m, Hockney h, double d) {
  return std::max(d, eq3_lin_run(P, m, h));
}

// Eq. (12): a late scatter root delays LIN, SLIN and BSLN alike.
double eq12_linear_scatter_late_root(int P, double m, Hockney h, double d) {
  return d + eq3_lin_run(P, m, h);
}

// Eq. (13): BNOM sends to rank 1 first (Open MPI's in-order tree).
double eq13_bn_scatter_late_leaf(int P, double m, Hockney h, double d) {
  return d + eq7_bn_run(P, m, h);
}

// Eq. (14): SBN puts the late leaf in the last slot: one message after it arrives.
double eq14_sbn_scatter_late_leaf(int P, double m, Hockney h, double d) {
  return std::max(d + msg(m, h), eq7_bn_run(P, m, h));
}

// Eq. (15): BSBN's background thread receives (and forwards) during the computation.
double eq15_bsbn_scatter_late_leaf(int P, double m, Hockney h, double d) {
  return std::max(d, eq7_bn_run(P, m, h));
}

// Eq. (16): a late scatter root delays BN, SBN and BSBN alike.
double eq16_bn_scatter_late_root(int P, double m, Hockney h, double d) {
  return d + eq7_bn_run(P, m, h);
}

// Eq. (17): LS syncs rank 1 first and waits for its first segment.
double eq17_ls_late_leaf(int P, double m, Hockney h, double d) {
  return d + eq5_ls_run(P, m, h);
}

// Eq. (18): SLS and BSLS sync the late leaf last: one LS exchange after it arrives.
double eq18_sls_late_leaf(int P, double m, Hockney h, double d) {
  return std::max(d + 3 * h.alpha_ns + m * h.beta_ns_per_byte, eq5_ls_run(P, m, h));
}

// Eq. (19): the leaves of LS and SLS wait for the late root's sync message.
double eq19_ls_late_root(int P, double m, Hockney h, double d) {
  return d + eq5_ls_run(P, m, h);
}

// Eq. (20): BSLS's root collects in its background thread while it still computes.
double eq20_bsls_late_root(int P, double m, Hockney h, double d) {
  return std::max(d, eq5_ls_run(P, m, h));
}

// Eq. (21): in BN and SBN gather a late rank 1 holds up the root's last receive.
double eq21_bn_gather_late_leaf(int P, double m, Hockney h, double d) {
  return d + eq7_bn_run(P, m, h);
}

// Eq. (22): BSBN gather: the late leaf's own send of half the data, (P-1) N / 2P, after it
// arrives.
double eq22_bsbn_gather_late_leaf(int P, double m, Hockney h, double d) {
  return std::max(d + h.alpha_ns + (P - 1) * m * h.beta_ns_per_byte / 2.0, eq7_bn_run(P, m, h));
}

// Eq. (23): BN and SBN gather wait for the late root.
double eq23_bn_gather_late_root(int P, double m, Hockney h, double d) {
  return d + eq7_bn_run(P, m, h);
}

// Eq. (24): BSBN gather's root receives in the background while it still computes.
double eq24_bsbn_gather_late_root(int P, double m, Hockney h, double d) {
  return std::max(d, eq7_bn_run(P, m, h));
}

}  // namespace papbench::report::proficz
