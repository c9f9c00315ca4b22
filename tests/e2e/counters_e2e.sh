#!/usr/bin/env bash
# PAPI counters end to end with the perf software events a VM has: listing, recording per rank
# and iteration, unavailable events recorded (or fatal with --counters-strict), and the
# correlation view of papbench-report.
source "$(dirname "$0")/lib.sh"
expect_exit 0 "$PAPBENCH" counters
if ! grep -qF "perf::TASK-CLOCK" out.txt; then
  cat out.txt
  # Nothing countable: the listing must say which PAPI component turned itself off and why.
  if grep -qE "^PAPI .*: 0 of [0-9]+ listed events" out.txt; then
    expect_contains out.txt "disabled PAPI components"
  fi
  echo "counters_e2e: skipped (perf::TASK-CLOCK not countable here)"
  exit 0
fi
expect_exit 0 mpirun_n 4 "$PAPBENCH" imbalance --xtime 1k --iters 8 --warmup 1 --out c.h5 \
  --progress never --counters perf::TASK-CLOCK,NO_SUCH_EVENT --counters-scope both
expect_contains err.txt "counter unavailable (recorded, run continues): NO_SUCH_EVENT"
[[ $(grep -c "counter unavailable" err.txt) == 1 ]] || fail "unavailable event reported more than once"
"$PAPBENCH_REPORT" counters c.h5 >counters.txt
expect_contains counters.txt "perf::TASK-CLOCK@compute"
expect_contains counters.txt "Spearman rho"
expect_contains counters.txt "unavailable: NO_SUCH_EVENT"
"$PAPBENCH_REPORT" summary c.h5 --counters >summary.txt
expect_contains summary.txt "counter perf::TASK-CLOCK"
# The domain PAPI granted (read back) and the calibrated empty-region costs (format 1.5).
h5dump -a /cases/0000/counters_domain c.h5 >domain.txt
expect_contains domain.txt '"user"'
for cost in counter_costs/start_ns counter_costs/stop_ns counters_empty/perf::TASK-CLOCK; do
  h5ls "c.h5/cases/0000/$cost" >/dev/null 2>&1 || fail "no /cases/0000/$cost"
done
expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective barrier --iters 2 --out strict.h5 \
  --counters perf::TASK-CLOCK,NO_SUCH_EVENT --counters-strict
expect_contains err.txt "--counters-strict"
expect_contains err.txt "NO_SUCH_EVENT"
[[ ! -e strict.h5 ]] || fail "--counters-strict wrote a result set"
expect_exit 2 "$PAPBENCH" --collective barrier --counters-scope everything --out x.h5
expect_contains err.txt "accepted: call, compute, both"
echo "counters_e2e: ok"
