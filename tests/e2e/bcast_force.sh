#!/usr/bin/env bash
# bcast/native:force=NAME end to end: the forced cases run, validate and record their variables'
# values in params, and the forcing takes effect (a causality check per library); a library that
# cannot be forced (dynamic rules switched off, a name it does not have) is refused with exit 2
# naming the variable, before any file is written. Without a forcing variable (another library)
# the refusal says so.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}"

expect_exit 0 "$PAPBENCH" list --collective bcast
if grep -q "force names of this library (MPIR_CVAR_BCAST_INTRA_ALGORITHM)" out.txt; then
  expect_contains out.txt "scatter_ring_allgather"
  expect_exit 0 mpirun_n 3 "$PAPBENCH" --collective bcast \
    --alg native:force=binomial,native:force=scatter_ring_allgather --count 0,7,64Ki \
    --dtype uint8,double --iters 2 --warmup 1 --validate-every 1 --out f.h5 --progress never
  expect_contains out.txt "bcast/native(force=binomial) count=64Ki double"
  expect_contains out.txt "bcast/native(force=scatter_ring_allgather) count=7 uint8"
  if grep -q "FAIL" out.txt; then fail "a forced case failed validation"; fi
  # MPICH's own choice for 1 KiB is the binomial tree, where rank 1 receives from the root alone
  # and leaves before a late rank 2 arrives; in the forced ring allgather it needs rank 2's block.
  expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast --alg native:force=scatter_ring_allgather \
    --count 1Ki --dtype uint8 --pattern late:2:20ms --iters 4 --warmup 1 --out late.h5 \
    --progress never
  rank_waits_for late.h5 2 1 || fail "forced scatter_ring_allgather: rank 1 did not wait for rank 2"
  # The same check fails for the library's own choice, so it can tell forced from not.
  rm late.h5
  expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast --alg native --count 1Ki --dtype uint8 \
    --pattern late:2:20ms --iters 4 --warmup 1 --out late.h5 --progress never
  if rank_waits_for late.h5 2 1; then fail "unforced (binomial): rank 1 waited for rank 2"; fi
  expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective bcast --alg native:force=chain --out refused.h5
  expect_contains err.txt "'chain' is not an algorithm of MPIR_CVAR_BCAST_INTRA_ALGORITHM"
  expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective bcast --alg native:force=binomial,segsize=1Ki \
    --out refused.h5
  expect_contains err.txt "segsize and fanout are Open MPI's variables"
  [[ ! -e refused.h5 ]] || fail "a refused run wrote refused.h5"
  echo "bcast_force: MPICH ok"
  exit 0
fi
if ! grep -q "force names of this library (coll_tuned_bcast_algorithm)" out.txt; then
  expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective bcast --alg native:force=binomial --out no.h5
  expect_contains err.txt "native:force"
  [[ ! -e no.h5 ]] || fail "a refused run wrote no.h5"
  echo "bcast_force: neither Open MPI nor MPICH; refusal checked"
  exit 0
fi

expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast \
  --alg native:force=binomial,native:force=chain,fanout=2,segsize=1Ki,native:force=split_binary_tree \
  --count 7,64Ki --dtype uint8,double --iters 2 --warmup 1 --validate-every 1 --out f.h5 \
  --progress never
expect_contains out.txt "bcast/native(force=binomial,segsize=8192,fanout=4) count=64Ki double"
expect_contains out.txt "bcast/native(force=chain,segsize=1024,fanout=2) count=7 uint8"
expect_contains out.txt "bcast/native(force=split_binary_tree,segsize=8192,fanout=4) count=64Ki"
if grep -q "FAIL" out.txt; then fail "a forced case failed validation"; fi

# Forcing takes effect, not only reads back: in the forced pipeline rank 3 receives from rank 2, so
# with rank 2 arriving 20 ms late rank 3 cannot leave before rank 2 arrives (causality; on one host
# all ranks share the clock). The library's own choice for 4 ranks does not route rank 3 through
# rank 2, so a forcing that silently failed would see rank 3 leave about 20 ms early.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast --alg native:force=pipeline --count 64Ki \
  --dtype uint8 --pattern late:2:20ms --iters 4 --warmup 1 --out late.h5 --progress never
rank_waits_for late.h5 2 3 || fail "forced pipeline: rank 3 did not wait for rank 2"

OMPI_MCA_coll_tuned_use_dynamic_rules=0 expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective bcast \
  --alg native:force=binomial --out refused.h5
expect_contains err.txt "coll_tuned_use_dynamic_rules is false"
expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective bcast --alg native:force=nb --out refused.h5
expect_contains err.txt "'nb' is not an algorithm of coll_tuned_bcast_algorithm in this MPI library"
expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective bcast --alg native:fanout=2 --out refused.h5
expect_contains err.txt "bcast/native option fanout needs option force too"
expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective bcast --alg native:force=fastest --out refused.h5
expect_contains err.txt "bcast/native option force: 'fastest' is not accepted"
[[ ! -e refused.h5 ]] || fail "a refused run wrote refused.h5"
echo "bcast_force: ok"
