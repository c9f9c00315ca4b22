#!/usr/bin/env bash
# Issue 46 item 2: a nonblocking collective under an arrival pattern beside its blocking
# counterpart (compare --a-coll/--b-coll pairs them), every iteration checked (a wrong result
# exits 1), and the overlap summary reports
# (results/nbc_overlap.hpp): close to 100% when the compute is far longer than the collective and
# MPI_Test calls move it on. A property check with a generous margin, not a timing. (The figure
# without progress calls is left unchecked here: on a shared, oversubscribed machine Open MPI's
# MPI_Wait yields its core at every poll, so t_pure itself varies by tens of ms; the formula's
# 0% for a serial run is tests/unit/nbc_overlap_test.cpp's.)
# Why it reads each call (check_overlap_rows), with 256 KiB and 8 iterations under Open MPI and
# 50 ms of compute at 3 ranks, measured on the shared 2-core machine under load 10 (2026-12-07;
# the CI run on record failed this test once): the summary's figure at 64 KiB on 2 ranks had
# t_pure ~100 us against 17-28 us outside the compute, 0.73-0.80 in most runs and 0.69 in one of
# 12; at 1 MiB it fell to 0.23 once in 5 runs, the medians of t_ovrl and t_CPU taken from calls
# preempted for different milliseconds. papbench's own schedules at 3 ranks on 2 cores move on
# only while every rank gets a core to test on: with 20 ms of compute 5 of 16 rows fell below 0.7
# (4 to 0: up to 6 of 24 calls ended in the wait), with 50 ms every call ended inside a test.
source "$(dirname "$0")/lib.sh"
: "${JSON_QUERY:?}"

# median: the median of the numbers on stdin, one a line.
median() {
  sort -g | awk '{ v[NR] = $1 }
    END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
# metric H5 CASE NAME: a case's per-call metric, one value a line (iteration-major, then rank).
metric() {
  h5dump -y -w 0 -d "/cases/$(printf %04d "$2")/metrics/$3" -o metric.raw "$1" >/dev/null ||
    fail "$1: case $2 has no metric $3"
  tr -s ', \n' '\n' <metric.raw | grep -v '^$'
}
# The overlap rows of a summary's JSON ($2) of result file $1: $3 of them, each with its $5 ms of
# compute. Each with MPI_Test calls must show the collective hidden behind the compute, read per
# call (each call's own time outside the compute, not a difference of two medians): unless $6 is
# "wait-ends-it", in half the calls or more the collective ended inside an MPI_Test
# (nbc_done_before_wait; 15-24 of 16-24 on the loaded machine), and over all calls and ranks the
# median time outside the compute (post, wait, time stamps: t_ovrl - t_CPU of the call) is under
# (1 - $4) of the median t_pure, i.e. the summary's formula above $4. A schedule that MPI_Test
# does not move on ends in the wait (and has t_pure outside); one that does its work in the post
# has t_pure outside. The summary's own figure, a difference of medians, swings by the
# milliseconds a loaded machine preempts the compute for (1 MiB on 2 ranks under load 10: 0.23
# and 0.29 in two of 9 runs): printed, and checked to lie in [0, 1].
check_overlap_rows() {
  local h5=$1 json=$2 expected=$3 min_overlap=$4 compute_ms=$5 ends=${6:-} k fields
  local ovrl_case pure t_cpu test_interval overlap outside pure_ns done_calls calls
  expect_exit 0 "$PAPBENCH_REPORT" export csv "$h5"
  # The quoted params hold commas: one field for awk.
  sed -E 's/"[^"]*"/P/' out.txt >times.csv
  for ((k = 0; k < expected; ++k)); do
    "$JSON_QUERY" "/sections/0/nbc_overlap/$k/case" "/sections/0/nbc_overlap/$k/pure_case" \
      "/sections/0/nbc_overlap/$k/t_cpu_ns" "/sections/0/nbc_overlap/$k/test_interval" \
      "/sections/0/nbc_overlap/$k/overlap" <"$json" >row.txt ||
      { echo "expected $expected overlap rows, got $k" >&2; return 1; }
    fields=$(awk '{ printf "%s ", $3 }' row.txt)
    read -r ovrl_case pure t_cpu test_interval overlap <<<"$fields"
    awk -v t="$t_cpu" -v ms="$compute_ms" 'BEGIN { exit !(t >= ms * 1e6) }' ||
      { echo "row $k: the compute did not run its $compute_ms ms" >&2; return 1; }
    awk -v o="$overlap" 'BEGIN { exit !(o >= 0 && o <= 1) }' ||
      { echo "row $k: overlap $overlap outside [0, 1]" >&2; return 1; }
    if [[ $test_interval == '"off"' ]]; then
      echo "row $k (case $ovrl_case): no MPI_Test; summary's overlap $overlap (unchecked)"
      continue
    fi
    metric "$h5" "$ovrl_case" nbc_compute_ns >compute.txt
    metric "$h5" "$ovrl_case" nbc_test_ns >tests.txt
    metric "$h5" "$ovrl_case" nbc_done_before_wait >done.txt
    # Per call: the time outside the compute of case $ovrl_case, t_pure of case $pure.
    awk -F, -v c="$ovrl_case" -v p="$pure" 'FILENAME == ARGV[1] { cpu[FNR - 1] = $1; next }
      FILENAME == ARGV[2] { cpu[FNR - 1] += $1; next }
      FNR > 1 && $1 == c { print "outside", $24 - $23 - cpu[$18 * $16 + $19] }
      FNR > 1 && $1 == p { print "pure", $24 - $23 }' compute.txt tests.txt times.csv >calls.txt
    outside=$(awk '$1 == "outside" { print $2 }' calls.txt | median)
    pure_ns=$(awk '$1 == "pure" { print $2 }' calls.txt | median)
    done_calls=$(awk '{ n += $1 } END { print n + 0 }' done.txt)
    calls=$(wc -l <done.txt)
    echo "row $k (case $ovrl_case): ended inside a test in $done_calls of $calls calls; median" \
      "outside the compute $outside ns, t_pure $pure_ns ns; summary's overlap $overlap"
    if [[ -z $outside || -z $pure_ns ]] || ((calls == 0)); then
      echo "row $k: no calls of case $ovrl_case or $pure in the export" >&2
      return 1
    fi
    [[ $ends == wait-ends-it ]] || ((2 * done_calls >= calls)) ||
      { echo "row $k: MPI_Test every 20us: the collective ended in the wait in" \
          "$((calls - done_calls)) of $calls calls" >&2; return 1; }
    awk -v o="$outside" -v p="$pure_ns" -v min="$min_overlap" \
      'BEGIN { exit !(o < (1 - min) * p) }' ||
      { echo "row $k: MPI_Test every 20us: $outside ns outside the compute against t_pure" \
          "$pure_ns ns: overlap not above $min_overlap" >&2; return 1; }
  done
  if "$JSON_QUERY" "/sections/0/nbc_overlap/$expected" <"$json" >/dev/null 2>&1; then
    echo "more than $expected overlap rows" >&2
    return 1
  fi
}

# 256 KiB under Open MPI (above: t_pure of 0.16-9 ms, 15-16 of 16 calls ended inside a test, under
# load 10); MPICH's bound below was measured at 64 KiB.
count=64Ki
under_mpich && count=16Ki
expect_exit 0 mpirun_n 2 "$PAPBENCH" --collective iallreduce,allreduce --count "$count" \
  --alg native,native:overlap-compute=20ms,test-interval=20us,native:overlap-compute=20ms \
  --maxdelay 0,1ms --iters 8 --warmup 1 --arrival-tolerance off --progress never --out nbc.h5
expect_exit 0 "$PAPBENCH_REPORT" summary nbc.h5
expect_contains out.txt "nonblocking overlap"
expect_contains out.txt "allreduce/native count=$count"
expect_exit 0 "$PAPBENCH_REPORT" summary nbc.h5 --format json
cp out.txt nbc.json
# MPICH 4.0.2 leaves part of its MPI_Iallreduce for the wait: at 64 KiB on 2 ranks 45 us of its
# 119 us came after the compute, overlap 0.62 in both tries of the cold CI run of 2026-12-07, where
# Open MPI's stays above 0.9. The bound says "most of it overlapped" for each library as measured.
# Its wait also ends the collective, so the calls that ended inside a test are not counted there.
min_overlap=0.7
ends=
under_mpich && min_overlap=0.4 && ends=wait-ends-it
# 2 overlapped cases (with and without tests) x maxdelay 0 and 1 ms.
check_overlap_rows nbc.h5 nbc.json 4 "$min_overlap" 20 "$ends" || fail "nbc.json: overlap rows"
# The blocking counterpart of the same launch, paired with the nonblocking case of its workload
# (the first of the shape: overlap-compute=none, the variant listed first).
expect_exit 0 "$PAPBENCH_REPORT" compare nbc.h5 nbc.h5 --a-coll allreduce --b-coll iallreduce
expect_contains out.txt "allreduce of nbc.h5 (A) vs iallreduce of nbc.h5 (B)"
# Cases 0-5 are iallreduce's (its variants within each maxdelay), 6-7 allreduce's.
expect_contains out.txt "A[6] B[0] allreduce/native count=$count"
expect_contains out.txt "only in B: [1] iallreduce/native(overlap-compute=20ms,test-interval=20us)"
expect_exit 2 "$PAPBENCH_REPORT" compare nbc.h5 nbc.h5 --a-coll allreduce
expect_contains err.txt "--a-coll and --b-coll go together"
expect_exit 2 "$PAPBENCH_REPORT" compare nbc.h5 nbc.h5 --a-coll allreduce --b-coll ibcast
expect_contains err.txt "--b-coll: 'nbc.h5' has no case of collective 'ibcast'"
# papbench's own schedules (collectives/nonblocking/schedules.cpp) move on only in the harness's
# MPI_Test and MPI_Wait calls, as libnbc's do: with a test every 20 us the compute hides the
# collective (overlap near 100%), without any test it cannot start the later rounds (the figure is
# left unchecked, as above). Every iteration checked, 3 ranks so the recursive doubling folds
# and the binomial ireduce (root 1) has a rank with no partner in its first round; 50 ms of
# compute, so that a schedule whose ranks share 2 cores ends inside it (above).
tested=overlap-compute=50ms,test-interval=20us
expect_exit 0 mpirun_n 3 "$PAPBENCH" --collective iallreduce,ireduce --count 16Ki --root 1 \
  --alg "recursive-doubling,recursive-doubling:$tested,binomial,binomial:$tested" \
  --iters 8 --warmup 1 --arrival-tolerance off --progress never --out own.h5
expect_exit 0 "$PAPBENCH_REPORT" summary own.h5 --format json
cp out.txt own.json
check_overlap_rows own.h5 own.json 2 0.7 50 || fail "own.h5: overlap rows (iallreduce, ireduce)"
echo "nonblocking: ok"
