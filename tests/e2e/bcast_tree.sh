#!/usr/bin/env bash
# papbench tree end to end: the six Open MPI 3.1 bcast trees of 10 ranks rooted at 3 (worked out
# by hand from coll_base_topo.c), printed without MPI and once under mpiexec; large P; Open MPI
# 3.1's fixed decision; bad input exits 2 naming the option.
source "$(dirname "$0")/lib.sh"
expect_tree() {  # ALG JSON
  expect_exit 0 "$PAPBENCH" tree --collective bcast --alg "$1" --ranks 10 --root 3 --format json
  [[ $(cat out.txt) == "$2" ]] || fail "tree $1: got $(cat out.txt), expected $2"
}
expect_tree flat '{"parent":[3,3,3,-1,3,3,3,3,3,3],"children":[[],[],[],[0,1,2,4,5,6,7,8,9],[],[],[],[],[],[]]}'
expect_tree chain '{"parent":[9,0,1,-1,3,4,5,6,7,8],"children":[[1],[2],[],[4],[5],[6],[7],[8],[9],[0]]}'
# K = 4 over 9 ranks: chains of 3, 2, 2, 2 shifted ranks (heads 1, 4, 6, 8 -> 4, 7, 9, 1).
expect_tree kchain '{"parent":[9,3,1,-1,3,4,5,3,7,3],"children":[[],[2],[],[4,7,9,1],[5],[6],[],[8],[],[0]]}'
expect_tree kchain:fanout=3 '{"parent":[3,0,1,-1,3,4,5,3,7,8],"children":[[1],[2],[],[4,7,0],[5],[6],[],[8],[9],[]]}'
expect_tree binary '{"parent":[6,7,8,-1,3,3,4,5,4,5],"children":[[],[],[],[4,5],[6,8],[7,9],[0],[1],[2],[]]}'
expect_tree split_binary '{"parent":[6,7,8,-1,3,3,4,5,4,5],"children":[[],[],[],[4,5],[6,8],[7,9],[0],[1],[2],[]],"halves":[0,1,0,-1,0,1,0,1,0,1]}'
expect_tree binomial '{"parent":[6,3,4,-1,3,3,4,3,4,5],"children":[[],[],[],[4,5,7,1],[6,8,2],[9],[0],[],[],[]]}'

# Under mpiexec it still needs no MPI and prints once.
expect_exit 0 mpirun_n 2 "$PAPBENCH" tree --alg binomial --ranks 4
[[ $(cat out.txt) == '{"parent":[-1,0,0,1],"children":[[1,2],[3],[],[]]}' ]] ||
  fail "tree under mpiexec: $(cat out.txt)"

# Large P: every rank is someone's child once (P-1 children in all), the root's parent is -1.
for alg in flat chain kchain binary split_binary binomial; do
  expect_exit 0 "$PAPBENCH" tree --alg "$alg" --ranks 1000 --root 999
  children=$(sed 's/.*"children":\(.*\)\]\].*/\1/' out.txt | tr -c '0-9\n' ' ' | wc -w)
  [[ $children == 999 ]] || fail "tree $alg P=1000: $children children"
  expect_contains out.txt '-1]'
done

expect_exit 0 "$PAPBENCH" tree --decision ompi31 --ranks 96 --bytes 64Ki
[[ $(cat out.txt) == '{"algorithm":"split_binary","ompi_name":"split_binary_tree","segsize":1024,"branch":2,"ranks":96,"bytes":65536,"count":65536}' ]] ||
  fail "decision: $(cat out.txt)"
expect_exit 0 "$PAPBENCH" tree --decision ompi31 --ranks 4 --bytes 4Mi --format text
expect_contains out.txt "chain (pipeline), segsize 131072, branch 3"

expect_exit 2 "$PAPBENCH" tree --alg native --ranks 4
expect_contains err.txt "bcast/native has no tree of its own"
expect_exit 2 "$PAPBENCH" tree --alg kchain:fanout=0 --ranks 4
expect_contains err.txt "--alg: bcast/kchain option fanout: '0' is not accepted"
expect_exit 2 "$PAPBENCH" tree --alg binary --ranks 4 --root 4
expect_contains err.txt "--root: '4' is not accepted; accepted: a rank in [0, 3]"
expect_exit 2 "$PAPBENCH" tree --alg binary --ranks 0
expect_contains err.txt "--ranks: '0' is not accepted"
expect_exit 2 "$PAPBENCH" tree --alg binary --ranks 2147483647
expect_contains err.txt "--ranks: 2147483647 is too many to print a tree; accepted: 1 to 1048576"
expect_exit 2 "$PAPBENCH" tree --collective reduce --alg binomial --ranks 4
expect_contains err.txt "--collective: 'reduce' is not accepted; accepted: bcast"
expect_exit 2 "$PAPBENCH" tree --decision ompi40 --ranks 4 --bytes 1
expect_contains err.txt "--decision: 'ompi40' is not accepted; accepted: ompi31"
expect_exit 2 "$PAPBENCH" tree --ranks 4
expect_contains err.txt "give exactly one of --alg and --decision"
echo "bcast_tree: ok"
