#!/usr/bin/env bash
# libpapbench-capture.so on an application whose imbalance is known: rank r sleeps r ms before
# each allreduce (and, in the app's nbc mode, computes (r + 1) ms between MPI_Iallreduce and
# MPI_Wait: captured and replayed with that compute, at the end). The captured arrivals must show
# it (every rank r at least r ms after rank 0, less the clock's error bound, and none after an
# exit of its call), the output of the application must be the same as without capture,
# papbench-report must read the file, and papbench must replay it (and refuse it at another
# size, exit 2).
source "$(dirname "$0")/lib.sh"
: "${CAPTURE_LIB:?}" "${SYNTHETIC_APP:?}"
export OMPI_MCA_mpi_yield_when_idle=1

expect_exit 0 mpirun_n 4 "$SYNTHETIC_APP" 20
cp out.txt plain.txt
expect_exit 0 mpirun_n 4 env LD_PRELOAD="$CAPTURE_LIB" PAPBENCH_CAPTURE=app.h5 "$SYNTHETIC_APP" 20
cmp plain.txt out.txt || fail "the application's output changed under capture"
expect_contains err.txt "papbench-capture: "
[[ -f app.h5 ]] || fail "no capture file"

# `papbench capture --out` is checked before the application starts, on every rank (issue 47: a
# missing directory ran the whole application and wrote nothing, an existing file was replaced):
# exit 2 naming --out, the application never runs (its output would show), the file stays.
expect_exit 2 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out no/such/dir/x.h5 -- \
  "$SYNTHETIC_APP" 2
expect_contains err.txt "--out: cannot create 'no/such/dir/x.h5': directory 'no/such/dir'"
[[ ! -s out.txt ]] || fail "the application ran although --out was refused"
echo "precious results" >keep.h5
expect_exit 2 mpirun_n 2 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out keep.h5 -- \
  "$SYNTHETIC_APP" 2
expect_contains err.txt "--out: 'keep.h5' exists; papbench never overwrites results (add --force"
[[ ! -s out.txt ]] || fail "the application ran although --out was refused"
[[ "$(cat keep.h5)" == "precious results" ]] || fail "a refused capture changed keep.h5"
expect_exit 0 mpirun_n 2 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --force --out keep.h5 -- \
  "$SYNTHETIC_APP" 2
expect_exit 0 "$PAPBENCH_REPORT" summary keep.h5
expect_contains out.txt "allreduce/application"

# A capture that cannot be written disables itself with one line; the application is unchanged.
expect_exit 0 mpirun_n 4 env LD_PRELOAD="$CAPTURE_LIB" PAPBENCH_CAPTURE=no/such/dir/x.h5 \
  "$SYNTHETIC_APP" 2
expect_contains out.txt "synthetic app: 2 allreduces, checksum 16"
expect_contains err.txt "papbench-capture: disabled (at MPI_Finalize, nothing written:"

# An application that aborts keeps what the last flush wrote (every 5th MPI_COMM_WORLD call:
# 10 of its 12 allreduces), and its own exit code.
set +e
# `papbench capture` sets the preload up (here with the library of this build).
mpirun_n 4 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out crash.h5 --flush-every 5 -- \
  "$SYNTHETIC_APP" 12 abort >out.txt 2>err.txt
rc=$?
set -e
[[ $rc != 0 ]] || fail "the aborting application exited 0 under capture"
expect_exit 0 "$PAPBENCH_REPORT" pap crash.h5
expect_contains out.txt "flushed after 10 MPI_COMM_WORLD calls"
expect_contains out.txt "allreduce   main+"
awk '$2 == "allreduce" && $6 != 10 { print "calls " $6 ", expected 10"; bad = 1 } END { exit bad }' \
  out.txt || fail "crash.h5 does not hold the 10 flushed allreduces"
expect_exit 0 "$PAPBENCH_REPORT" summary app.h5
expect_contains out.txt "allreduce/application(site=main+"
expect_contains out.txt "barrier/application"
expect_contains out.txt "bcast/application"
if command -v gnuplot >/dev/null; then
  for view in arrivals heatmap cdf; do
    expect_exit 0 "$PAPBENCH_REPORT" plot "$view" app.h5 --case 0 -o "$view.svg"
  done
fi
expect_exit 0 "$PAPBENCH_REPORT" pap app.h5 --suggest
expect_contains out.txt "lost to imbalance"
expect_contains out.txt "--pattern replay:app.h5#0"

# Case 0 is the allreduce site (first used). Rank r enters call i r ms after it left call i-1,
# so (a_r - a_0) - (e_r - e_0 of the call before) is r ms plus scheduling noise, never less than
# r ms by more than twice the clock's error bound: its median per rank is checked. That the
# arrivals are stamped when the ranks arrive, not later, is checked by causality instead of upper
# bounds on the lag (5 ms) and the median spread max a - min a (30 ms), which failed under load
# (lags of 13 ms and a spread of 36 ms at load 15 on 2 cores: a rank woken late from its sleep is
# late in fact): no rank leaves an allreduce before every rank has entered it, so every captured
# arrival of a call precedes every captured exit of it, within two bounds.
bound=$("$PAPBENCH_REPORT" summary app.h5 --format json | grep -o '"sync_error_bound_ns": [0-9.e+]*' |
  awk '{ print $2 + 0 }')
[[ -n $bound ]] || fail "summary --format json has no sync_error_bound_ns"
expect_exit 0 "$PAPBENCH_REPORT" export csv app.h5 --include-late --include-invalid
awk -F, -v bound="$bound" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $col["case"] == 0 { it = $col["iteration"]; r = $col["rank"]; a[it, r] = $col["arrival_ns"];
    e[it, r] = $col["exit_ns"]; if (it + 1 > n) n = it + 1 }
  END {
    if (n != 20) { print "expected 20 calls, got " n; exit 1 }
    for (it = 1; it < n; it++) {
      lo = a[it, 0]; hi = a[it, 0]
      for (r = 1; r < 4; r++) {
        d = (a[it, r] - a[it, 0]) - (e[it - 1, r] - e[it - 1, 0])
        print d - r * 1e6 + 2 * bound >("lag" r ".txt")
        if (a[it, r] < lo) lo = a[it, r]; if (a[it, r] > hi) hi = a[it, r]
      }
      print hi - lo >"spreads.txt"
    }
    for (it = 0; it < n; it++) {
      first_exit = e[it, 0]
      for (r = 1; r < 4; r++) if (e[it, r] < first_exit) first_exit = e[it, r]
      for (r = 0; r < 4; r++) if (a[it, r] > first_exit + 2 * bound) {
        printf "call %d: rank %d arrived %.0f ns after the first exit\n", it, r, a[it, r] - first_exit
        late = 1
      }
    }
    exit late }' out.txt || fail "a captured arrival follows an exit of its allreduce"
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for r in 1 2 3; do
  m=$(median "lag$r.txt")
  echo "rank $r: median lag beyond its ${r} ms sleep, bounds added: ${m} ns"
  # Below 0: the capture put rank r earlier than its sleep allows, by more than the bounds.
  awk -v m="$m" 'BEGIN { exit !(m >= 0) }' ||
    fail "rank $r's captured lag is off its sleep by ${m} ns"
done
# Shown, not bounded: about 3 ms on a quiet machine, whatever the scheduler adds under load.
echo "median captured spread $(median spreads.txt) ns (about 3 ms when quiet)"

# The captured site's collective (allreduce: --collective left at its default) and workload
# (count 1, int64, sum) unless given.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --alg native --pattern replay:app.h5#0 --iters 10 \
  --warmup 1 --out replay.h5 --progress never
expect_exit 0 "$PAPBENCH_REPORT" summary replay.h5
expect_contains out.txt "allreduce/native count=1 int64 (8B) sum root=0 replay:app.h5#0"
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce,bcast --alg native,binomial --count 4 \
  --pattern replay:app.h5#0 --iters 2 --warmup 0 --out given.h5 --progress never
expect_exit 0 "$PAPBENCH_REPORT" summary given.h5
expect_contains out.txt "reduce/binomial count=4 int64 (32B) sum"
expect_contains out.txt "bcast/native count=4 int64 (32B)"
expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective allreduce --pattern replay:app.h5#0 \
  --iters 2 --out small.h5 --progress never
expect_contains err.txt "has delays for 4 ranks, but this run has 2 ranks"
# What each wrapped collective records (capture/call_shapes.hpp, for the C and Fortran wrappers
# alike): the app's "shapes" mode calls each once with its own count (capture_synthetic_app.cpp).
expect_exit 0 mpirun_n 3 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out shapes.h5 -- \
  "$SYNTHETIC_APP" 1 shapes
expect_exit 0 "$PAPBENCH_REPORT" summary shapes.h5
for shape in "reduce:count=5 int (20B) sum root=1" "scatter:count=3 int (12B) - root=0" \
  "gather:count=2 int (8B) - root=0" "allgather:count=4 int" "alltoall:count=6 int" \
  "allgatherv:count=1 int" "alltoallv:count=7 int" "reduce_scatter:count=8 int (32B) sum" \
  "reduce_scatter_block:count=9 int (36B) sum" "gatherv:count=2 int (8B) - root=0" \
  "scatterv:count=2 int (8B) - root=0" "scan:count=10 int (40B) sum" \
  "exscan:count=11 int (44B) sum" "ireduce:count=12 int (48B) sum root=1" \
  "ibcast:count=13 int (52B) - root=0" "iallgather:count=14 int" "ialltoall:count=15 int" \
  "igather:count=16 int (64B) - root=0" "iscatter:count=17 int (68B) - root=0" \
  "iallreduce:count=18 int (72B) sum" "iallreduce:count=19 int (76B) sum"; do
  grep -F "] ${shape%%:*}/application(" out.txt | grep -qF " ${shape#*:} " ||
    { cat out.txt >&2; fail "shapes.h5 has no ${shape%%:*} case with ${shape#*:}"; }
done
# The persistent collectives, where the library has them (CAPTURE_PERSISTENT: MPI4 or MPIX,
# capture/persistent_wrappers.cpp): each site as its nonblocking collective, with both starts.
if [[ -n ${CAPTURE_PERSISTENT:-} ]]; then
  for shape in "iallreduce:count=20 int (80B) sum" "ibcast:count=21 int (84B) - root=0" \
    "igather:count=22 int (88B) - root=0"; do
    grep -F "] ${shape%%:*}/application(" out.txt | grep -F " ${shape#*:} " | grep -qF "(2 iterations" ||
      { cat out.txt >&2; fail "shapes.h5 has no persistent ${shape%%:*} site with ${shape#*:} called twice"; }
  done
fi

# Nonblocking (issue 46 item 3): MPI_Iallreduce, rank r computing (r + 1) ms between post and
# wait with one MPI_Test halfway. Captured per call and rank: the compute up to the call that
# completed it (at least half of the rank's, when the test completed it; else all of it) and
# exactly one MPI_Test before the completing call unless the test was it.
expect_exit 0 mpirun_n 4 env LD_PRELOAD="$CAPTURE_LIB" PAPBENCH_CAPTURE=nbc.h5 "$SYNTHETIC_APP" \
  12 nbc
expect_contains out.txt "synthetic app: 12 nonblocking allreduces"
expect_exit 0 "$PAPBENCH_REPORT" pap nbc.h5 --suggest
expect_contains out.txt "iallreduce"
expect_contains out.txt "--collective iallreduce --alg native --count 1 --dtype int64 --op sum"
expect_contains out.txt "--overlap-compute captured --pattern replay:nbc.h5#0"
# A matrix of case 0 of FILE, one row per call (4 ranks), from h5dump's values.
matrix() {
  h5dump -y -w 0 -d "/cases/0000/metrics/$2" -o "$2.raw" "$1" >/dev/null ||
    fail "$1 has no metric $2"
  tr -s ', \n' '\n' <"$2.raw" | grep -v '^$' | paste -d' ' - - - -
}
matrix nbc.h5 nbc_compute_ns >compute.txt
matrix nbc.h5 nbc_tests >tests.txt
matrix nbc.h5 nbc_done_before_wait >bytest.txt
[[ $(wc -l <compute.txt) == 12 ]] || fail "nbc.h5 case 0 has $(wc -l <compute.txt) calls, not 12"
paste -d' ' tests.txt bytest.txt | awk '{ for (r = 1; r <= 4; r++) if ($r + $(r + 4) != 1)
  { print "call " NR " rank " r - 1 ": tests " $r ", completed by a test " $(r + 4); bad = 1 } }
  END { exit bad }' || fail "the MPI_Test halfway is not recorded as the app made it"
for r in 0 1 2 3; do
  m=$(cut -d' ' -f$((r + 1)) compute.txt | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  echo "rank $r: median captured compute ${m} ns (the app computes $((r + 1)) ms)"
  # Loose above: oversubscribed, a rank may lose its core in the compute for a time slice or
  # more (12 ms for rank 3's 4 ms at load 13 on 2 cores).
  awk -v m="$m" -v r="$r" 'BEGIN { exit !(m >= (r + 1) * 0.5e6 && m <= (r + 1) * 1e6 + 30e6) }' ||
    fail "rank $r's captured compute ${m} ns is not its (r + 1) ms or half of it"
done
# The replay takes the site's collective (iallreduce), workload and, per rank and call, the
# captured compute between post and wait.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --pattern replay:nbc.h5#0 --iters 12 --warmup 1 \
  --arrival-tolerance off --out nbcreplay.h5 --progress never
expect_exit 0 "$PAPBENCH_REPORT" summary nbcreplay.h5
expect_contains out.txt "iallreduce/native(overlap-compute=captured,test-interval=off) count=1 int64 (8B) sum"
# The replayed compute is at least the captured one (the kernel runs until its time is up).
paste -d' ' <(matrix nbc.h5 nbc_compute_ns) <(matrix nbc.h5 nbc_test_ns) >captured.txt
matrix nbcreplay.h5 nbc_compute_ns >replayed.txt
paste -d' ' captured.txt replayed.txt | awk '{ for (r = 1; r <= 4; r++)
  if ($(r + 8) < 0.95 * ($r + $(r + 4))) { print "call " NR " rank " r - 1 ": replayed " $(r + 8) \
    " ns of captured " $r + $(r + 4); bad = 1 } } END { exit bad }' ||
  fail "the replay computed less than the capture between post and wait"
# Each rank's replayed post-to-completion (median over the calls) within the capture's own
# spread of it, widened by a factor of 2 either way (4 ranks on 2 shared cores).
for f in nbc nbcreplay; do
  expect_exit 0 "$PAPBENCH_REPORT" export csv "$f.h5" --include-late --include-invalid
  # The replay's params hold commas, quoted: each quoted field becomes one word before -F, splits.
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { gsub(/"[^"]*"/, "Q") }
    $col["case"] == 0 { print $col["rank"], $col["exit_ns"] - $col["arrival_ns"] }' out.txt >"$f.p2c"
done
for r in 0 1 2 3; do
  read -r lo hi < <(awk -v r="$r" '$1 == r { v = $2; if (n++ == 0 || v < lo) lo = v
    if (v > hi) hi = v } END { print lo, hi }' nbc.p2c)
  m=$(awk -v r="$r" '$1 == r { print $2 }' nbcreplay.p2c | sort -n |
    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  echo "rank $r: captured post-to-completion ${lo}-${hi} ns, replayed median ${m} ns"
  awk -v m="$m" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(m >= lo / 2 && m <= 2 * hi) }' ||
    fail "rank $r's replayed post-to-completion ${m} ns is outside [${lo} / 2, 2 x ${hi}]"
done
# --overlap-compute captured needs a capture's nonblocking site.
expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective iallreduce --overlap-compute captured \
  --iters 2 --out nocapture.h5 --progress never
expect_contains err.txt "--overlap-compute captured: the pattern holds no captured compute"
echo "capture_synthetic: ok"
