#!/usr/bin/env bash
# The thesis' method: record a natural PAP with the compute loop, then replay it with deadline
# waits before each call. Invocation by invocation, the replayed spread (max a - min a) must
# match the recorded one within 100 us in the median of the differences.
source "$(dirname "$0")/lib.sh"
# Oversubscribed (4 ranks, 2 cores), ranks already in the barrier must yield their core, or a
# rank waking for its replayed deadline waits a time slice for one (Open MPI busy-polls by
# default; MPICH ignores the variable).
export OMPI_MCA_mpi_yield_when_idle=1
expect_exit 0 mpirun_n 4 "$PAPBENCH" imbalance --xtime 4k --iters 30 --warmup 2 \
  --out trace.h5 --progress never
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective barrier --pattern replay:trace.h5 --iters 30 \
  --warmup 2 --out replay.h5 --progress never
spreads() {  # FILE -> "iteration spread_ns" per line, from the raw per-rank arrivals
  "$PAPBENCH_REPORT" export csv "$1" --include-late --include-invalid |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
             { it = $col["iteration"]; a = $col["arrival_ns"];
               if (!(it in lo) || a < lo[it]) lo[it] = a; if (!(it in hi) || a > hi[it]) hi[it] = a }
             END { for (it in lo) print it, hi[it] - lo[it] }' | sort -n
}
spreads trace.h5 >recorded.txt
spreads replay.h5 >replayed.txt
[[ $(wc -l <recorded.txt) == 30 ]] || fail "expected 30 recorded invocations"
join recorded.txt replayed.txt | awk '{ d = $3 - $2; print (d < 0 ? -d : d), $2, $3 }' |
  sort -n >diff.txt
median_diff=$(awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }' diff.txt)
median_rec=$(sort -n -k2 recorded.txt | awk '{ v[NR] = $2 } END { print v[int((NR + 1) / 2)] }')
echo "recorded median spread ${median_rec} ns; median |replayed - recorded| = ${median_diff} ns"
awk -v d="$median_diff" 'BEGIN { exit !(d <= 100000) }' ||
  { cat diff.txt >&2; fail "replayed spread differs by ${median_diff} ns in the median (> 100 us)"; }
echo "replay_pap: ok"
