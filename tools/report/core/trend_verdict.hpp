#pragma once
// The trend verdict of issue 29: does our result move the same way as the paper's? One row of a
// paper view compares a candidate algorithm with a baseline (BSLN with LIN, the UHA with the
// flat MPICH algorithm, ...). Our direction comes from compare's 95% CI of the time ratio
// candidate / baseline (results/case_comparison.hpp), the paper's from its published value;
// the verdict says whether the signs agree. Pure functions, so the rule is unit-tested
// (tests/unit/trend_verdict_test.cpp) apart from the views that print it.

#include <string_view>

namespace papbench::report {

// The candidate against the baseline: faster, no (significant) difference, slower.
enum class Direction { kFaster, kNone, kSlower };

// Ours, from the CI of the time ratio candidate / baseline: entirely below 1 is faster,
// entirely above 1 slower, a CI holding 1 (or not finite: no comparison) no difference.
Direction direction_from_ratio_ci(double ratio_ci_low, double ratio_ci_high);

// The paper's, from a speed-up baseline / candidate (> 1: the candidate is faster) or an
// acceleration; within `flat` of 1 (the paper's own noise: |speedup - 1| < flat) no effect.
Direction direction_from_speedup(double speedup, double flat);

enum class Verdict {
  kSameSign,                 // both faster or both slower
  kOppositeSign,             // ours faster where the paper's is slower, or the reverse
  kNoSignificantDifference,  // our CI holds 1 (whatever the paper says)
  kEffectPaperLacks,         // ours significant where the paper shows no effect
};

Verdict trend_verdict(Direction ours, Direction paper);

// Whether the row counts as agreeing in sign: the same direction, "no effect" included (our CI
// holds 1 where the paper shows none).
bool agrees_in_sign(Direction ours, Direction paper);

std::string_view verdict_name(Verdict v);      // "same sign", "opposite sign", ...
std::string_view direction_name(Direction d);  // "faster", "no difference", "slower"

// The per-artefact count that `table --verdicts` prints.
struct VerdictTally {
  int agreeing = 0;
  int rows = 0;
  void add(bool agrees) {
    ++rows;
    if (agrees) ++agreeing;
  }
};

}  // namespace papbench::report
