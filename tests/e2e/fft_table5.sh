#!/usr/bin/env bash
# The FFT application as a user runs it: every gather algorithm validated against the DFT, the
# result set read by the summary and by `papbench-report table proficz-table5`, bad options
# refused with exit 2 before anything is written, an existing result set never overwritten.
source "$(dirname "$0")/lib.sh"

expect_exit 0 mpirun_n 4 "$PAPBENCH" app fft --n 1Ki --iters 4 --reps 2 --validate --out fft.h5
for alg in ls bnom sls sbn bsls bsbn native; do
  grep -qE "^$alg +[0-9]" out.txt || { cat out.txt >&2; fail "no table row for $alg"; }
done
expect_contains out.txt "repetition 2/2 done"
expect_contains out.txt "Proficz 2020 Table 5"
"$CHECK_RESULT" fft.h5 --cases 14 --validated pass  # 7 algorithms x 2 repetitions

expect_exit 0 "$PAPBENCH_REPORT" summary fft.h5
expect_contains out.txt "gather/bsls(app=fft,n=1Ki,iters=4,threads=1,pat-source="
expect_contains out.txt "run time"

expect_exit 0 "$PAPBENCH_REPORT" table proficz-table5 fft.h5
for name in LS BNOM SLS SBN BSLS BSBN MPI; do expect_contains out.txt " $name "; done
expect_contains out.txt "P=4"
expect_contains out.txt "64.854 s"  # the paper's LS total
expect_contains out.txt "xLS"
expect_contains out.txt "includes the master's O(n^2) reference DFT"
expect_exit 0 "$PAPBENCH_REPORT" table proficz-table5 fft.h5 --format json
expect_contains out.txt '"total_vs_ls": 1.0'  # LS against itself
expect_contains out.txt '"paper_total_vs_ls": 0.9672'  # SLS: 62.728 / 64.854
expect_exit 0 "$PAPBENCH_REPORT" table proficz-table5 fft.h5 --format csv
[[ $(grep -c '^"FFT' out.txt) == 7 ]] || { cat out.txt >&2; fail "csv: expected 7 rows"; }

# A result set without FFT cases is not silently an empty table.
expect_exit 0 mpirun_n 2 "$PAPBENCH" --collective gather --alg ls --count 8 --iters 3 \
  --warmup 0 --progress never --out plain.h5
expect_exit 2 "$PAPBENCH_REPORT" table proficz-table5 plain.h5
expect_contains err.txt "no FFT cases"

# Bad options: exit 2, the option named, nothing written.
bad() {  # RANKS TEXT ARGS...  (one rank: a singleton, no launcher)
  local ranks=$1 text=$2; shift 2
  local launch=(mpirun_n "$ranks")
  ((ranks == 1)) && launch=()
  expect_exit 2 "${launch[@]}" "$PAPBENCH" app fft --iters 1 --reps 1 --out bad.h5 "$@"
  expect_contains err.txt "$text"
  [[ ! -e bad.h5 ]] || fail "bad.h5 written for '$*'"
}
bad 1 "--n" --n 1000
bad 4 "--n" --n 2
bad 1 "--gather-alg" --gather-alg ls,nope
bad 1 "--gather-alg" --gather-alg ls,ls
bad 1 "--iters" --iters 0
bad 1 "--reps" --reps 0
bad 1 "--threads" --threads 0
bad 2 "--root" --root 2
bad 1 "--validate" --validate --n 32Ki
bad 3 "mpiexec -n" --n 1Ki
bad 1 "--bogus" --bogus

# An existing result set stays untouched without --force, and is replaced with it.
cp fft.h5 before.h5
expect_exit 2 "$PAPBENCH" app fft --n 64 --iters 1 --reps 1 --out fft.h5
expect_contains err.txt "--force"
cmp -s fft.h5 before.h5 || fail "fft.h5 changed without --force"
expect_exit 0 mpirun_n 2 "$PAPBENCH" app fft --n 64 --iters 1 --reps 1 --gather-alg sls \
  --out fft.h5 --force --quiet
"$CHECK_RESULT" fft.h5 --cases 1
# An `app = fft` experiment file runs the application the way the job scripts call papbench.
cat >fft.exp <<'EXP'
name = fft-e2e
app = fft
app.gather-alg = ls,bsls
app.n = 256
app.iters = 2
app.reps = 1
app.validate = true
EXP
expect_exit 0 mpirun_n 2 "$PAPBENCH" --experiment fft.exp --out exp.h5 --progress never
"$CHECK_RESULT" exp.h5 --cases 2 --validated pass  # 2 algorithms x 1 repetition
expect_exit 2 mpirun_n 2 "$PAPBENCH" --experiment fft.exp --out exp2.h5 --iters 3
expect_contains err.txt "--iters: does not apply to the app = fft experiment"
[[ ! -e exp2.h5 ]] || fail "exp2.h5 written for a refused option"
echo "fft_table5: ok"
