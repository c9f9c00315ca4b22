#!/usr/bin/env bash
# `papbench schedgen` on a tiny grid, then `papbench-report table clv-table1` on its file, as a
# user would: the summary, the table beside the paper's numbers, the refusal to overwrite
# without --force (exit 2, file intact), --force, and bad options (exit 2, option named,
# nothing written).
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}"

expect_exit 0 "$PAPBENCH" schedgen --P 4:16:x2 --reps 5 --seed 7 --out sg.h5
for want in "uniform P=N=4 (5 reps)" "skewed P=N=16 (5 reps)" "speedup of segtree" "state/cell" \
            "segtree kernels" "wrote sg.h5"; do
  expect_contains out.txt "$want"
done
grep -qE 'segtree\[(avx2|scalar64)\]' out.txt || fail "schedgen does not say which kernels ran"
[[ -s sg.h5 ]] || fail "no sg.h5"
ls sg.h5.tmp-* 2>/dev/null && fail "a temporary file was left behind"

expect_exit 0 "$PAPBENCH_REPORT" table clv-table1 sg.h5
cp out.txt table.txt
for want in "linear/seg" "pairing/seg" "conf." "paper" "segtree kernels" "Welch t-test"; do
  expect_contains table.txt "$want"
done
# Rows: pattern, P, reps, three means, then ours and the paper's (uniform P = 8: 0.62 and 3.07).
grep -qE '^ *uniform +8 +5 .* 0\.62 .* 3\.07$' table.txt || { cat table.txt; fail "no uniform P=8 row"; }
grep -qE '^ *skewed +16 +5 .* 0\.61 .* 5\.34$' table.txt || { cat table.txt; fail "no skewed P=16 row"; }
[[ $(grep -cE '^ *(uniform|skewed) +[0-9]+ +5 ' table.txt) == 6 ]] || fail "expected 6 table rows"
expect_exit 0 "$PAPBENCH_REPORT" table clv-table1 sg.h5 --format json
expect_contains out.txt '"linear_speedup"'
expect_exit 0 "$PAPBENCH_REPORT" table --list
expect_contains out.txt "clv-table1"

# Never overwritten without --force: exit 2, the file byte-identical; --force replaces it.
cp sg.h5 keep.h5
expect_exit 2 "$PAPBENCH" schedgen --P 4 --reps 2 --out sg.h5
expect_contains err.txt "--out"
expect_contains err.txt "--force"
cmp -s sg.h5 keep.h5 || fail "sg.h5 changed without --force"
expect_exit 0 "$PAPBENCH" schedgen --P 4 --reps 2 --pattern skewed --out sg.h5 --force
expect_exit 0 "$PAPBENCH_REPORT" table clv-table1 sg.h5
[[ $(grep -cE '^ *(uniform|skewed) +[0-9]+ +2 ' out.txt) == 1 ]] || fail "--force did not replace"

# The wrong kind of file: a result set or text is refused by name.
echo "not hdf5" > text.h5
expect_exit 2 "$PAPBENCH_REPORT" table clv-table1 text.h5
expect_contains err.txt "text.h5"
expect_contains err.txt "not a schedgen file"

# Bad options: exit 2, the option named, nothing written.
check_bad() {  # TEXT ARGS...
  local text=$1; shift
  expect_exit 2 "$PAPBENCH" schedgen --out new.h5 "$@"
  expect_contains err.txt "$text"
  [[ ! -e new.h5 ]] || fail "a refused run ($*) created new.h5"
}
check_bad "--impl" --impl linear,heap
check_bad "--pattern" --pattern zipf
check_bad "--P" --P 0
check_bad "--P" --P 4:x
check_bad "--reps" --reps 0
check_bad "--reps-for" --reps-for 512
check_bad "--segtree-path" --segtree-path sse
check_bad "--P: 4 is given twice" --P 4,4
# The output is checked before the measuring starts: no directory, or a FIFO in the way; and
# a FIFO as the table's input is refused rather than waited on.
expect_exit 2 "$PAPBENCH" schedgen --P 4 --reps 1 --out no/such/dir/sg.h5
expect_contains err.txt "--out: cannot create 'no/such/dir/sg.h5'"
mkfifo fifo.h5
expect_exit 2 timeout 60 "$PAPBENCH" schedgen --P 4 --reps 1 --out fifo.h5 --force
expect_contains err.txt "--out: 'fifo.h5' is a FIFO, not a regular file"
expect_exit 2 timeout 60 "$PAPBENCH_REPORT" table clv-table1 fifo.h5
expect_contains err.txt "fifo.h5: not a regular file (a FIFO)"
expect_exit 2 timeout 60 "$PAPBENCH" clv-schedule --arrivals-file fifo.h5
expect_contains err.txt "--arrivals-file: 'fifo.h5' is not a regular file (a FIFO)"
expect_exit 2 timeout 60 "$PAPBENCH" clv-schedule --arrivals 0,1,2,3 --segments 2147483647
expect_contains err.txt "--segments: 2147483647 segments for 4 processes is 8589934588 cells"
expect_exit 2 "$PAPBENCH" schedgen --P 4 --reps 1
expect_contains err.txt "--out"
# One rank only: under mpiexec -n 2 it refuses on every rank.
expect_exit 2 mpirun_n 2 "$PAPBENCH" schedgen --P 4 --reps 1 --out new.h5
expect_contains err.txt "single-CPU"
[[ ! -e new.h5 ]] || fail "a 2-rank schedgen wrote new.h5"
echo "schedgen_table: ok"
