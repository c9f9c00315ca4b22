#!/usr/bin/env bash
# Every scatter and gather algorithm of [Proficz2020] (the PAP-aware ones with their PAT runtime
# driven by the runner) through the whole papbench path at powers of two and not, counts 0, 1
# and odd, balanced, uniform and one-late arrivals, validated every iteration. Every root is
# covered at P = 5, 6 and 12 here, and at P = 1, 2, 3, 4, 7, 8 by collectives_native.
source "$(dirname "$0")/lib.sh"
algs=lin,bnom,slin,sbn,bsln,bsbn,ls,sls,bsls
per_case=13  # scatter: lin bnom slin sbn bsln bsbn; gather: lin ls bnom sls bsls sbn bsbn
run() {  # NAME RANKS ARGS...
  local name=$1 n=$2; shift 2
  expect_exit 0 mpirun_n "$n" "$PAPBENCH" --collective scatter,gather --alg $algs --iters 3 \
    --warmup 1 --validate-every 1 --maxdelay 2ms --progress never --out "$name.h5" "$@"
}
for p in 1 2 3 4 5 6 7 8 12; do
  # An odd P takes a middle root, an even one the last rank, so rank 1 is late as a leaf.
  root=$(( p % 2 == 1 ? p / 2 : p - 1 )) late=$(( p > 1 ? 1 : 0 ))
  run "p$p" "$p" --count 0,1,7 --root "$root" --pattern "none,uniform,late:$late:2ms"
  "$CHECK_RESULT" "p$p.h5" --cases $((per_case * 9)) --validated pass
done
for p in 5 6 12; do
  roots=$(seq -s, 0 $((p - 1)))
  run "roots$p" "$p" --count 1,7 --root "$roots" --pattern late:1:2ms --dtype double
  "$CHECK_RESULT" "roots$p.h5" --cases $((per_case * 2 * p)) --validated pass
done
run oracle 7 --count 5 --root 3 --pattern uniform --pat-source oracle
"$CHECK_RESULT" oracle.h5 --cases $per_case --validated pass
echo "pap_scatter_gather: ok"
