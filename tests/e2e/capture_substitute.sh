#!/usr/bin/env bash
# papbench's algorithms inside an unmodified application (issue 45 item 4, docs/CAPTURE.md):
# capture_substitute_app run with the library's collectives and with papbench's (every call of
# the five blocking collectives and of iallreduce and ibcast at 3 ranks, other algorithms and one
# bcast site alone at 4) prints the same result hash on every rank; `papbench-report pap` shows
# per site which algorithm served how many rank-calls, which fell through to the library and why
# (a non-commutative op, a derived datatype), and how often an algorithm was prepared (once per
# communicator and call shape, not per call; a nonblocking shape once per collective of it in
# flight at once); bad --substitute and PAPBENCH_SUBSTITUTE exit 2 before the application runs.
# The nonblocking ones are completed by the application's own waits and tests (every kind, one
# only by MPI_Test between compute, two beside point-to-point requests in one MPI_Waitall).
source "$(dirname "$0")/lib.sh"
: "${CAPTURE_LIB:?}" "${SUBSTITUTE_APP:?}" "${PAPBENCH_REPORT:?}"
export OMPI_MCA_mpi_yield_when_idle=1
# Under MPICH, whose waiting ranks spin (4 ranks on the 2 cores of CI), 2 rounds: the same calls.
rounds=5
under_mpich && rounds=2
n3=$((rounds * 3)) n4=$((rounds * 4)) halves=$((rounds * 2))

# rows COUNT TEXT: the pap table of out.txt has COUNT rows holding TEXT.
rows() {
  local got
  got=$(grep -cF -- "$2" out.txt || true)
  [[ $got == "$1" ]] || { cat out.txt >&2; fail "$got rows hold '$2', expected $1"; }
}

expect_exit 0 mpirun_n 3 "$SUBSTITUTE_APP" $rounds
sort out.txt >plain3.txt
expect_exit 0 mpirun_n 3 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out all3.h5 \
  --substitute reduce=binomial --substitute allreduce=ring --substitute bcast=dynleader \
  --substitute scatter=bnom --substitute gather=bnom --substitute iallreduce=recursive-doubling \
  --substitute ibcast=binomial -- "$SUBSTITUTE_APP" $rounds
sort out.txt >sub3.txt
cmp plain3.txt sub3.txt || { cat plain3.txt sub3.txt >&2; fail "papbench's algorithms changed the results"; }
expect_exit 0 "$PAPBENCH_REPORT" pap all3.h5
expect_contains out.txt "papbench algorithms substituted"
# rounds x 3 ranks per site. The first reduce has one shape throughout: prepared once per rank;
# the in-place one a new count every round; the half communicators are new every round.
rows 1 "reduce/binomial $n3/$n3, 3 prepared"
rows 1 "reduce/binomial $n3/$n3, $n3 prepared"
rows 1 "reduce/binomial 0/$n3, 0 prepared (fell through: non-commutative op $n3)"
rows 1 "bcast/dynleader 0/$n3, 0 prepared (fell through: datatype $n3)"
rows 2 "scatter/bnom $n3/$n3"
rows 2 "gather/bnom $n3/$n3"
grep -qF "allreduce/ring $n3/$n3" out.txt || fail "allreduce was not substituted"
[[ $(grep -cF "bcast/dynleader $n3/$n3" out.txt) -ge 3 ]] || fail "bcast was not substituted"
# Nonblocking, on MPI_COMM_WORLD: one of each shape in flight at a time, so prepared once per rank
# (two iallreduce shapes, the non-commutative one too: recursive doubling keeps MPI's order; two
# ibcast counts); on the half communicators, new every round, once per rank and round.
rows 3 "iallreduce/recursive-doubling $n3/$n3, 3 prepared"
rows 2 "ibcast/binomial $n3/$n3, 3 prepared"
rows 1 "ibcast/binomial 0/$n3, 0 prepared (fell through: datatype $n3)"
# (a site's cell sums its communicators: one row each, 2 halves a round)
rows $halves "iallreduce/recursive-doubling $n3/$n3, $n3 prepared"
rows $halves "ibcast/binomial $n3/$n3, $n3 prepared"

# One bcast site by name (as pap shows it), other algorithms, 4 ranks.
site=$(grep -o 'second_site_bcast+0x[0-9a-f]*' out.txt | head -n 1)
[[ -n $site ]] || fail "pap names no second_site_bcast site"
expect_exit 0 mpirun_n 4 "$SUBSTITUTE_APP" $rounds
sort out.txt >plain4.txt
expect_exit 0 mpirun_n 4 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out site4.h5 \
  --substitute reduce=rabenseifner --substitute allreduce=recursive-doubling \
  --substitute "site=$site:bcast=binomial" --substitute scatter=mpich-binomial \
  --substitute gather=lin --substitute iallreduce=ring -- "$SUBSTITUTE_APP" $rounds
sort out.txt >sub4.txt
cmp plain4.txt sub4.txt || { cat plain4.txt sub4.txt >&2; fail "papbench's algorithms changed the results"; }
expect_exit 0 "$PAPBENCH_REPORT" pap site4.h5
rows 1 "bcast/binomial $n4/$n4"
rows 1 "reduce/rabenseifner $n4/$n4, 4 prepared"
rows 2 "gather/lin $n4/$n4"
rows 2 "iallreduce/ring $n4/$n4, 4 prepared"
rows $halves "iallreduce/ring $n4/$n4, $n4 prepared"
rows 1 "iallreduce/ring 0/$n4, 0 prepared (fell through: non-commutative op $n4)"
grep "bcast " out.txt | grep -v "$site" | grep -qF "bcast/" && fail "a bcast outside $site was substituted"

# Refused before the application runs (its output would show), exit 2 naming the option.
expect_exit 2 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out x.h5 --substitute scatter=sbn -- \
  "$SUBSTITUTE_APP" 1
expect_contains err.txt "--substitute: 'scatter=sbn': 'sbn' needs the PAT runtime"
expect_contains err.txt "accepted for scatter: lin, bnom"
[[ ! -s out.txt ]] || fail "the application ran although --substitute was refused"
expect_exit 2 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out x.h5 --substitute alltoall=ring -- \
  "$SUBSTITUTE_APP" 1
expect_contains err.txt "'alltoall=ring' does not start with a collective; accepted:"
expect_exit 2 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out x.h5 --substitute gatherv=lin -- \
  "$SUBSTITUTE_APP" 1
expect_contains err.txt "'gatherv=lin': papbench has no gatherv algorithm"
expect_exit 2 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out x.h5 \
  --substitute iallreduce=ring:test-interval=5us -- "$SUBSTITUTE_APP" 1
expect_contains err.txt "option 'test-interval' is the benchmark's"
expect_exit 2 "$PAPBENCH" capture --lib "$CAPTURE_LIB" --out x.h5 \
  --substitute reduce=radixk:nosuch=1 -- "$SUBSTITUTE_APP" 1
expect_contains err.txt "--substitute: 'reduce=radixk:nosuch=1': "
expect_exit 2 mpirun_n 2 env LD_PRELOAD="$CAPTURE_LIB" PAPBENCH_CAPTURE=x.h5 \
  PAPBENCH_SUBSTITUTE=bcast=nosuch "$SUBSTITUTE_APP" 1
expect_contains err.txt "PAPBENCH_SUBSTITUTE: 'bcast=nosuch': 'nosuch' is not an algorithm of bcast"
[[ ! -s out.txt ]] || fail "the application ran although PAPBENCH_SUBSTITUTE was refused"
[[ ! -e x.h5 ]] || fail "a refused run wrote x.h5"
