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

// "No effect" means the same on both sides of a row: a speed-up baseline / candidate within
// `band` of 1 (|speedup - 1| < band) is none, for the paper's value and for ours alike. The band
// is the view's: [Proficz2020]'s accelerations and [Parsons2015]'s speed-ups 0.05 (their own
// noise); a qualitative claim ("CLV shortest", "alg1 faster") has none (kNoBand), so there any
// significant difference counts. Without the band on our side a noiseless simulation made a
// difference under 0.05 ms in 83.4 ms (ratio 1.00 [1.00, 1.00]) an effect where the paper's
// -1.3 ms (x1.02) was none (docs/REPRODUCING.md, "Trend verdicts").
inline constexpr double kNoBand = 0.0;

// Ours, from the time ratio candidate / baseline and its 95% CI: an effect needs the CI clear of
// 1 (significant: entirely below is faster, entirely above slower) and the speed-up 1 / ratio
// outside `band` (relevant, as the paper's); a CI holding 1, a speed-up inside the band, or a
// value not finite (no comparison) is no difference.
Direction direction_from_ratio(double ratio, double ratio_ci_low, double ratio_ci_high,
                               double band);

// The paper's, from a speed-up baseline / candidate (> 1: the candidate is faster) or an
// acceleration; within `band` of 1 no effect.
Direction direction_from_speedup(double speedup, double band);

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
