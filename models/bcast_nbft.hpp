#pragma once
// A broadcast tree seen as [Nuriyev2022]'s Non-Blocking Flat Trees (§4.1, Eqs. (2)-(8)): every
// internal node forwards each segment to its children with isends and one waitall, an NBFT of
// 1 + children processes, C of them reached over the network. Its time is a platform factor
// times one point-to-point transfer of a segment: gamma^0(P)/Q for a shared-memory-only NBFT,
// gamma^1(P°) over the network, P° = C + floor((P-C-1)/Q) + 1 (Eq. (4); §12 A4 of our notes:
// with the +1, which alone reproduces Table 1(a)). Pure: no MPI.

#include <span>
#include <string>
#include <vector>

#include "collectives/bcast/ompi_trees.hpp"

namespace papbench::bcast_model {

// gamma^c(P) (Eq. (8), Table 1(b)) and Q(m_s) (Eq. (15)) of one platform.
struct Platform {
  std::string name;
  std::vector<double> gamma_shm;  // gamma^0(P) at index P; entries below 2 are ignored
  std::vector<double> gamma_net;  // gamma^1(P)
  double q = 1;                   // T^1_p2p(m_s) / T^0_p2p(m_s)

  // gamma^c(P): 1 for P <= 2 (Eq. (14)), the largest measured P's value beyond the table (§12 A5:
  // NBFTs larger than P^max(c) do not occur at the fitted scale; clamping keeps other scales
  // finite and is said in the report).
  double gamma(int channel, int p) const;
};

// The three clusters of [Nuriyev2022] Table 1 (gamma^0 = 1, §6.2): "grisou", "gros", "mn4".
const Platform* paper_platform(const std::string& name);

// Each rank's shared-memory domain (its node; §12 A3: the whole node is the domain that reproduces
// Table 1(a)). Consecutive ranks fill a node of `per_node` ranks ("serial" mapping, §8.2); the
// last node may be partial.
std::vector<int> block_domains(int ranks, int per_node);

struct Nbft {
  int parent = 0;   // the forwarding rank
  int depth = 0;    // the parent's depth in edges from the root
  int size = 0;     // P_v: the parent and its children
  int network = 0;  // C_v: children in another domain (Eq. (2))
};

// One NBFT per internal node of `tree`, in rank order.
std::vector<Nbft> tree_nbfts(const bcast::Tree& tree, int root, std::span<const int> domain);
// The tree's height in edges (0 for one rank).
int tree_height(const bcast::Tree& tree, int root);

// P° of Eq. (4): the size of the network-only NBFT that costs as much as a mixed one.
int equivalent_network_size(int size, int network, double q);
// An NBFT's time in units of T^1_p2p(m_s): gamma^0(P_v)/Q without network children (Eq. (18)),
// gamma^1(P°) with.
double nbft_factor(const Nbft& n, const Platform& platform);

// Table 1(a): the largest P° of an NBFT that uses the network, and the largest shared-memory-only
// NBFT, over the trees of the segmented algorithms (binomial, binary, k-chain, chain) rooted at
// 0: the P up to which gamma^1 and gamma^0 must be measured (§5.1).
struct NbftMaxima {
  int network = 0;
  int shared = 0;
};
NbftMaxima nbft_maxima(int ranks, std::span<const int> domain, double q, int kchain_fanout);

}  // namespace papbench::bcast_model
