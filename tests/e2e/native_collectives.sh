#!/usr/bin/env bash
# Every native collective through the whole papbench path (runner, patterns, validation every
# iteration, result set) at a non-power-of-two process count.
source "$(dirname "$0")/lib.sh"
colls=reduce,allreduce,bcast,scatter,gather,allgather,allgatherv,alltoall,alltoallv,reduce_scatter,barrier,intergroup_allgather,intergroup_allgatherv
expect_exit 0 mpirun_n 3 "$PAPBENCH" --collective $colls --count 0,5 --root 0,2 \
  --dtype int,double --pattern uniform --maxdelay 1ms --iters 3 --warmup 1 --validate-every 1 \
  --out all.h5 --progress never
"$CHECK_RESULT" all.h5 --min-cases 13 --validated pass
expect_exit 0 mpirun_n 5 "$PAPBENCH" --collective intergroup_allgatherv --groups 2:3 --count 3 \
  --iters 2 --validate-every 1 --out inter.h5 --progress never
"$CHECK_RESULT" inter.h5 --cases 1 --validated pass
echo "native_collectives: ok"
