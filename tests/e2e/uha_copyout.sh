#!/usr/bin/env bash
# The copy-out methods outside MPI semantics ([Parsons2015] §2.3.3, uha copyout=shared|cow)
# through the whole papbench path: 4 ranks in virtual nodes of 3 (3+1), every iteration validated
# through the algorithm's result view. Checked: the cases pass, and the printed case lines, the
# summary table and the stored params say mpi-semantics=no for shared and cow, and only for them.
# 4 ranks, so that the MPICH run of tools/test.sh takes it too.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${CHECK_RESULT:?}"
common="--virtual-ppn 3 --count 1,1000 --iters 3 --warmup 1 --validate-every 1 --progress never"
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective bcast --root 0,2 \
  --alg uha:copyout=memcpy,uha:copyout=shared,uha:copyout=cow $common --out b.h5
cp out.txt b.txt
"$CHECK_RESULT" b.h5 --cases 12 --validated pass
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective allgather \
  --alg uha:copyout=shared,uha:inter=mpich-ring,copyout=cow $common --out g.h5
cp out.txt g.txt
"$CHECK_RESULT" g.h5 --cases 4 --validated pass

for f in b.txt g.txt; do
  grep -E 'copyout=(shared|cow)' "$f" | grep -qv 'mpi-semantics=no' &&
    fail "$f: a shared or cow case line lacks mpi-semantics=no"
  expect_contains "$f" "copyout=shared,regions=4,mpi-semantics=no"
done
expect_contains g.txt "copyout=cow,regions=4,mpi-semantics=no"
grep 'copyout=memcpy' b.txt | grep -q 'mpi-semantics' && fail "memcpy marked outside MPI semantics"
expect_exit 0 "$PAPBENCH_REPORT" summary b.h5
expect_contains out.txt "copyout=cow,regions=4,mpi-semantics=no"
echo "uha_copyout: ok"
