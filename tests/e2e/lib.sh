# Shared by the end-to-end scripts: a scratch directory and assertions that say what failed.
set -euo pipefail
: "${PAPBENCH:?}" "${MPIEXEC:?}"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/papbench-e2e.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

fail() { echo "FAIL: $*" >&2; exit 1; }
expect_contains() {  # FILE TEXT
  grep -qF -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "'$1' lacks '$2'"; }
}
expect_exit() {  # CODE COMMAND...
  local want=$1; shift
  set +e; "$@" >out.txt 2>err.txt; local got=$?; set -e
  [[ $got == "$want" ]] || { cat out.txt err.txt >&2; fail "'$*' exited $got, expected $want"; }
}
mpirun_n() {  # N ARGS...
  local n=$1; shift
  $MPIEXEC -n "$n" "$@"
}
# under_mpich: the test runs under MPICH, whose waiting ranks spin (README, "MPICH"): a test with
# more ranks than cores then runs slower and wakes later than under Open MPI.
under_mpich() { [[ $MPIEXEC == *mpich* ]]; }
# rank_waits_for FILE LATE WAITING: succeeds when, in every iteration of FILE (rank LATE arriving
# late), rank WAITING left only after rank LATE arrived. On one host all ranks share the clock, so
# a rank that needs the late rank's message cannot leave before it arrives: a causality check,
# not a timing threshold. Needs $PAPBENCH_REPORT.
rank_waits_for() {
  expect_exit 0 "$PAPBENCH_REPORT" export csv "$1" --include-late --include-invalid
  awk -F, -v late="$2" -v waiting="$3" 'NR > 1 { sub(/"[^"]*"/, "P"); split($0, f, ",");
    key = f[18]; if (f[19] == late) arrive[key] = f[23]; if (f[19] == waiting) leave[key] = f[24] }
    END { n = 0; for (k in leave) { n++; if (leave[k] < arrive[k]) {
    printf "iteration %s: rank %d left %.3f ms before rank %d arrived\n", k, waiting,
    (arrive[k] - leave[k]) / 1e6, late; bad = 1 } } if (n == 0 || bad) exit 1 }' out.txt
}
# kill_mid_run FILE MIN TOTAL COMMAND...: starts COMMAND (a run writing FILE, named in its
# arguments by --out or --resume; output in run.txt) in the background, waits up to 2 minutes for
# FILE to hold MIN cases, fails if it already holds all TOTAL, then kills every process whose
# arguments name FILE with SIGKILL, as a crash or a scheduler's time limit would. The caller then
# checks what FILE kept.
kill_mid_run() {
  local file=$1 min=$2 total=$3; shift 3
  "$@" >run.txt 2>&1 &
  local launcher=$!
  for _ in $(seq 1 1200); do
    if "$CHECK_RESULT" "$file" --min-cases "$min" >/dev/null 2>&1; then break; fi
    sleep 0.1
  done
  "$CHECK_RESULT" "$file" --min-cases "$min" >/dev/null 2>&1 ||
    { cat run.txt >&2; fail "the run never wrote $min case(s)"; }
  "$CHECK_RESULT" "$file" --cases "$total" >/dev/null 2>&1 && fail "the run finished before the kill"
  pkill -9 -f -- " $file" || true
  kill -9 "$launcher" 2>/dev/null || true
  wait "$launcher" 2>/dev/null || true
}
