#!/usr/bin/env bash
# The issue's user story: a reduce run with a 50 ms maximum delay, its summary, its HDF5 file
# (read by h5dump), and papbench-report's summary, formats and comparison.
source "$(dirname "$0")/lib.sh"

expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg native --maxdelay 50ms \
  --iters 8 --warmup 1 --out run.h5
expect_contains out.txt "[1/1]"
expect_contains out.txt "reduce/native"
expect_contains out.txt "run time"
expect_contains out.txt "results: run.h5"
h5dump -H run.h5 > h5.txt || fail "h5dump cannot read run.h5"
expect_contains h5.txt "arrival_ns"
"$CHECK_RESULT" run.h5 --cases 1 --validated pass
# uniform delays in [0, 50 ms] on 4 ranks: the achieved spread is planned spread +- wait error.
# Under MPICH on fewer cores than ranks the waiting ranks spin (README, "MPICH"), so a rank that
# wakes from its delay waits for a core: medians of 1.5 and 2.1 ms in two runs on 2 cores. There
# the check is of the order of a scheduler slice; elsewhere of the wait's own precision.
tolerance=1ms
under_mpich && (($(nproc) < 4)) && tolerance=10ms
"$CHECK_RESULT" run.h5 --metric arrival_error --median 0 --tolerance "$tolerance"

expect_exit 0 "$PAPBENCH_REPORT" summary run.h5
expect_contains out.txt "run time"
expect_contains out.txt "after"
for fmt in csv json markdown; do
  expect_exit 0 "$PAPBENCH_REPORT" summary run.h5 --format $fmt
done

expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg native --maxdelay 50ms \
  --iters 8 --warmup 1 --seed 2 --out run2.h5 --progress never
expect_exit 0 "$PAPBENCH_REPORT" compare run.h5 run2.h5
expect_contains out.txt "reduce"
expect_contains out.txt "pairing none (seeds differ (1 vs 2))"

# Two algorithms of one run under both starts, matched on the workload (count, pattern, ...) they
# share; --sync window,barrier makes each case once per start.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg binomial,clairvoyant \
  --count 1Ki,4Ki --maxdelay 10ms --iters 8 --warmup 1 --sync window,barrier --out algs.h5 \
  --progress never
expect_contains out.txt "count=4Ki int (16KiB) sum root=0 uniform maxdelay=10ms sync=barrier np=4"
expect_exit 0 "$PAPBENCH_REPORT" compare algs.h5 algs.h5 --a-alg binomial --b-alg clairvoyant
expect_contains out.txt "binomial of algs.h5 (A) vs clairvoyant of algs.h5 (B)"
# Both algorithms ran under the same planned delays: their iterations pair.
expect_contains out.txt "pairing iteration: both sides ran under the same planned arrivals"
pairs() {  # PATTERN: how many matched pairs of out.txt's heading lines match it
  grep -c "^A\[[0-9]*\] B\[[0-9]*\] $1" out.txt || true
}
[[ $(pairs 'reduce/binomial') == 4 ]] ||
  { cat out.txt >&2; fail "expected two counts under two starts paired"; }
expect_exit 2 "$PAPBENCH_REPORT" compare algs.h5 algs.h5 --a-alg binomial
expect_contains err.txt "--a-alg and --b-alg go together"
expect_exit 2 "$PAPBENCH_REPORT" compare algs.h5 algs.h5 --a-alg binomial --b-alg ring
expect_contains err.txt "has no case of algorithm 'ring'; it has: binomial, clairvoyant"
# The two starts of each case, iteration by iteration (they ran interleaved in one group).
expect_exit 0 "$PAPBENCH_REPORT" compare algs.h5 algs.h5 --a-sync window --b-sync barrier
expect_contains out.txt "window start of algs.h5 (A) vs barrier start of algs.h5 (B)"
expect_contains out.txt "pairing iteration: both sides ran under the same planned arrivals"
[[ $(pairs 'reduce/') == 4 && $(pairs '.*sync=barrier') == 0 ]] ||
  { cat out.txt >&2; fail "expected each algorithm and count paired window/barrier"; }
expect_exit 0 "$PAPBENCH_REPORT" compare algs.h5 algs.h5 --a-alg binomial --a-sync window \
  --b-alg clairvoyant --b-sync barrier
expect_contains out.txt "binomial, window start of algs.h5 (A) vs clairvoyant, barrier start of"
[[ $(pairs 'reduce/binomial') == 2 ]] || { cat out.txt >&2; fail "expected the two counts paired"; }
expect_exit 2 "$PAPBENCH_REPORT" compare algs.h5 algs.h5 --a-sync window
expect_contains err.txt "--a-sync and --b-sync go together"
expect_exit 2 "$PAPBENCH_REPORT" compare algs.h5 algs.h5 --a-sync window --b-sync later
expect_contains err.txt "has no case of start 'later'; it has: barrier, window"
# Interleaved: iteration i of every case of a count runs before iteration i + 1 of any of them.
expect_exit 0 "$PAPBENCH_REPORT" export csv algs.h5 --out algs.csv --include-late --include-invalid
awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  $col["rank"] == 0 { print $col["count"], $col["arrival_ns"], $col["iteration"] }' algs.csv |
  sort -k1,1n -k2,2n | awk '$1 == count && $3 < it { bad = 1 } { count = $1; it = $3 }
    END { exit bad }' || fail "the cases of one count did not take turns, iteration by iteration"
echo "run_and_report: ok"
