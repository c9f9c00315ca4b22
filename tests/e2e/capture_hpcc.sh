#!/usr/bin/env bash
# libpapbench-capture.so on a real third-party MPI application: Debian's hpcc (HPC Challenge) at
# 4 ranks on a tiny problem (N=200). Its result lines (checks and residuals, not timings) must be
# the same with and without capture, and the busiest captured allreduce site must replay.
source "$(dirname "$0")/lib.sh"
: "${CAPTURE_LIB:?}"
HPCC=${HPCC:-$(command -v hpcc || true)}
[[ -n $HPCC ]] || { echo "hpcc is not installed (tools/bootstrap.sh --test installs it)"; exit 77; }
export OMPI_MCA_mpi_yield_when_idle=1
cp "$SOURCE_DIR/tests/e2e/capture_hpccinf.txt" hpccinf.txt
# The lines of hpccoutf.txt that a correct run reproduces exactly: checks and HPL's residual.
# Not DGEMM's "Scaled residual": it comes from a randomly selected node's random matrices.
results() {
  grep -E 'PASSED|FAILED|errors in|_Errors=|esidual|Validates|tests completed|with error' \
    hpccoutf.txt | grep -v '^Scaled residual:' | sed -E 's/^(WALL|CPU) .*(PASSED|FAILED).*/\1 \2/'
}
expect_exit 0 mpirun_n 4 "$HPCC"
results >plain.txt
rm hpccoutf.txt
expect_exit 0 mpirun_n 4 env LD_PRELOAD="$CAPTURE_LIB" PAPBENCH_CAPTURE=hpcc.h5 "$HPCC"
results >captured.txt
[[ -s plain.txt ]] || fail "hpcc printed no result lines"
diff plain.txt captured.txt || fail "hpcc's results differ under capture"

expect_exit 0 "$PAPBENCH_REPORT" pap hpcc.h5 --suggest --format json
expect_contains out.txt '"lost_ns"'
# The allreduce site with the most calls.
expect_exit 0 "$PAPBENCH_REPORT" summary hpcc.h5 --format csv
busiest=$("$PAPBENCH_REPORT" pap hpcc.h5 --format csv |
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["collective"] == "allreduce" && $col["comm"] == "world" && $col["calls"] + 0 > best {
      best = $col["calls"] + 0; c = $col["case"] } END { print c }')
[[ -n $busiest ]] || fail "hpcc.h5 holds no allreduce on MPI_COMM_WORLD"
# The site as allreduce beside three reduce algorithms (--collective reduce alone is the
# default, which replays the site's own collective).
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce,allreduce \
  --alg native,binomial,rabenseifner --pattern "replay:hpcc.h5#$busiest" --iters 20 --warmup 1 \
  --out replay.h5 --progress never
expect_exit 0 "$PAPBENCH_REPORT" summary replay.h5
expect_contains out.txt "allreduce/native count="
expect_contains out.txt "reduce/rabenseifner count="
echo "capture_hpcc: ok (replayed case $busiest)"
