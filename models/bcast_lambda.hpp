#pragma once
// [Nuriyev2022]'s models of the six Open MPI broadcast algorithms as linear rows in the tau-Lop
// parameters (o^0, o^1, L^0, L^1) of one segment m_s (Eqs. (1), (9)-(13), (16)-(19)):
//   T^0_p2p(m_s) = o^0 + 2 L^0 (shared memory), T^1_p2p(m_s) = o^1 + 2 L^0 + L^1 (network).
// A segmented tree costs the sum over its H + n_s - 1 stages of the largest NBFT active in the
// stage (§4.2, Eqs. (9)-(12)), each NBFT a platform factor times T^1_p2p(m_s) (Eq. (18)). The
// communication experiment adds the flat gather of m_s bytes per rank (Eq. (17)). Pure: no MPI.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "models/bcast_nbft.hpp"

namespace papbench::bcast_model {

enum class Algorithm { kFlat, kChain, kKchain, kBinary, kSplitBinary, kBinomial };
// Our names (papbench's bcast algorithms): flat, chain, kchain, binary, split_binary, binomial.
const char* algorithm_name(Algorithm a);
// The inverse; nullopt for another name.
std::optional<Algorithm> algorithm_from_name(std::string_view name);
std::span<const Algorithm> all_algorithms();

// Where our notes leave the paper ambiguous (docs/ALGORITHMS.md, "Errata and deviations"):
struct ModelOptions {
  // §12 A8. kWindow: each stage is charged with the largest NBFT active in it (Eqs. (9)-(13) as
  // written); kGlobalMax: every stage with the tree's largest NBFT, what the coefficients of
  // Eq. (20) imply the authors' code did.
  enum class Stages { kWindow, kGlobalMax } stages = Stages::kWindow;
  int kchain_fanout = 4;  // §12 A1: Open MPI's default chain fanout
  long segsize = 8192;    // m_s in bytes
};

// Coefficients of (o^0, o^1, L^0, L^1): a time is o0*o^0 + o1*o^1 + l0*L^0 + l1*L^1.
struct Lambda {
  double o0 = 0, o1 = 0, l0 = 0, l1 = 0;
  Lambda& operator+=(const Lambda& b);
  friend Lambda operator*(double k, Lambda a);
};
// k transfers of one segment over channel c: k T^c_p2p(m_s).
Lambda p2p(int channel, double k);

// Sum over the stages of the largest active NBFT's factor, in units of T^1_p2p(m_s), for a tree
// that forwards `segments` segments (§4.2's stage enumeration: node v at depth d(v) forwards
// segment s in stage d(v) + s).
double stage_factor_sum(const bcast::Tree& tree, int root, std::span<const int> domain,
                        const Platform& platform, long segments, ModelOptions::Stages stages);

// T_alg(P, m) of a broadcast of `bytes` from rank 0 over ranks placed in `domain` (one entry per
// rank). Messages that are not cut into m_s segments (flat's whole message, split-binary's
// exchange of halves) scale T_p2p(m_s) by m / m_s (§12 A9, option (a): the paper fits its
// parameters at m_s only).
Lambda bcast_lambda(Algorithm alg, long bytes, std::span<const int> domain,
                    const Platform& platform, const ModelOptions& options);
// Eq. (17): the flat gather without synchronization of m_s bytes from every rank to rank 0.
Lambda flat_gather_lambda(std::span<const int> domain);
// Eq. (16): the communication experiment, broadcast then flat gather, one row of Eq. (19).
Lambda experiment_lambda(Algorithm alg, long bytes, std::span<const int> domain,
                         const Platform& platform, const ModelOptions& options);

}  // namespace papbench::bcast_model
