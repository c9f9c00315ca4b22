#!/usr/bin/env bash
# papbench-report model bcast ([Nuriyev2022] Tables 1-3) from real runs as a user makes them: flat
# broadcasts of one segment for gamma and Q, the communication experiment (gather-after=8Ki) of
# three algorithms at three sizes for the fit, and the plain broadcasts for the selection; 4
# ranks as 2 virtual nodes. The fitted system's flat row is checked against hand-worked
# coefficients, and gather-after is checked to put the gather inside the timed call.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}"
# --arrival-tolerance off in every run: the fits need each case's times, the runs plan no
# imbalance (barrier, no delay), and on a loaded CI host whole cases of 8 iterations at 4 ranks
# missed the default 5 us (measured: Table 2 lost kchain at P = 4).
one_segment="--collective bcast --alg flat --count 8Ki --dtype uint8 --sync barrier --iters 20
             --warmup 2 --arrival-tolerance off --progress never"
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 2 "$PAPBENCH" $one_segment --out shm2.h5
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 2 "$PAPBENCH" $one_segment --virtual-ppn 1 --out net2.h5
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 3 "$PAPBENCH" $one_segment --virtual-ppn 1 --out net3.h5
sizes="--count 16Ki,64Ki,256Ki --dtype uint8 --sync barrier --iters 8 --warmup 1 --virtual-ppn 2
       --arrival-tolerance off --progress never"
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast $sizes --out exp.h5 \
  --alg flat:gather-after=8Ki,kchain:gather-after=8Ki,binomial:gather-after=8Ki
expect_contains out.txt "bcast/binomial(segsize=8192,gather-after=8192) count=16Ki uint8"
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast $sizes --out plain.h5 \
  --alg flat,kchain,binomial,native
expect_contains out.txt "bcast/binomial(segsize=8192) count=16Ki uint8"

expect_exit 0 "$PAPBENCH_REPORT" model bcast shm2.h5 net2.h5 net3.h5 exp.h5 plain.h5 --lambda
cp out.txt report.txt
expect_contains report.txt "Q(m_s) = T^1(2) / T^0(2)"
grep -qE '^  2 +[0-9.]+ (ns|us|ms) +1\.000 +[0-9.]+ (ns|us|ms) +1\.000$' report.txt || fail "Table 1: no P = 2 row"
grep -qE '^  3 +- +- +[0-9.]+ (us|ms) +[0-9.]+$' report.txt || fail "Table 1: no P = 3 row"
for alg in flat kchain binomial; do
  grep -qE "^  $alg +4 +3 " report.txt || fail "Table 2: no fit of $alg at P = 4 over 3 sizes"
done
grep -qE "points \(P, m\) with two or more algorithms measured +3$" report.txt || fail "Table 3: not 3 points"
# Table 2 fits what the experiments identify (T^0_p2p, T^1_p2p, with rank and condition number);
# Table 3 times until the last rank has the data (docs/MODEL.md).
expect_contains report.txt "T^0_p2p"
expect_contains report.txt "cond."
expect_contains report.txt "T best (last rank)"
grep -qE '^  flat +4 +3 +- +- ' report.txt || fail "Table 2: flat's unidentified T^0 is printed"
grep -qE "topology-oblivious baseline: optimal / near-optimal +[0-3] / [0-3]" report.txt ||
  fail "Table 3: no oblivious baseline"
# Flat at 16 KiB over nodes {0,1}, {2,3}: the root sends 2 segments' worth to rank 1 (shared
# memory) and to ranks 2, 3 (network), then gathers one segment from each: o^0 = 2 + 1,
# o^1 = L^1 = 2 * 2 + 2, L^0 = 2 (2 * 3) + 2 * 3 ([Nuriyev2022] Eqs. (1), (17); docs/MODEL.md).
grep -qE '^  flat +4 +16384 +3\.00 +6\.00 +18\.00 +6\.00 ' report.txt ||
  fail "the fitted system's flat row at 16 KiB is not (3, 6, 18, 6)"
expect_exit 0 "$PAPBENCH_REPORT" model bcast exp.h5 plain.h5 --format json --stages globalmax
"$JSON_QUERY" /sections/2/rows/0/best /sections/1/rows/2/algorithm <out.txt >q.txt 2>&1 ||
  { cat q.txt; fail "model bcast --format json lacks Table 3's best or Table 2's third row"; }
grep -qE '^/sections/2/rows/0/best = "(flat|kchain|binomial)"$' q.txt || fail "$(cat q.txt)"
grep -qE '^/sections/1/rows/2/algorithm = "binomial"$' q.txt || fail "$(cat q.txt)"

# gather-after puts the gather inside the timed call: with rank 3 late, the root of the
# experiment waits for its block; in the plain binomial broadcast (0 -> {1, 2}, 1 -> {3}) the root
# never hears from rank 3 and leaves first.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast --alg binomial:gather-after=1Ki \
  --count 1Ki --dtype uint8 --pattern late:3:20ms --iters 3 --warmup 1 --out late.h5 \
  --progress never
rank_waits_for late.h5 3 0 || fail "gather-after: the root did not wait for the late rank 3"
rm late.h5
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast --alg binomial --count 1Ki --dtype uint8 \
  --pattern late:3:20ms --iters 3 --warmup 1 --out late.h5 --progress never
if rank_waits_for late.h5 3 0; then fail "plain binomial: the root waited for rank 3"; fi

# --reps-until-ci stops each case once precise enough: with 50% asked for, long before 200. The
# CI is of the median (robust to the odd slow call of a loaded machine), after 30 kept iterations
# (off: on a loaded host 200 ran with fewer than 30 within 5 us; unloaded the errors are ~0.2 us).
expect_exit 0 mpirun_n 2 "$PAPBENCH" --collective bcast --alg binomial --count 1Ki --sync barrier \
  --iters 200 --reps-until-ci 0.5 --arrival-tolerance off --out ci.h5 --progress never
expect_exit 0 "$PAPBENCH_REPORT" summary ci.h5
n=$(sed -n 's/^\[0\] .*(\([0-9]*\) iterations.*/\1/p' out.txt)
[[ -n $n && $n -ge 30 && $n -lt 200 ]] || fail "--reps-until-ci 0.5 ran '$n' iterations, not 30..199"
expect_exit 2 "$PAPBENCH" --collective bcast --reps-until-ci 1.5 --out bad.h5
expect_contains err.txt "--reps-until-ci: '1.5' is not accepted"

expect_exit 2 "$PAPBENCH_REPORT" model bcast late.h5 --stages sliding
expect_contains err.txt "--stages"
expect_exit 2 "$PAPBENCH" --collective bcast --alg binomial:gather-after=-1 --out bad.h5
expect_contains err.txt "gather-after"
echo "bcast_model: ok"
