#!/usr/bin/env bash
# SBN and BSBN place ranks by the arrivals they exchanged, not only deliver correct data: with the
# oracle predictor and rank 2 late, every timed iteration's tree (metrics/sbn_slot: rank -> slot)
# must be the one [Proficz2020] Figs. 7 and 11 build for that order. The expected slots are worked
# out by hand below. Scatter: slots 1..P-1 ordered by bit reversal ([4,2,1,3] at P=5, [2,1,3] at
# P=4) take the other ranks earliest first, ties by rank, so late rank 2 gets the last (a leaf).
# Gather: the other ranks latest first, so rank 2 gets slot 1.
source "$(dirname "$0")/lib.sh"

check_slots() {  # COLLECTIVE NP ROOT EXPECTED-ROW
  local c=$1 n=$2 root=$3 want=$4 out="$1-$2-$3.h5"
  expect_exit 0 mpirun_n "$n" "$PAPBENCH" --collective "$c" --alg sbn,bsbn --root "$root" \
    --pat-source oracle --pattern late:2:2ms --iters 3 --warmup 1 --count 10 --progress never \
    --out "$out"
  for k in 0000 0001; do
    h5dump -d "/cases/$k/metrics/sbn_slot" -y -w 0 "$out" >d.txt || fail "$out case $k: no sbn_slot"
    local rows
    rows=$(sed -n '/DATA {/,/}/p' d.txt | sed -n 2,4p | tr -d ' ' | sed 's/,$//')
    [[ "$rows" == "$(printf '%s\n%s\n%s' "$want" "$want" "$want")" ]] ||
      fail "$c np=$n root=$root case $k: slots by rank per iteration:"$'\n'"$rows"$'\n'"expected $want"
  done
}

check_slots scatter 4 0 "0,2,3,1"
check_slots scatter 5 0 "0,4,3,2,1"
check_slots scatter 5 3 "4,2,3,0,1"
check_slots gather 4 0 "0,2,1,3"
check_slots gather 5 0 "0,2,1,3,4"
check_slots gather 5 3 "2,3,1,0,4"
