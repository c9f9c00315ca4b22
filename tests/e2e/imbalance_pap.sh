#!/usr/bin/env bash
# papbench imbalance ([Parsons2015] Listing 3.2): records a natural arrival pattern per xtime level,
# measures the minimum message latency, prints the PAP statistics; papbench-report pap agrees.
source "$(dirname "$0")/lib.sh"
# Both starts (--sync window,barrier): each level once per start, the barrier's rows named so.
expect_exit 0 mpirun_n 4 "$PAPBENCH" imbalance --xtime 0,2k --iters 10 --warmup 1 \
  --sync window,barrier --out trace.h5 --progress never
expect_contains out.txt "PAP statistics"
expect_contains out.txt "First d_bar"
for row in "compute:0" "compute:0 sync=barrier" "compute:2k" "compute:2k sync=barrier"; do
  [[ $(sed -n '/PAP statistics/,$p' out.txt | grep -Ec "^$row +4 ") == 1 ]] ||
    { cat out.txt >&2; fail "expected one PAP row '$row'"; }
done
"$CHECK_RESULT" trace.h5 --cases 4 --validated pass
"$PAPBENCH_REPORT" pap trace.h5 >pap.txt
expect_contains pap.txt "min message latency"
expect_contains pap.txt "compute:0"
"$PAPBENCH_REPORT" pap trace.h5 --format json >pap.json
expect_contains pap.json '"avg_factor"'
# A bad level names the option and exits 2 on every rank.
expect_exit 2 mpirun_n 2 "$PAPBENCH" imbalance --xtime 10q --iters 2 --out bad.h5
expect_contains err.txt "--xtime"
expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective barrier --pattern compute:-3 --out bad.h5
expect_contains err.txt "--pattern"
echo "imbalance_pap: ok"
