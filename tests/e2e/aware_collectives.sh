#!/usr/bin/env bash
# The imbalance-aware algorithms of [Parsons2015] ch. 3 that do not depend on a dynamic leader
# (bcast/patyuan; alltoall/a2a-aware and a2a-aware-barrier) through the whole papbench path, on
# virtual nodes with an uneven last node (7 ranks, --virtual-ppn 3: nodes of 3, 3 and 1), under
# balanced, uniform, one-late-rank and natural (compute loop) arrivals, validated in every
# iteration. Alltoall is a causality check too: no rank can leave before the late rank arrives.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}"
patterns="none,uniform,late:5:5ms,compute:1k"
run() {  # NAME ARGS...
  local name=$1; shift
  expect_exit 0 mpirun_n 7 "$PAPBENCH" --virtual-ppn 3 --iters 3 --warmup 1 --validate-every 1 \
    --maxdelay 2ms --progress never --pattern "$patterns" --dtype int --out "$name.h5" "$@"
}
run bcast --collective bcast --alg patyuan:group=2 --count 1Ki --root 4
"$CHECK_RESULT" bcast.h5 --cases 4 --validated pass
run alltoall --collective alltoall --alg a2a-aware,a2a-aware-barrier --count 300
"$CHECK_RESULT" alltoall.h5 --cases 8 --validated pass
# Whatever the pattern, no rank of an alltoall can leave before rank 5 (late in late:5) arrives.
for waiting in 0 3 6; do rank_waits_for alltoall.h5 5 "$waiting" || fail "rank $waiting left early"; done
echo "aware_collectives: ok"
