#include "models/proficz_cases.hpp"

#include <array>

namespace papbench::report::proficz {
namespace {

using Flat = double (*)(int, double, Hockney);
using Late = double (*)(int, double, Hockney, double);

// One row per algorithm: its flat run and elapsed equations, and its run time with a late leaf
// (rank 1) and with a late root (rank 0). Null: the paper gives no equation.
struct Row {
  std::string_view collective, algorithm;
  const char* run_eq;
  Flat run;
  const char* elapsed_eq;
  Flat elapsed;
  const char* leaf_eq;
  Late leaf;
  const char* root_eq;
  Late root;
};

constexpr std::array<Row, 13> kRows = {{
    {"scatter", "lin", "Eq. 3", eq3_lin_run, "Eq. 4", eq4_lin_elapsed, "Eq. 9", eq9_lin_late_leaf,
     "Eq. 12", eq12_linear_scatter_late_root},
    {"scatter", "slin", "Eq. 3", eq3_lin_run, "Eq. 4", eq4_lin_elapsed, "Eq. 10",
     eq10_slin_late_leaf, "Eq. 12", eq12_linear_scatter_late_root},
    {"scatter", "bsln", "Eq. 3", eq3_lin_run, "Eq. 4", eq4_lin_elapsed, "Eq. 11",
     eq11_bsln_late_leaf, "Eq. 12", eq12_linear_scatter_late_root},
    // Binomial scatter: Eq. 7 is both its run and its elapsed time.
    {"scatter", "bnom", "Eq. 7", eq7_bn_run, "Eq. 7", eq7_bn_run, "Eq. 13",
     eq13_bn_scatter_late_leaf, "Eq. 16", eq16_bn_scatter_late_root},
    {"scatter", "sbn", "Eq. 7", eq7_bn_run, "Eq. 7", eq7_bn_run, "Eq. 14",
     eq14_sbn_scatter_late_leaf, "Eq. 16", eq16_bn_scatter_late_root},
    {"scatter", "bsbn", "Eq. 7", eq7_bn_run, "Eq. 7", eq7_bn_run, "Eq. 15",
     eq15_bsbn_scatter_late_leaf, "Eq. 16", eq16_bn_scatter_late_root},
    // Linear gather: the paper states Eqs. 3-4 for LIN in general but no delayed-process case.
    {"gather", "lin", "Eq. 3", eq3_lin_run, "Eq. 4", eq4_lin_elapsed, nullptr, nullptr, nullptr,
     nullptr},
    {"gather", "ls", "Eq. 5", eq5_ls_run, "Eq. 6", eq6_ls_elapsed, "Eq. 17", eq17_ls_late_leaf,
     "Eq. 19", eq19_ls_late_root},
    {"gather", "sls", "Eq. 5", eq5_ls_run, "Eq. 6", eq6_ls_elapsed, "Eq. 18", eq18_sls_late_leaf,
     "Eq. 19", eq19_ls_late_root},
    {"gather", "bsls", "Eq. 5", eq5_ls_run, "Eq. 6", eq6_ls_elapsed, "Eq. 18", eq18_sls_late_leaf,
     "Eq. 20", eq20_bsls_late_root},
    {"gather", "bnom", "Eq. 7", eq7_bn_run, "Eq. 8", eq8_bn_gather_elapsed, "Eq. 21",
     eq21_bn_gather_late_leaf, "Eq. 23", eq23_bn_gather_late_root},
    {"gather", "sbn", "Eq. 7", eq7_bn_run, "Eq. 8", eq8_bn_gather_elapsed, "Eq. 21",
     eq21_bn_gather_late_leaf, "Eq. 23", eq23_bn_gather_late_root},
    {"gather", "bsbn", "Eq. 7", eq7_bn_run, "Eq. 8", eq8_bn_gather_elapsed, "Eq. 22",
     eq22_bsbn_gather_late_leaf, "Eq. 24", eq24_bsbn_gather_late_root},
}};

}  // namespace

std::string_view scenario_name(Scenario s) {
  switch (s) {
    case Scenario::kFlat:
      return "flat";
    case Scenario::kLateLeaf:
      return "late leaf (id:1)";
    case Scenario::kLateRoot:
      return "late root (id:0)";
  }
  return "?";
}

Prediction predict(std::string_view collective, std::string_view algorithm, Scenario scenario,
                   int P, double m, Hockney h, double d) {
  Prediction out;
  const Row* row = nullptr;
  for (const Row& r : kRows) {
    if (r.collective == collective && r.algorithm == algorithm) row = &r;
  }
  if (row == nullptr) {
    out.no_model = algorithm == "native" ? "the library chooses its own algorithm"
                                         : "the paper has no equation for this algorithm";
    return out;
  }
  switch (scenario) {
    case Scenario::kFlat:
      out.run = Predicted{row->run_eq, row->run(P, m, h)};
      out.elapsed = Predicted{row->elapsed_eq, row->elapsed(P, m, h)};
      break;
    case Scenario::kLateLeaf:
      if (row->leaf) out.run = Predicted{row->leaf_eq, row->leaf(P, m, h, d)};
      break;
    case Scenario::kLateRoot:
      if (row->root) out.run = Predicted{row->root_eq, row->root(P, m, h, d)};
      break;
  }
  if (!out.run) out.no_model = "the paper gives no equation for a delayed process here";
  return out;
}

}  // namespace papbench::report::proficz
