#!/usr/bin/env bash
# The macro kernels of [Parsons2015] §3.9.4 (`papbench app floyd|matvec|ft`, Tables 3.9-3.11):
# each with several registered algorithms of its collective, hierarchical ones on virtual nodes,
# every repetition validated against the sequential result; bad options exit 2 naming the option.
source "$(dirname "$0")/lib.sh"
expect_pass_rows() {  # COUNT: rows with a passed check in out.txt
  local got; got=$(grep -c ' pass$' out.txt || true)
  [[ $got == "$1" ]] || { cat out.txt >&2; fail "expected $1 validated rows, got $got"; }
}
expect_exit 0 mpirun_n 4 "$PAPBENCH" app floyd --n 61 --reps 2 --validate --virtual-ppn 3 \
  --bcast-alg mpich-binomial,patyuan,native
expect_pass_rows 3
expect_exit 0 mpirun_n 3 "$PAPBENCH" app matvec --n 50 --reps 2 --validate \
  --reduce-alg mpich-binomial,mpich-rsg,native
expect_pass_rows 3
expect_exit 0 mpirun_n 4 "$PAPBENCH" app ft --n 16 --iters 2 --reps 2 --validate --virtual-ppn 2 \
  --alltoall-alg mpich-isend,a2a-aware,a2a-aware-barrier,native
expect_pass_rows 4
expect_exit 2 mpirun_n 2 "$PAPBENCH" app floyd --bcast-alg nope
expect_contains err.txt "--bcast-alg: 'nope' is not an algorithm of bcast"
expect_exit 2 mpirun_n 3 "$PAPBENCH" app ft --n 16
expect_contains err.txt "--n: 16 is not accepted"
echo "app_kernels: ok"
