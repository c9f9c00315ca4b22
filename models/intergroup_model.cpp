#include "models/intergroup_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>

namespace papbench::intergroup_model {

Shape allgather_shape(std::int64_t p, std::int64_t q, double k_a, double k_b) {
  return {{p, static_cast<double>(p) * k_a, k_a}, {q, static_cast<double>(q) * k_b, k_b}, true};
}

namespace {

Group group_of(std::span<const double> blocks) {
  Group g;
  g.ranks = static_cast<std::int64_t>(blocks.size());
  g.total = std::accumulate(blocks.begin(), blocks.end(), 0.0);
  g.max_block = blocks.empty() ? 0 : *std::max_element(blocks.begin(), blocks.end());
  return g;
}

bool all_equal(std::span<const double> blocks) {
  return std::adjacent_find(blocks.begin(), blocks.end(), std::not_equal_to<>()) == blocks.end();
}

// A group's block when all are equal (Allgather's k_A).
double uniform_block(const Group& g) {
  return g.ranks == 0 ? 0 : g.total / static_cast<double>(g.ranks);
}

double ceil_div(std::int64_t a, std::int64_t b) {
  return static_cast<double>((a + b - 1) / b);
}

}  // namespace

Shape allgatherv_shape(std::span<const double> blocks_a, std::span<const double> blocks_b) {
  return {group_of(blocks_a), group_of(blocks_b), all_equal(blocks_a) && all_equal(blocks_b)};
}

std::string_view dist_name(Dist dist) {
  switch (dist) {
    case Dist::kEqual:
      return "equal";
    case Dist::kArithCode:
      return "arith-code";
    case Dist::kArithLiteral:
      return "arith-literal";
    case Dist::kUneven:
      return "uneven";
  }
  return "equal";
}

std::optional<Dist> dist_from_name(std::string_view name) {
  for (Dist d : {Dist::kEqual, Dist::kArithCode, Dist::kArithLiteral, Dist::kUneven}) {
    if (dist_name(d) == name) return d;
  }
  return std::nullopt;
}

std::vector<double> blocks(Dist dist, std::int64_t ranks, std::uint64_t nominal) {
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(std::max<std::int64_t>(ranks, 0)));
  const auto n = static_cast<std::int64_t>(nominal);
  for (std::int64_t i = 0; i < ranks; ++i) {
    switch (dist) {
      case Dist::kEqual:
        out.push_back(static_cast<double>(n));
        break;
      case Dist::kArithCode:
        out.push_back(static_cast<double>(2 * (i + 1)) * ceil_div(n, ranks));
        break;
      case Dist::kArithLiteral:
        out.push_back(static_cast<double>(n * i));
        break;
      case Dist::kUneven:
        out.push_back(static_cast<double>(std::max<std::int64_t>(0, n + i % 3 - 1)));
        break;
    }
  }
  return out;
}

std::vector<double> blocks_in_bytes(Dist dist, std::int64_t ranks, std::uint64_t nominal_elements,
                                    double elem_bytes) {
  std::vector<double> out = blocks(dist, ranks, nominal_elements);
  for (double& x : out) x *= elem_bytes;
  return out;
}

Shape normalized(const Shape& s) {
  if (s.a.ranks >= s.b.ranks) return s;
  return {s.b, s.a, s.uniform};
}

double lower_bound(const Shape& s) {
  return std::max(s.a.total, s.b.total);
}

double log_rounds(std::int64_t n) {
  if (n <= 1) return 0;
  // ceil(log2 n) in integers: floating log2 of an exact power of two may land a hair above.
  int rounds = 0;
  for (std::int64_t reach = 1; reach < n; reach *= 2) ++rounds;
  return rounds;
}

namespace {

// max((p-1) k_A, (q-1) k_B) of Eqs. (1) and (2): the stage-1 gathers, which run at once.
double gather_term(const Shape& s) {
  return std::max(s.a.total - uniform_block(s.a), s.b.total - uniform_block(s.b));
}

}  // namespace

Prediction eq1_root_gathering_best(const Shape& shape, const Link& link) {
  const Shape s = normalized(shape);
  const double alpha = 1 + 2 * log_rounds(s.a.ranks);
  return {alpha * link.t_s, (gather_term(s) + 2 * lower_bound(s)) * link.t_w};
}

Prediction eq2_root_gathering_library(const Shape& shape, const Link& link) {
  const Shape s = normalized(shape);
  const double beta = 2 + 2 * log_rounds(s.a.ranks) + log_rounds(s.b.ranks);
  return {beta * link.t_s, (gather_term(s) + 3 * s.a.total + 3 * s.b.total) * link.t_w};
}

std::optional<Prediction> eq3_algorithm1(const Shape& shape, const Link& link) {
  const Shape s = normalized(shape);
  if (!s.uniform || s.b.ranks == 0) return std::nullopt;
  const double rounds = ceil_div(s.a.ranks, s.b.ranks);
  return Prediction{(rounds + log_rounds(s.a.ranks)) * link.t_s,
                    (lower_bound(s) + uniform_block(s.b)) * link.t_w};
}

Prediction eq4_algorithm2(const Shape& shape, const Link& link) {
  const Shape s = normalized(shape);
  const double exchange = std::max(s.a.total + s.a.max_block, s.b.total + s.b.max_block);
  // log(pq) of the two Allreduces, which the paper charges at t_w (docs/MODEL.md).
  const double allreduce =
      std::log2(static_cast<double>(s.a.ranks) * static_cast<double>(s.b.ranks));
  return {0, (exchange + allreduce) * link.t_w};
}

double eq5_expected_improvement(const Shape& shape) {
  const Shape s = normalized(shape);
  const double m = lower_bound(s);
  if (m <= 0) return std::numeric_limits<double>::quiet_NaN();
  return (m + 3 * s.a.total + 3 * s.b.total) / m;
}

namespace {

constexpr std::array<SettingInfo, 8> kSettings = {{
    {Setting::kS1, "S1", false, 1, 1, 1.0, 1.0, Dist::kEqual, 7.0},
    {Setting::kS2, "S2", false, 25, 7, 1.0, 1.0, Dist::kEqual, 4.84},
    {Setting::kS3, "S3", false, 25, 7, 1.0, 0.25, Dist::kEqual, 4.21},
    {Setting::kS4, "S4", false, 25, 7, 0.25, 1.0, Dist::kEqual, 6.68},
    {Setting::kS5, "S5", true, 1, 1, 1.0, 1.0, Dist::kEqual, 7.0},
    {Setting::kS6, "S6", true, 1, 1, 1.0, 1.0, Dist::kArithCode, 7.0},
    {Setting::kS7, "S7", true, 25, 7, 1.0, 1.0, Dist::kEqual, 4.84},
    {Setting::kS8, "S8", true, 25, 7, 1.0, 1.0, Dist::kArithCode, 4.84},
}};

double block_of(std::uint64_t nominal, double factor) {
  return std::floor(static_cast<double>(nominal) * factor + 0.5);
}

}  // namespace

std::span<const SettingInfo> settings() {
  return kSettings;
}

const SettingInfo* find_setting(std::string_view name) {
  if (name.size() == 2 && (name[0] == 'S' || name[0] == 's')) name.remove_prefix(1);
  for (const SettingInfo& s : kSettings) {
    if (name.size() == 1 && s.name[1] == name[0]) return &s;
  }
  return nullptr;
}

Shape setting_shape(const SettingInfo& s, std::int64_t p, std::int64_t q, std::uint64_t nominal) {
  const auto k_a = static_cast<std::uint64_t>(block_of(nominal, s.ka_factor));
  const auto k_b = static_cast<std::uint64_t>(block_of(nominal, s.kb_factor));
  if (!s.allgatherv)
    return allgather_shape(p, q, static_cast<double>(k_a), static_cast<double>(k_b));
  const std::vector<double> a = blocks(s.dist, p, k_a), b = blocks(s.dist, q, k_b);
  return allgatherv_shape(a, b);
}

double setting_asymptote(const SettingInfo& s) {
  // Mean block = nominal block in both distributions, so the shape is Allgather's at the ratio.
  return eq5_expected_improvement(allgather_shape(s.ratio_p, s.ratio_q, s.ka_factor, s.kb_factor));
}

std::optional<Setting> derive_setting(bool allgatherv, std::int64_t p, std::int64_t q,
                                      double ka_factor, double kb_factor,
                                      std::optional<Dist> dist) {
  for (const SettingInfo& s : kSettings) {
    if (s.allgatherv != allgatherv) continue;
    if (p * s.ratio_q != q * s.ratio_p) continue;
    // The factors' ratio names the setting; their scale is the per-node size's business.
    if (std::abs(ka_factor * s.kb_factor - kb_factor * s.ka_factor) > 1e-9 * ka_factor) continue;
    if (allgatherv && dist != s.dist) continue;
    return s.setting;
  }
  return std::nullopt;
}

}  // namespace papbench::intergroup_model
