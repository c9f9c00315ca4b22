# Shared by tools/test.sh and tools/test-sanitizers.sh (sourced): stages with their times, ctest
# with one visible retry, and the closing summary (stage times, the 15 slowest tests, the retries).
# Each ctest run's output is kept in $PAPBENCH_TEST_LOGS (default build-logs/) for the summary.

logs=${PAPBENCH_TEST_LOGS:-$PWD/build-logs}
mkdir -p "$logs"
script_name=$(basename "$0")
log_prefix="${script_name%.sh}.ctest"  # this script's runs only, in its summary
rm -f "$logs/$log_prefix"-*.log
stage_names=()
stage_starts=()
retried=()

# stage NAME: a stage starts now (and the previous one ends).
stage() {
  echo "== $script_name: $1 at ${SECONDS}s"
  stage_names+=("$1")
  stage_starts+=("$SECONDS")
}

# run_ctest NAME ctest-args...: runs ctest; if tests fail, reruns only those once. The timing
# known-answer tests share 2 cores with whatever else runs on the machine: a burst of outside
# load fails one once, a real regression fails twice. Every retry is named in the summary, so a
# test that keeps needing one is seen.
run_ctest() {
  local name=$1 rc=0
  shift
  ctest "$@" 2>&1 | tee "$logs/$log_prefix-$name.log" || rc=$?
  ((rc == 0)) && return 0
  local failed
  failed=$(sed -n '/The following tests FAILED:/,$p' "$logs/$log_prefix-$name.log" |
    sed -nE 's/^[[:space:]]*[0-9]+ - ([^ ]+) .*/\1/p' | tr '\n' ' ')
  echo "== $script_name: retrying once: $failed"
  retried+=("$name: $failed")
  ctest "$@" --rerun-failed 2>&1 | tee "$logs/$log_prefix-$name-retry.log"
}

# The closing summary; call last.
summary() {
  stage done
  echo
  echo "== $script_name: time per stage"
  local i
  for ((i = 0; i + 1 < ${#stage_names[@]}; ++i)); do
    printf '  %-28s %6d s\n' "${stage_names[i]}" $((stage_starts[i + 1] - stage_starts[i]))
  done
  printf '  %-28s %6d s\n' total "$SECONDS"
  echo "== $script_name: the 15 slowest tests"
  # awk reads to the end: `head -15` closed the pipe while sort still wrote, and under pipefail
  # that SIGPIPE (141) became the exit status of a run whose every test had passed.
  cat "$logs/$log_prefix"-*.log 2>/dev/null |
    sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) \.+.* ([0-9.]+) sec$/\2 \1/p' |
    sort -rn | awk 'NR <= 15 { printf "  %8.1f s  %s\n", $1, $2 }'
  if ((${#retried[@]} == 0)); then
    echo "== $script_name: no test needed its retry"
  else
    echo "== $script_name: tests that needed their retry: ${retried[*]}"
  fi
}
