#!/usr/bin/env bash
# The hierarchical and dynamic-leader reduce and bcast of [Parsons2015] ch. 3 through the whole
# papbench path: 4 ranks in virtual nodes of 3 (3+1), roots 0 and 2 (a rank that is not the first
# node's static leader), count 1000, under no imbalance, uniform arrivals, one late rank (the
# root, then another rank of the full node) and the thesis' natural imbalance (compute:XTIME),
# every iteration validated. The dynamic leaders are chosen by arrival, so each iteration may take
# another path. 4 ranks, so that the MPICH run of tools/test.sh takes it too.
source "$(dirname "$0")/lib.sh"
patterns=none,uniform,late:0:2ms,late:1:2ms,compute:2k
# Under MPICH (4 busy-polling ranks on 2 cores: 44 s for the whole sweep) the patterns that take
# other paths through the leaders: none, a late non-root and the natural imbalance; the sweep's
# other patterns run under Open MPI.
under_mpich && patterns=none,late:1:2ms,compute:2k
npatterns=$(($(tr -cd , <<<"$patterns" | wc -c) + 1))
run() {  # COLLECTIVE ALGS VARIANTS
  expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective "$1" --alg "$2" --virtual-ppn 3 \
    --count 1000 --root 0,2 --pattern "$patterns" --iters 3 --warmup 1 --validate-every 1 \
    --maxdelay 1ms --progress never --out "$1.h5"
  "$CHECK_RESULT" "$1.h5" --cases $(($3 * 2 * npatterns)) --validated pass
}
# 2 roots x the patterns per algorithm variant.
run reduce hier-barrier,hier-opt,hier-opt:lock=serial,dynleader,dynleader:kdeg=2,dynleader:cleanup=deferred 6
run bcast hier-barrier,hier-opt,dynleader,dynleader:kdeg=2 4
echo "hier_collectives: ok"
