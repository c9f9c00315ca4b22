#!/usr/bin/env bash
# Algorithm options (--radix, --ls-first-segment, --clv-*), --pat-source and --bg-thread as a
# user types them: each reaches the case's params in the result file with its effective value,
# reduce/clairvoyant reports its per-iteration metrics, papbench-report pap shows prediction
# errors and those metrics, and bad values exit 2 naming the option, writing nothing.
source "$(dirname "$0")/lib.sh"

run() {  # NP OUT ARGS...
  local n=$1 out=$2; shift 2
  expect_exit 0 mpirun_n "$n" "$PAPBENCH" --iters 3 --warmup 1 --progress never --out "$out" "$@"
}
attr() {  # FILE CASE ATTRIBUTE -> the string value
  h5dump -a "/cases/$2/$3" "$1" | sed -n 's/^ *(0): "\(.*\)"$/\1/p'
}
expect_params() {  # FILE CASE PARAMS
  local got
  got=$(attr "$1" "$2" params)
  [[ "$got" == "$3" ]] || fail "$1 case $2: params '$got', expected '$3'"
}
has_dataset() {  # FILE PATH
  h5ls "$1$2" >/dev/null 2>&1
}

# reduce/clairvoyant: segments not dividing count, explicit round time, the moving average.
run 3 clv.h5 --alg clairvoyant --count 1001 --clv-segments 7 --clv-round-time 20us \
  --pat-source sma:3 --maxdelay 1ms
expect_params clv.h5 0000 "pat-source=sma:3,segments=7,round-time=20us"
for m in clv_schedule_ns clv_schedule_in_background clv_round_time_ns; do
  has_dataset clv.h5 "/cases/0000/metrics/$m" || fail "clv.h5 lacks metrics/$m"
done
h5dump -d /cases/0000/metrics/clv_round_time_ns clv.h5 > d.txt
expect_contains d.txt "(2,0): 20000, 20000, 20000"
has_dataset clv.h5 /cases/0000/predicted_arrival_ns || fail "clv.h5 lacks predicted arrivals"

# Segment size and the calibrated round time; the bgthread alias and oracle.
expect_exit 2 "$PAPBENCH" --alg clairvoyant --pat-source predicted,oracle --out x.h5
run 2 seg.h5 --alg clairvoyant --count 1000 --clv-segsize 1Ki --clv-round-time auto \
  --pat-source predicted
expect_params seg.h5 0000 "pat-source=bgthread,segments=4,segsize=1024,round-time=auto"
h5dump -d /cases/0000/metrics/clv_round_time_ns seg.h5 > d.txt
d=$(sed -n 's/^ *(0,0): \([0-9]*\), \([0-9]*\),\?$/\1 \2/p' d.txt)
read -r d0 d1 <<<"$d"
[[ -n "$d0" && "$d0" == "$d1" && "$d0" -gt 0 ]] || fail "calibrated round time '$d' not one value > 0"
run 2 ora.h5 --alg clairvoyant --count 9 --pat-source oracle
expect_params ora.h5 0000 "pat-source=oracle,segments=2,round-time=auto"

# The other options, defaults spelt out, each only where it belongs.
run 2 opts.h5 --collective reduce,gather --alg radixk,ls,sls,lin --radix 3 \
  --ls-first-segment 512 --count 64
expect_params opts.h5 0000 "radix=3"  # no PAT reduce in this run
expect_params opts.h5 0001 "bg-thread=on,first-segment=512"
expect_params opts.h5 0002 "pat-source=bgthread,first-segment=512"
expect_params opts.h5 0003 "bg-thread=on"
run 2 dflt.h5 --collective gather --alg ls --count 64
expect_params dflt.h5 0000 "first-segment=auto"

# --alg NAME:key=value: two variants of one algorithm in one run, with distinct params and labels;
# a bare key=value continues the variant before it; the variant's value beats the shorthand.
run 4 var.h5 --alg radixk:radix=2,radixk:radix=4,clairvoyant:segments=3,round-time=20us \
  --radix 8 --count 100
expect_params var.h5 0000 "bg-thread=on,radix=2"
expect_params var.h5 0001 "bg-thread=on,radix=4"
expect_params var.h5 0002 "pat-source=bgthread,segments=3,round-time=20us"
expect_exit 0 "$PAPBENCH_REPORT" summary var.h5
expect_contains out.txt "reduce/radixk(bg-thread=on,radix=2)"
expect_contains out.txt "reduce/radixk(bg-thread=on,radix=4)"
run 2 short.h5 --alg radixk:radix=2,radixk --radix 8 --count 10
expect_params short.h5 0000 "radix=2"
expect_params short.h5 0001 "radix=8"

# papbench list: every option with its default and accepted values, from the registry.
expect_exit 0 "$PAPBENCH" list --format json
for t in '"name": "radix"' '"default": "4"' '"name": "first-segment"' '"default": "auto"' \
  '"name": "round-time"' '"accepted": "an integer >= 2"' '"flag": "--clv-segments"' \
  '"arrival_dependent": true'; do
  expect_contains out.txt "$t"
done
# How each algorithm follows the arrivals: the PAT ones, the dynamic leaders, and the rest.
expect_exit 0 "$PAPBENCH" list --collective reduce --format markdown
expect_contains out.txt "| needs | adapts to | source |"
for row in "| clairvoyant |.*| predicted arrival times (PAT) |" "| dynleader |.*| order of arrival |" \
  "| binomial |.*| no |"; do
  grep -q -- "^$row" out.txt || { cat out.txt >&2; fail "no row '$row'"; }
done
expect_exit 0 "$PAPBENCH" list --format markdown
expect_contains out.txt "<!-- registry:options -->"
expect_exit 2 "$PAPBENCH" list --format yaml
expect_contains err.txt "--format: 'yaml' is not accepted; accepted: text, json, markdown, names"

# --bg-thread: auto (the default) gives baselines the monitoring thread (and so predictions) when
# the run has a PAT algorithm of their collective; on always; off never.
run 2 alone.h5 --alg native
expect_params alone.h5 0000 ""
has_dataset alone.h5 /cases/0000/predicted_arrival_ns && fail "bg-thread auto: predictions stored"
run 2 mixed.h5 --alg native,clairvoyant
expect_params mixed.h5 0000 "bg-thread=on"
has_dataset mixed.h5 /cases/0000/predicted_arrival_ns || fail "bg-thread auto: no predictions"
run 2 on.h5 --alg native --bg-thread on
expect_params on.h5 0000 "bg-thread=on"
has_dataset on.h5 /cases/0000/predicted_arrival_ns || fail "bg-thread on: no predictions"
run 2 off.h5 --alg native,clairvoyant --bg-thread off
expect_params off.h5 0000 ""
has_dataset off.h5 /cases/0000/predicted_arrival_ns && fail "bg-thread off: predictions stored"
has_dataset off.h5 /cases/0001/predicted_arrival_ns || fail "PAT algorithm lost its runtime"

# The views: prediction error per case and clairvoyant's metrics.
expect_exit 0 "$PAPBENCH_REPORT" pap clv.h5
expect_contains out.txt "pred. error"
expect_contains out.txt "clv_schedule_in_background"
expect_exit 0 "$PAPBENCH_REPORT" pap off.h5 --format json
expect_contains out.txt '"prediction_error_ns": null'
expect_contains out.txt '"clv_round_time_ns": {'

# MPICH 3.0.4's tuning variables as options: 3.0.4's defaults in params, the --throttle shorthand
# for both mpich-isend algorithms, a variant's own value beating it.
run 3 mpich.h5 --collective alltoall,alltoallv --alg mpich-isend,mpich-isend:throttle=0 \
  --throttle 32 --count 5
expect_params mpich.h5 0000 "throttle=32"
expect_params mpich.h5 0001 "throttle=0"
expect_params mpich.h5 0002 "throttle=32"
run 3 mpich-dflt.h5 --collective alltoall,allgatherv --alg mpich-isend,mpich-ring --count 5
expect_params mpich-dflt.h5 0000 "throttle=4"
expect_params mpich-dflt.h5 0001 "pipeline=32768"

# Bad values: exit 2, the option and its accepted values named, nothing written or destroyed.
check_bad() {  # TEXT ARGS...
  local text=$1; shift
  expect_exit 2 "$PAPBENCH" --out new.h5 "$@"
  expect_contains err.txt "$text"
  [[ ! -e new.h5 ]] || fail "a failed run ($*) created new.h5"
}
check_bad "--clv-segments: '0' is not accepted; accepted: an integer >= 1" \
  --alg clairvoyant --clv-segments 0
check_bad "--clv-segsize: 'big' is not accepted" --alg clairvoyant --clv-segsize big
check_bad "--clv-round-time: '5' is not accepted; accepted: auto or a duration" \
  --alg clairvoyant --clv-round-time 5
check_bad "give either --clv-segments or --clv-segsize" \
  --alg clairvoyant --clv-segments 2 --clv-segsize 1Ki
check_bad "--clv-segments: only reduce/clairvoyant, allreduce/clairvoyant-bcast take it; add it to --alg" \
  --alg native --clv-segments 2
check_bad "--ls-first-segment: '0' is not accepted; accepted: auto or a byte count" \
  --collective gather --alg ls --ls-first-segment 0
check_bad "--ls-first-segment: only gather/ls, gather/sls, gather/bsls take it" \
  --ls-first-segment 1Ki
check_bad "--radix: '1' is not accepted; accepted: an integer >= 2" --alg radixk --radix 1
check_bad "--throttle: '-1' is not accepted; accepted: an integer >= 0" \
  --collective alltoall --alg mpich-isend --throttle -1
check_bad "--alg: allgatherv/mpich-ring option pipeline: 'x' is not accepted; accepted: a byte count" \
  --collective allgatherv --alg mpich-ring:pipeline=x
check_bad "--pat-source: 'sma:0' is not accepted; accepted: bgthread (alias: predicted), oracle" \
  --alg clairvoyant --pat-source sma:0
check_bad "--bg-thread: 'maybe' is not accepted; accepted: auto, on, off" --bg-thread maybe
check_bad "--alg: reduce/radixk option radix: '1' is not accepted; accepted: an integer >= 2" \
  --alg radixk:radix=1
check_bad "--alg: reduce/radixk has no option 'radiks'; accepted: radix" --alg radixk:radiks=2
check_bad "--alg: reduce/native has no option 'radix'; accepted: force" --alg native:radix=2
check_bad "--alg: 'radixk:radix=2' is listed twice" --alg radixk:radix=2,radixk:radix=2
echo "precious results" > old.h5
expect_exit 2 "$PAPBENCH" --alg clairvoyant --clv-segments x --force --out old.h5
[[ "$(cat old.h5)" == "precious results" ]] || fail "old.h5 was modified"

expect_exit 0 "$PAPBENCH" --help
for o in --radix --ls-first-segment --clv-segments --clv-segsize --clv-round-time --bg-thread \
  "sma:W" "'predicted' is an alias"; do
  expect_contains out.txt "$o"
done
echo "alg_options: all checks passed"
