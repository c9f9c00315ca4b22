// reduce/binomial (BNOM, a baseline of [ProficzOcetkiewicz2021] §6): a binomial tree without
// segmentation. In step k a rank whose relative rank has bit k as its lowest set bit ships its
// whole partial vector to relative rank - 2^k and leaves; the others combine what they receive.
// ceil(log2 P) steps, the full vector every time.
//
// Cost = lgp.alpha + n.lgp.beta + n.lgp.gamma (lgp = ceil(log2 p), n = vector bytes).
#include "collectives/reduce/binomial_tree.hpp"
#include "collectives/reduce/reduce.hpp"

namespace papbench {
namespace {

constexpr int kReduceBinomialTag = 31;

}  // namespace

// The tree of reduce/mpich-binomial for commutative ops (collectives/reduce/binomial_tree.hpp);
// a non-commutative one is refused.
std::unique_ptr<Algorithm> make_reduce_binomial(const AlgOptions& /*options*/) {
  return make_binomial_reduce("reduce/binomial", kReduceBinomialTag, false);
}

}  // namespace papbench
