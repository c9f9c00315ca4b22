#!/usr/bin/env bash
# Which timed iterations are validated: by default every one of an arrival-dependent algorithm
# (clairvoyant builds a new schedule each iteration), only the first of the others; the per-
# iteration verdict is stored (format 1.3) and summary JSON counts it; bad values exit 2.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${JSON_QUERY:?}"
expect_line() {  # FILE LINE: the exact line is in FILE
  grep -qxF -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "'$1' lacks the line '$2'"; }
}
checked() {  # FILE -> "/sections/0/rows/0/validated_iterations = N" and the failed count
  "$PAPBENCH_REPORT" summary "$1" --format json |
    "$JSON_QUERY" /sections/0/rows/0/validated_iterations /sections/0/rows/0/failed_iterations \
      >q.txt || fail "summary JSON of $1"
}

expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg clairvoyant --maxdelay 2ms \
  --iters 12 --warmup 1 --out clv.h5 --progress never
checked clv.h5
expect_line q.txt '/sections/0/rows/0/validated_iterations = 12'
expect_line q.txt '/sections/0/rows/0/failed_iterations = 0'

expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg native --maxdelay 2ms \
  --iters 12 --warmup 1 --out native.h5 --progress never
checked native.h5
expect_line q.txt '/sections/0/rows/0/validated_iterations = 1'

# Every 5th: iterations 0, 5 and 10; 0 checks only the first, even of clairvoyant.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg native --maxdelay 2ms \
  --iters 12 --warmup 1 --validate-every 5 --out every5.h5 --progress never
checked every5.h5
expect_line q.txt '/sections/0/rows/0/validated_iterations = 3'
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg clairvoyant --maxdelay 2ms \
  --iters 12 --warmup 1 --validate-every 0 --out first.h5 --progress never
checked first.h5
expect_line q.txt '/sections/0/rows/0/validated_iterations = 1'
h5dump -d /cases/0000/validation first.h5 >v.txt || fail "no validation dataset"
expect_contains v.txt "(0): 1, 0, 0, 0,"

expect_exit 0 "$PAPBENCH_REPORT" summary clv.h5
expect_contains out.txt "(12 checked)"

expect_exit 2 mpirun_n 1 "$PAPBENCH" --validate-every often --out bad.h5
expect_contains err.txt "--validate-every: 'often' is not accepted; accepted: auto"
[[ ! -e bad.h5 ]] || fail "a refused run wrote bad.h5"
