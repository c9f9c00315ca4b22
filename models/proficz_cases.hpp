#pragma once
// Which of [Proficz2020] Eqs. 3-24 describes a scatter/gather case, and what it predicts. Pure: the
// caller classifies the case's arrival pattern (model_view.cpp) and supplies alpha and beta.

#include <optional>
#include <string>
#include <string_view>

#include "models/proficz_equations.hpp"

namespace papbench::report::proficz {

enum class Scenario {
  kFlat,      // no planned delay: a_0 = ... = a_{P-1} (Eqs. 3-8)
  kLateLeaf,  // only rank 1 delayed, root 0 ("id:1", Eqs. 9, 10, 11, 13, 14, 15, 17, 18, 21, 22)
  kLateRoot,  // only rank 0 delayed, root 0 ("id:0", Eqs. 12, 16, 19, 20, 23, 24)
};

std::string_view scenario_name(Scenario s);  // "flat", "late leaf (id:1)", "late root (id:0)"

// One predicted quantity and the equation it comes from ("Eq. 9").
struct Predicted {
  std::string equation;
  double ns = 0;
};

struct Prediction {
  std::optional<Predicted> run;      // run time, max f - min a
  std::optional<Predicted> elapsed;  // mean elapsed time; flat PAP only (the paper has no other)
  std::string no_model;              // why run is empty ("" when it is not)
};

// collective "scatter" or "gather", algorithm the registry name (lin, slin, bsln, bnom, sbn,
// bsbn / lin, ls, sls, bsls, bnom, sbn, bsbn); d as in model_proficz_equations.hpp (0 for flat).
// The sorted and background variants take their base algorithm's flat costs: on a flat PAP the
// paper says none of them changes the communication ([Proficz2020] §4.1-4.2).
Prediction predict(std::string_view collective, std::string_view algorithm, Scenario scenario,
                   int P, double m, Hockney h, double d);

}  // namespace papbench::report::proficz
