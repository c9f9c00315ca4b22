#!/usr/bin/env bash
# Issue 46 item 2: a nonblocking collective under an arrival pattern beside its blocking
# counterpart (compare --a-coll/--b-coll pairs them), every iteration checked (a wrong result
# exits 1), and the overlap summary reports
# (results/nbc_overlap.hpp): close to 100% when the compute is far longer than the collective and
# MPI_Test calls move it on. A property check with a generous margin, not a timing. (The figure
# without progress calls is left unchecked here: on a shared, oversubscribed machine Open MPI's
# MPI_Wait yields its core at every poll, so t_pure itself varies by tens of ms; the formula's
# 0% for a serial run is tests/unit/nbc_overlap_test.cpp's.)
source "$(dirname "$0")/lib.sh"
: "${JSON_QUERY:?}"

# The overlap rows of a summary's JSON ($1, one result file: section 0): $2 of them, each with
# its 20 ms of compute, and each with MPI_Test calls overlapped more than $3.
check_overlap_rows() {
  local json=$1 expected=$2 min_overlap=$3 k fields
  for ((k = 0; k < expected; ++k)); do
    "$JSON_QUERY" "/sections/0/nbc_overlap/$k/t_cpu_ns" "/sections/0/nbc_overlap/$k/test_interval" \
      "/sections/0/nbc_overlap/$k/overlap" <"$json" >row.txt ||
      { echo "expected $expected overlap rows, got $k" >&2; return 1; }
    fields=$(awk '{ printf "%s ", $3 }' row.txt)
    echo "row $k: t_cpu_ns test_interval overlap = $fields"
    read -r t_cpu test_interval overlap <<<"$fields"
    awk -v t="$t_cpu" 'BEGIN { exit !(t >= 20e6) }' ||
      { echo "row $k: the compute did not run its 20 ms" >&2; return 1; }
    if [[ $test_interval != '"off"' ]]; then
      awk -v o="$overlap" -v min="$min_overlap" 'BEGIN { exit !(o > min) }' ||
        { echo "row $k: MPI_Test every 20us: overlap $overlap not near 100%" >&2; return 1; }
    fi
  done
  if "$JSON_QUERY" "/sections/0/nbc_overlap/$expected" <"$json" >/dev/null 2>&1; then
    echo "more than $expected overlap rows" >&2
    return 1
  fi
}

expect_exit 0 mpirun_n 2 "$PAPBENCH" --collective iallreduce,allreduce --count 16Ki \
  --alg native,native:overlap-compute=20ms,test-interval=20us,native:overlap-compute=20ms \
  --maxdelay 0,1ms --iters 4 --warmup 1 --arrival-tolerance off --progress never --out nbc.h5
expect_exit 0 "$PAPBENCH_REPORT" summary nbc.h5
expect_contains out.txt "nonblocking overlap"
expect_contains out.txt "allreduce/native count=16Ki"
expect_exit 0 "$PAPBENCH_REPORT" summary nbc.h5 --format json
cp out.txt nbc.json
# MPICH 4.0.2 leaves part of its MPI_Iallreduce for the wait: at 64 KiB on 2 ranks 45 us of its
# 119 us came after the compute, overlap 0.62 in both tries of the cold CI run of 2026-12-07, where
# Open MPI's stays above 0.9. The bound says "most of it overlapped" for each library as measured.
min_overlap=0.7
under_mpich && min_overlap=0.4
# 2 overlapped cases (with and without tests) x maxdelay 0 and 1 ms.
check_overlap_rows nbc.json 4 "$min_overlap" || fail "nbc.json: overlap rows"
# The blocking counterpart of the same launch, paired with the nonblocking case of its workload
# (the first of the shape: overlap-compute=none, the variant listed first).
expect_exit 0 "$PAPBENCH_REPORT" compare nbc.h5 nbc.h5 --a-coll allreduce --b-coll iallreduce
expect_contains out.txt "allreduce of nbc.h5 (A) vs iallreduce of nbc.h5 (B)"
# Cases 0-5 are iallreduce's (its variants within each maxdelay), 6-7 allreduce's.
expect_contains out.txt "A[6] B[0] allreduce/native count=16Ki"
expect_contains out.txt "only in B: [1] iallreduce/native(overlap-compute=20ms,test-interval=20us)"
expect_exit 2 "$PAPBENCH_REPORT" compare nbc.h5 nbc.h5 --a-coll allreduce
expect_contains err.txt "--a-coll and --b-coll go together"
expect_exit 2 "$PAPBENCH_REPORT" compare nbc.h5 nbc.h5 --a-coll allreduce --b-coll ibcast
expect_contains err.txt "--b-coll: 'nbc.h5' has no case of collective 'ibcast'"
# papbench's own schedules (collectives/nonblocking/schedules.cpp) move on only in the harness's
# MPI_Test and MPI_Wait calls, as libnbc's do: with a test every 20 us the compute hides the
# collective (overlap near 100%), without any test it cannot start the later rounds (the figure is
# left unchecked, as above). Every iteration checked, 3 ranks so the recursive doubling folds
# and the binomial ireduce (root 1) has a rank with no partner in its first round.
tested=overlap-compute=20ms,test-interval=20us
expect_exit 0 mpirun_n 3 "$PAPBENCH" --collective iallreduce,ireduce --count 16Ki --root 1 \
  --alg "recursive-doubling,recursive-doubling:$tested,binomial,binomial:$tested" \
  --iters 4 --warmup 1 --arrival-tolerance off --progress never --out own.h5
expect_exit 0 "$PAPBENCH_REPORT" summary own.h5 --format json
check_overlap_rows out.txt 2 0.7 || fail "own.h5: overlap rows (iallreduce, ireduce)"
echo "nonblocking: ok"
