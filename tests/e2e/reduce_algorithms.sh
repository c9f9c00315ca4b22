#!/usr/bin/env bash
# Every reduce algorithm of [ProficzOcetkiewicz2021] (the baselines and Clairvoyant with its PAT
# runtime driven by the runner) through the whole papbench path at P = 1, 2, 5, 12 and 16 (a
# non-power of two below and above 8, and 16), counts 0, 1, P-1 and 2P+1 (not divisible by
# Clairvoyant's default segment count N = P), int and float, sum and max, balanced and uniform
# arrivals, validated every iteration. Every root is covered at P = 5, 12 and 16 here. P = 3, 4, 7
# and 8 (and every root there) are the collectives_native MPI test's (np3, np4, np7, np8: every
# reduce algorithm with every root, counts 0, 1, P-1, 7 and 1000, its PAT arrivals an oracle's):
# run here too they took 27% of its CPU time (47.6 of 173 CPU s, 2026-12-07, load 10).
source "$(dirname "$0")/lib.sh"
# The registry's list, so a new reduce algorithm is tested here without touching this file.
algs=$("$PAPBENCH" list --collective reduce --format names)
n_algs=$(($(tr -cd , <<<"$algs" | wc -c) + 1))
((n_algs >= 6)) || fail "papbench list gave only '$algs'"
run() {  # NAME RANKS ARGS...
  local name=$1 n=$2; shift 2
  expect_exit 0 mpirun_n "$n" "$PAPBENCH" --collective reduce --alg $algs --iters 2 \
    --warmup 1 --validate-every 1 --maxdelay 1ms --progress never --out "$name.h5" "$@"
}
for p in 1 2 5 12 16; do
  root=$(( p % 3 == 0 ? p / 2 : (p % 2 == 0 ? p - 1 : 0) ))
  run "p$p" "$p" --count "0,1,$((p > 1 ? p - 1 : 2)),$((2 * p + 1))" --root "$root" \
    --dtype int,float --op sum,max --pattern none,uniform
  "$CHECK_RESULT" "p$p.h5" --cases $((n_algs * 4 * 2 * 2 * 2)) --validated pass
done
for p in 5 12 16; do
  roots=$(seq -s, 0 $((p - 1)))
  run "roots$p" "$p" --count 1,$((2 * p + 1)) --root "$roots" --dtype float --op max \
    --pattern uniform
  "$CHECK_RESULT" "roots$p.h5" --cases $((n_algs * 2 * p)) --validated pass
done
echo "reduce_algorithms: ok"
