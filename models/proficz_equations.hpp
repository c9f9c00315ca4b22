#pragma once
// [Proficz2020] Eqs. 3-24 (§3-4): the Hockney-model costs of the scatter and gather
// algorithms, as pure functions.
//
// Units and names, the same in every function:
//   P      processes (one per node in the paper)
//   m      bytes of one rank's block, the paper's N/P (times the element size)
//   h      Hockney parameters: one message of m bytes costs alpha + beta * m
//   d      the single delayed process's lead, a_late - a_other (Eqs. 9-24): a_1 - a_0 when the
//          leaf rank 1 is late ("id:1"), a_0 - a_1 when the root rank 0 is late ("id:0")
// All times are nanoseconds. The flat-PAP equations assume a_0 = ... = a_{P-1}.
//
// The paper states Eqs. 7 and 8 for P = 2^k; for other P they are evaluated with
// ceil(log2 P) (the binomial tree's depth), which is what the functions below do.

namespace papbench::report::proficz {

struct Hockney {
  double alpha_ns = 0;          // startup time of one message
  double beta_ns_per_byte = 0;  // time per byte
};

// ceil(log2 P) for P >= 1 (0 for P = 1): the number of binomial-tree rounds.
int binomial_rounds(int P);

// --- flat PAP, Eqs. 3-8 ------------------------------------------------------------------------
double eq3_lin_run(int P, double m, Hockney h);            // r^LIN = (P-1)(a + m b)
double eq4_lin_elapsed(int P, double m, Hockney h);        // e^LIN = (P+2)(P-1)(a + m b) / 2P
double eq5_ls_run(int P, double m, Hockney h);             // r^LS = (P-1)(3a + m b)
double eq6_ls_elapsed(int P, double m, Hockney h);         // e^LS = (P+2)(P-1)(3a + m b) / 2P
double eq7_bn_run(int P, double m, Hockney h);             // r^BN = e^BNs = log2(P) a + (P-1) m b
double eq8_bn_gather_elapsed(int P, double m, Hockney h);  // e^BNg = (2(P-1) a + log2(P) b P m)/P

// --- one delayed process, root 0, Eqs. 9-24 (run time) ----------------------------------------
// Scatter, linear.
double eq9_lin_late_leaf(int P, double m, Hockney h, double d);    // d + r^LIN
double eq10_slin_late_leaf(int P, double m, Hockney h, double d);  // max(d + a + m b, r^LIN)
double eq11_bsln_late_leaf(int P, double m, Hockney h, double d);  // max(d, r^LIN)
double eq12_linear_scatter_late_root(int P, double m, Hockney h, double d);  // d + r^LIN
// Scatter, binomial.
double eq13_bn_scatter_late_leaf(int P, double m, Hockney h, double d);    // d + r^BN
double eq14_sbn_scatter_late_leaf(int P, double m, Hockney h, double d);   // max(d + a + m b, r^BN)
double eq15_bsbn_scatter_late_leaf(int P, double m, Hockney h, double d);  // max(d, r^BN)
double eq16_bn_scatter_late_root(int P, double m, Hockney h, double d);    // d + r^BN
// Gather, linear synchronized.
double eq17_ls_late_leaf(int P, double m, Hockney h, double d);    // d + r^LS
double eq18_sls_late_leaf(int P, double m, Hockney h, double d);   // max(d + 3a + m b, r^LS)
double eq19_ls_late_root(int P, double m, Hockney h, double d);    // d + r^LS (LS, SLS)
double eq20_bsls_late_root(int P, double m, Hockney h, double d);  // max(d, r^LS)
// Gather, binomial.
double eq21_bn_gather_late_leaf(int P, double m, Hockney h, double d);  // d + r^BN (BN, SBNg)
// max(d + a + (P-1) m b / 2, r^BN)
double eq22_bsbn_gather_late_leaf(int P, double m, Hockney h, double d);
double eq23_bn_gather_late_root(int P, double m, Hockney h, double d);    // d + r^BN (BN, SBNg)
double eq24_bsbn_gather_late_root(int P, double m, Hockney h, double d);  // max(d, r^BN)

}  // namespace papbench::report::proficz
