// reduce/mpich-binomial: MPICH 3.0.4's binomial reduce ([MPICH] reduce.c, MPIR_Reduce_binomial;
// [Parsons2015] §3.7.4, "MPICH Bi."). Relative to the root, a rank whose lowest set bit is 2^k
// ships its partial vector to relative rank - 2^k in step k and leaves; the others combine what
// they receive from relative rank + 2^k, in that fixed order, so results never depend on timing.
// Non-commutative ops take MPICH's other path: the same tree rooted at rank 0, where a lower rank
// always holds the left operand, and rank 0 forwards the result to the root.
//
// Cost = lgp.alpha + n.lgp.beta + n.lgp.gamma (lgp = ceil(log2 p), n = vector bytes); a
// non-commutative op with root != 0 adds alpha + n.beta and an n-byte copy per combine.

#include "collectives/reduce/binomial_tree.hpp"
#include "collectives/reduce/reduce.hpp"

namespace papbench {
namespace {

constexpr int kReduceMpichBinomialTag = 41;

}  // namespace

// The tree itself: collectives/reduce/binomial_tree.hpp.
std::unique_ptr<Algorithm> make_reduce_mpich_binomial(const AlgOptions& /*options*/) {
  return make_binomial_reduce("reduce/mpich-binomial", kReduceMpichBinomialTag, true);
}

}  // namespace papbench
