#!/usr/bin/env bash
# Opt-in (PAPBENCH_VETH_TESTS=ON, tests/e2e/veth.cmake): the UHA allgathers on two "hosts", two
# network namespaces joined by a veth pair (tools/veth-two-hosts.sh), 4 ranks each, so their
# nodes are real ones (per Open MPI daemon) and node-to-node messages go over TCP. Every uha,
# uha-ms and multileader variant and option sample validated by collectives_native (also on
# virtual nodes of 3 inside the hosts), then a papbench run that must see two nodes by hostname
# and validate every iteration. Skips (77) when not root or without network namespaces.
source "$(dirname "$0")/lib.sh"
VETH="$SOURCE_DIR/tools/veth-two-hosts.sh"
NATIVE="$BUILD_DIR/tests/mpi/collectives_native_mpi"

set +e
"$VETH" --per-host 4 -- "$NATIVE" --alg uha,uha-ms,multileader allgather >out.txt 2>err.txt
status=$?
set -e
[[ $status == 77 ]] && { cat out.txt; exit 77; }
[[ $status == 0 ]] || { cat out.txt err.txt >&2; fail "collectives_native over veth exited $status"; }
expect_contains out.txt "8 ranks: "
expect_contains out.txt " 0 failed"

# Virtual nodes of 3 within each host: nodes of 3 and 1 ranks, four of them, so the two-way ring
# takes two steps and a one-rank node serves both directions, across the veth link.
expect_exit 0 "$VETH" --per-host 4 -- "$NATIVE" --alg uha,uha-ms --virtual-ppn 3 allgather
expect_contains out.txt " 0 failed"

expect_exit 0 "$VETH" --per-host 4 -- "$PAPBENCH" --collective allgather \
  --alg uha:inter=mpich-bruck,uha:inter=mpich-ring,uha-ms,uha-ms:exchange=two-way-ring \
  --count 0,7,1Ki --iters 3 --validate-every 1 --out v.h5
expect_exit 0 "$PAPBENCH_REPORT" summary v.h5
expect_contains out.txt "nodes             2 (pbhost-0, pbhost-1)"
grep -q "validation pass" out.txt || fail "veth: no validated case in the summary"
if grep -q "validation fail" out.txt; then fail "veth: a case failed validation"; fi
