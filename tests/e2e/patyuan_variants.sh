#!/usr/bin/env bash
# The hierarchical Patarasuk-Yuan broadcasts of [Parsons2015] Fig. 3.23 (patyuan-hier, patyuan-opt,
# patyuan-dl) through the whole papbench path: 4 ranks in virtual nodes of 3 (3+1) and of 2 (2+2),
# roots 0 and 2 (2: not its node's local rank 0 with nodes of 2, a node of its own with nodes of
# 3), count 1000, under no imbalance, uniform arrivals, one late rank (the root, then rank 1: a
# static leader with nodes of 2, a non-leader with nodes of 3) and the thesis' natural imbalance
# (compute:XTIME), every iteration validated. Leaders and groups follow the arrivals, so each
# iteration may take another path. 4 ranks, so that the MPICH run of tools/test.sh takes it too.
source "$(dirname "$0")/lib.sh"
patterns=none,uniform,late:0:2ms,late:1:2ms,compute:2k
# Under MPICH (4 busy-polling ranks on 2 cores: 25 s for the whole sweep) the patterns that take
# other paths: none, a late rank 1 and the natural imbalance; the others run under Open MPI.
under_mpich && patterns=none,late:1:2ms,compute:2k
npatterns=$(($(tr -cd , <<<"$patterns" | wc -c) + 1))
algs=patyuan-hier,patyuan-opt,patyuan-dl
for ppn in 3 2; do
  expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast --alg "$algs" --virtual-ppn "$ppn" \
    --count 1000 --root 0,2 --pattern "$patterns" --iters 3 --warmup 1 --validate-every 1 \
    --maxdelay 1ms --progress never --out "bcast-$ppn.h5"
  # 3 algorithms x 2 roots x the patterns.
  "$CHECK_RESULT" "bcast-$ppn.h5" --cases $((3 * 2 * npatterns)) --validated pass
done
echo "patyuan_variants: ok"
