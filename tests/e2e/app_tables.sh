#!/usr/bin/env bash
# [Parsons2015] Tables 3.9-3.11 from real runs as a user makes them: `papbench app floyd|matvec|ft
# --out` on 4 ranks (2 virtual nodes of 2) with the thesis' algorithms, validated, then
# `papbench-report table parsons-table3.9|3.10|3.11` on the files. Checked: every algorithm's case
# is in the file, each table prints a measured row whose columns hold "TIME (S.SS)", the thesis'
# rows beside, the shape-check note; --out on an existing file without --force exits 2 naming
# --out and leaves the file as it was; --force replaces it; a kill keeps the finished cases.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${CHECK_RESULT:?}"
small="--reps 2 --virtual-ppn 2 --validate"
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" app floyd --n 48 $small \
  --bcast-alg mpich-binomial,hier-barrier,dynleader --out floyd.h5
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" app matvec --n 48 --iters 8 $small \
  --reduce-alg mpich-binomial,hier-barrier,dynleader --out matvec.h5
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" app ft --n 16 --iters 2 $small \
  --alltoall-alg mpich-isend,uha:inter=mpich-isend,a2a-aware --out ft.h5

# TABLE FILE COLUMN...: the measured row (4 processes, 2 x 2 virtual) has "TIME (S.SS)" in every
# candidate column, the thesis' section follows, and the note says what one host is.
expect_table() {
  local table=$1 file=$2; shift 2
  expect_exit 0 "$PAPBENCH_REPORT" table "$table" "$file"
  expect_contains out.txt "2 x 2 (virtual)"
  expect_contains out.txt ": thesis"
  expect_contains out.txt "shape check of the kernels and the algorithms, not a reproduction"
  local row; row=$(grep -E '^ +4 +2 x 2 \(virtual\)' out.txt) || { cat out.txt; fail "$table: no row"; }
  local n; n=$(grep -oE '[0-9.]+ [mun]?s \([0-9]+\.[0-9]{2}\)' <<<"$row" | wc -l)
  [[ $n == "$#" ]] || { cat out.txt; fail "$table: $n of $# candidate columns with TIME (S.SS)"; }
  for col in "$@"; do expect_contains out.txt "$col (speed-up)"; done
}
expect_table parsons-table3.9 floyd.h5 "Hier." "Dyn. Leader"
expect_contains out.txt "19.6 s (0.96)"
expect_table parsons-table3.10 matvec.h5 "Hier. Bi. Tree" "Dyn. Leader"
expect_contains out.txt "18.325 s (1.02)"
expect_table parsons-table3.11 ft.h5 "Hier. Isend" "Hier. aware"
expect_contains out.txt "(1.86)"
# Every file holds the kernel's cases, validated: one per algorithm, with its options.
expect_exit 0 "$PAPBENCH_REPORT" summary ft.h5
for alg in "mpich-isend(app=ft,n=16,iters=2" "uha(app=ft,n=16,iters=2,inter=mpich-isend" \
  "a2a-aware(app=ft,n=16,iters=2"; do expect_contains out.txt "alltoall/$alg"; done
[[ $(grep -c 'validation pass' out.txt) == 3 ]] || { cat out.txt; fail "ft.h5: not 3 passed cases"; }
# A table of another kernel's files says what is missing.
expect_exit 2 "$PAPBENCH_REPORT" table parsons-table3.9 ft.h5
expect_contains err.txt "no \`papbench app floyd\` case"

# Never truncate: an existing --out without --force exits 2 naming --out, the file unchanged.
sum=$(cksum <floyd.h5)
expect_exit 2 mpirun_n 2 "$PAPBENCH" app floyd --n 8 --reps 1 --out floyd.h5
expect_contains err.txt "--out: 'floyd.h5' exists"
[[ $(cksum <floyd.h5) == "$sum" ]] || fail "--out without --force changed floyd.h5"
expect_exit 0 mpirun_n 2 "$PAPBENCH" app floyd --n 8 --reps 1 --out floyd.h5 --force
[[ $(cksum <floyd.h5) != "$sum" ]] || fail "--force did not replace floyd.h5"
expect_exit 2 mpirun_n 2 "$PAPBENCH" app matvec --n 8 --force
expect_contains err.txt "--force: only with --out FILE"

# A kill -9 while the second algorithm runs keeps the first one's case, complete and validated.
marker="app-kill-$$"
kill_mid_run "$marker.h5" 1 3 $MPIEXEC -n 2 "$PAPBENCH" app floyd --n 256 --reps 30 --validate \
  --bcast-alg mpich-binomial,dynleader,hier-barrier --out "$marker.h5"
"$CHECK_RESULT" "$marker.h5" --min-cases 1 --validated pass
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table3.9 "$marker.h5"
expect_contains out.txt "1 x 2"
echo "app_tables: ok"
