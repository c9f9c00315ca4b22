#!/usr/bin/env bash
# papbench topology and --virtual-ppn end to end: 8 ranks in virtual nodes of 3 are nodes of
# 3, 3 and 2 ranks led by 0, 3 and 6; a bad value exits 2 naming the option; a run with
# --virtual-ppn 4 stores 2 nodes, which papbench-report pap shows node by node; sync-check and
# experiment files take the option too.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${JSON_QUERY:?}"
expect_line() {  # FILE LINE: the exact line is in FILE
  grep -qxF -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "'$1' lacks the line '$2'"; }
}

expect_exit 0 mpirun_n 8 "$PAPBENCH" topology --virtual-ppn 3 --json
cp out.txt topo.json
"$JSON_QUERY" /ranks /virtual_ppn /consecutive /nodes/0/ranks /nodes/1/ranks /nodes/2/ranks \
  /nodes/0/leader /nodes/1/leader /nodes/2/leader /nodes/2/virtual <topo.json >q.txt ||
  fail "topology JSON lacks an expected member"
for line in '/ranks = 8' '/virtual_ppn = 3' '/consecutive = true' '/nodes/0/ranks = [0,1,2]' \
  '/nodes/1/ranks = [3,4,5]' '/nodes/2/ranks = [6,7]' '/nodes/0/leader = 0' '/nodes/1/leader = 3' \
  '/nodes/2/leader = 6' '/nodes/2/virtual = true'; do
  expect_line q.txt "$line"
done
if "$JSON_QUERY" /nodes/3 <topo.json >/dev/null 2>&1; then fail "more than 3 nodes"; fi

expect_exit 0 mpirun_n 8 "$PAPBENCH" topology --virtual-ppn 3 --leaders 2
expect_contains out.txt "3 virtual node(s) (--virtual-ppn 3)"
expect_contains out.txt "node   2: ranks [6,7]  leaders [6,7]"
expect_exit 0 mpirun_n 4 "$PAPBENCH" topology
expect_contains out.txt "4 rank(s) on 1 real node(s)"

# Bad values: exit 2 and a message naming the option and what it accepts.
expect_exit 2 mpirun_n 2 "$PAPBENCH" topology --virtual-ppn 0x
expect_contains err.txt "--virtual-ppn: '0x' is not accepted; accepted: an integer K >= 1"
expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective reduce --virtual-ppn abc --iters 1 --out bad.h5
expect_contains err.txt "--virtual-ppn: 'abc' is not accepted"
[[ ! -e bad.h5 ]] || fail "a refused run wrote bad.h5"
expect_exit 2 mpirun_n 2 "$PAPBENCH" topology --leaders 0
expect_contains err.txt "--leaders"

# A run in 2 virtual nodes of 4: the result set holds them, the pap view shows each.
expect_exit 0 mpirun_n 8 "$PAPBENCH" --collective reduce --virtual-ppn 4 --maxdelay 1ms --iters 5 \
  --out run.h5 --progress never
expect_exit 0 "$PAPBENCH_REPORT" pap run.h5
cat out.txt
expect_contains out.txt "2 virtual (--virtual-ppn 4)"
expect_contains out.txt "node 0 [ranks 0-3] First"
expect_contains out.txt "node 1 [ranks 4-7] First"
"$PAPBENCH_REPORT" pap run.h5 --format json |
  "$JSON_QUERY" /sections/0/meta/nodes /sections/0/rows/0/nodes /sections/0/per_node/0/ranks \
    /sections/0/per_node/1/ranks /sections/0/per_node/1/virtual >q.txt || fail "pap JSON"
for line in '/sections/0/meta/nodes = 2' '/sections/0/rows/0/nodes = 2' \
  '/sections/0/per_node/0/ranks = [0,1,2,3]' '/sections/0/per_node/1/ranks = [4,5,6,7]' \
  '/sections/0/per_node/1/virtual = true'; do
  expect_line q.txt "$line"
done

# Node-leader clock sync per virtual node.
expect_exit 0 mpirun_n 4 "$PAPBENCH" sync-check --virtual-ppn 2 --duration 1s --json
"$JSON_QUERY" /nodes /hierarchical /virtual_ppn <out.txt >q.txt || fail "sync-check JSON"
expect_line q.txt '/nodes = 2'
expect_line q.txt '/hierarchical = true'

# An experiment file sets it like the option.
printf 'name = topo\ncollective = reduce\nvirtual-ppn = 2\niters = 2\nwarmup = 0\n' >topo.exp
expect_exit 0 mpirun_n 4 "$PAPBENCH" --experiment topo.exp --out exp.h5 --progress never
"$PAPBENCH_REPORT" pap exp.h5 --format json | "$JSON_QUERY" /sections/0/meta/nodes >q.txt
expect_line q.txt '/sections/0/meta/nodes = 2'
echo "topology: ok"
