#pragma once
// The binomial reduce tree that reduce/binomial and reduce/mpich-binomial share (MPICH 3.0.4's
// MPIR_Reduce_binomial, [MPICH] reduce.c): relative to the tree's root, a rank whose lowest set
// bit is 2^k ships its partial vector to relative rank - 2^k in step k and leaves; the others
// combine what they receive from relative rank + 2^k, in that fixed order, so results never
// depend on timing. A non-commutative op takes MPICH's other path: the same tree rooted at rank
// 0, where a lower rank always holds the left operand, and rank 0 forwards the result to the root.

#include <memory>
#include <string_view>

#include "collectives/core/algorithm.hpp"

namespace papbench {

// `name` for the refusals, `tag` on the algorithm's own communicator. Without
// `noncommutative_path` a non-commutative op is refused (require_commutative), as BNOM, the
// baseline of [ProficzOcetkiewicz2021], states no order.
std::unique_ptr<Algorithm> make_binomial_reduce(std::string_view name, int tag,
                                                bool noncommutative_path);

}  // namespace papbench
