#!/usr/bin/env bash
# papbench-synth at a tiny size (docs/SCALING.md times it at 4096 ranks): its files are result
# sets every papbench-report view of the scaling table reads, and it refuses to overwrite.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_SYNTH:?}"

expect_exit 0 "$PAPBENCH_SYNTH" --ranks 8 --iters 20 --cases 4 --ppn 4 --out a.h5
expect_exit 0 "$PAPBENCH_SYNTH" --ranks 8 --iters 20 --cases 4 --ppn 4 --seed 2 --out b.h5
expect_exit 2 "$PAPBENCH_SYNTH" --ranks 8 --iters 20 --cases 4 --out a.h5
expect_contains err.txt "--force"
expect_exit 0 "$CHECK_RESULT" a.h5 --cases 4

expect_exit 0 "$PAPBENCH_REPORT" summary a.h5 --format csv
# One block of rows per case: column 2 is the case index.
[[ $(cut -d, -f2 out.txt | grep -c '^[0-9]') -gt 0 && $(cut -d, -f2 out.txt | sort -u | grep -c '^[0-9]') == 4 ]] ||
  { cat out.txt >&2; fail "summary: not 4 cases"; }
expect_exit 0 "$PAPBENCH_REPORT" compare a.h5 b.h5
expect_contains out.txt "reduce/clairvoyant"
expect_exit 0 "$PAPBENCH_REPORT" compare a.h5 a.h5 --a-alg binomial --b-alg clairvoyant
expect_exit 0 "$PAPBENCH_REPORT" export csv a.h5 --out a.csv --include-late --include-invalid
# One row per case, iteration and rank, and a header.
[[ $(wc -l < a.csv) == $((4 * 20 * 8 + 1)) ]] || fail "export csv: $(wc -l < a.csv) lines"
expect_exit 0 "$PAPBENCH_REPORT" pap a.h5
expect_contains out.txt "clv_schedule_ns"
