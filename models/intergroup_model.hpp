#pragma once
// [Kang2019]'s cost model of intergroup Allgather and Allgatherv: the lower bound M (§2.2, §4.1),
// root gathering at its best (Eq. (1)) and as production libraries run it (Eq. (2)), Algorithm 1
// (Theorem 1, Eq. (3)), Algorithm 2 (Theorem 3, Eq. (4)) and the expected improvement of the new
// algorithms over the libraries' root gathering (Eq. (5)). Pure arithmetic: no MPI, no files.
//
// Units are whatever the caller uses for block sizes (papbench-report passes bytes) and for t_s
// (ns) and t_w (ns per block unit). Group A is the larger one, as the paper takes q <= p; a shape
// with p < q is evaluated with the groups swapped (the formulas are written for q <= p).

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace papbench::intergroup_model {

// One group's blocks: its size, the sum of its blocks (p k_A for Allgather, K_A for Allgatherv)
// and the largest block (max(k_A) of Theorem 3).
struct Group {
  std::int64_t ranks = 0;
  double total = 0;
  double max_block = 0;
};

struct Shape {
  Group a, b;
  // Every block of a group has the same size (Allgather, or Allgatherv with equal blocks): only
  // then does Theorem 1, which is stated for one k_A and one k_B, apply.
  bool uniform = true;
};

// An Allgather shape: p blocks of k_a, q blocks of k_b.
Shape allgather_shape(std::int64_t p, std::int64_t q, double k_a, double k_b);
// An Allgatherv shape from every block of each group.
Shape allgatherv_shape(std::span<const double> blocks_a, std::span<const double> blocks_b);

// The distributions of papbench's --dist over a group of `ranks` with nominal block `nominal`:
// equal (nominal each), arith-code (2 (i + 1) ceil(nominal / ranks), the authors' code, [Kang2019]
// settings 6 and 8), arith-literal (nominal * i, §5 as printed) and uneven (max(0, nominal + i mod
// 3 - 1), the tests' blocks). The same rule as papbench's intergroup_vblock; repeated here because
// this library does not link MPI.
enum class Dist { kEqual, kArithCode, kArithLiteral, kUneven };
std::string_view dist_name(Dist dist);
std::optional<Dist> dist_from_name(std::string_view name);
std::vector<double> blocks(Dist dist, std::int64_t ranks, std::uint64_t nominal);
// The same blocks in bytes for a nominal block of `nominal_elements` elements of `elem_bytes`
// each: the rule works in elements, as papbench's runs do (arith-code's ceil(k/P) rounds whole
// elements, so 2048 B of ints over 1600 ranks is 2 (i + 1) ints, not 2 (i + 1) x 2 bytes).
std::vector<double> blocks_in_bytes(Dist dist, std::int64_t ranks, std::uint64_t nominal_elements,
                                    double elem_bytes);

// Hockney's two parameters as the paper names them: t_s per message, t_w per unit of data.
struct Link {
  double t_s = 0;
  double t_w = 0;
};

// A prediction split into its startup and transfer terms; total = startup + transfer.
struct Prediction {
  double startup = 0;
  double transfer = 0;
  double total() const { return startup + transfer; }
};

// The shape with A the larger group (groups swapped when q > p).
Shape normalized(const Shape& s);

// M = max(p k_A, q k_B) (max(K_A, K_B) for Allgatherv), in data units (multiply by t_w for time).
double lower_bound(const Shape& s);

// Eq. (1): root gathering with stages concurrent across the groups and an optimal broadcast,
// alpha t_s + (max((p-1) k_A, (q-1) k_B) + 2M) t_w with alpha = 1 + 2 log p (the form before the
// paper's "=", which holds only when one group dominates both maxima).
Prediction eq1_root_gathering_best(const Shape& s, const Link& link);

// Eq. (2): root gathering as MPICH, MVAPICH and Open MPI run it (sequential stages 2 and 3,
// broadcasts a factor 2 off): beta t_s + (max((p-1) k_A, (q-1) k_B) + 3 p k_A + 3 q k_B) t_w with
// beta = 2 + 2 log p + log q.
Prediction eq2_root_gathering_library(const Shape& s, const Link& link);

// Theorem 1, Eq. (3): Algorithm 1's transfer bound (M + k_B) t_w, with its startup
// (ceil(p/q) + log p) t_s of §4. nullopt for a shape whose blocks differ within a group.
std::optional<Prediction> eq3_algorithm1(const Shape& s, const Link& link);

// Theorem 3, Eq. (4): Algorithm 2's bound max(K_A + max(k_A), K_B + max(k_B)) t_w + log(pq) t_w,
// as printed (the Allreduce term is charged t_w, not t_s; the paper gives no startup term).
Prediction eq4_algorithm2(const Shape& s, const Link& link);

// Eq. (5): (M + 3 p k_A + 3 q k_B) / M (K_A, K_B for Allgatherv), the transfer of Eq. (2)'s limit
// over the lower bound that Algorithms 1 and 2 converge to. NaN when M is 0.
double eq5_expected_improvement(const Shape& s);

// log p of the formulas: the rounds of a binomial tree or Bruck's algorithm, ceil(log2 n) (0 for
// n = 1), so that it counts messages as the t_s terms do.
double log_rounds(std::int64_t n);

// [Kang2019] §5's eight parameter settings (S3, S4 from the convergence values, S7 = S2's shape;
// docs/MODEL.md).
enum class Setting { kS1 = 1, kS2, kS3, kS4, kS5, kS6, kS7, kS8 };
struct SettingInfo {
  Setting setting;
  std::string_view name;          // "S1"
  bool allgatherv;                // S5-S8
  std::int64_t ratio_p, ratio_q;  // 1:1 or 25:7
  double ka_factor, kb_factor;    // of the per-node size: S3 1 / 0.25, S4 0.25 / 1
  Dist dist;                      // equal for S1-S5, S7; arith-code for S6, S8
  double paper_eq5;               // the value §5 prints for it
};
std::span<const SettingInfo> settings();
const SettingInfo* find_setting(std::string_view name);  // "S1".."S8" or "1".."8"

// The setting's shape at group sizes p, q (a multiple of its ratio) and per-node size `nominal`:
// blocks k_A = nominal * ka_factor, k_B = nominal * kb_factor, spread as its distribution says.
Shape setting_shape(const SettingInfo& s, std::int64_t p, std::int64_t q, std::uint64_t nominal);

// The setting Eq. (5) converges to as p and q grow at its ratio: each group's mean block is its
// nominal block (arith-code's 2 (i + 1) ceil(k/P) has mean (P + 1)/P k -> k), so K_A/K_B = p/q, the
// reading under which §5's values hold (docs/MODEL.md); at 25:7 and 1:1 this gives 7.0, 4.84, 4.21,
// 6.68, 7.0, 7.0, 4.84, 4.84.
double setting_asymptote(const SettingInfo& s);

// The setting a case of the given collective and parameters is (nullopt when none): group sizes
// in the setting's ratio, its block factors and, for Allgatherv, its distribution.
std::optional<Setting> derive_setting(bool allgatherv, std::int64_t p, std::int64_t q,
                                      double ka_factor, double kb_factor, std::optional<Dist> dist);

}  // namespace papbench::intergroup_model
