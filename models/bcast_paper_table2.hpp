#pragma once
// [Nuriyev2022] Table 2: o^1, L^0, L^1 per algorithm and cluster (o^0 = 0 on all three), and the
// two point-to-point times they amount to, T^0_p2p = o^0 + 2 L^0 and T^1_p2p = o^1 + 2 L^0 + L^1
// (§4), the only combinations the communication experiments identify (models/bcast_fit.hpp).
// Used to print the paper's values beside ours and as known parameters of synthetic tests. Pure.

#include <optional>
#include <string_view>

#include "models/bcast_lambda.hpp"

namespace papbench::bcast_model {

struct PaperTauLop {
  double o1 = 0, l0 = 0, l1 = 0;  // seconds
  double t0() const { return 2 * l0; }
  double t1() const { return o1 + 2 * l0 + l1; }
};

// cluster: "grisou", "gros" or "mn4" (paper_platform's names); nullopt for another name.
std::optional<PaperTauLop> paper_table2(std::string_view cluster, Algorithm alg);

}  // namespace papbench::bcast_model
