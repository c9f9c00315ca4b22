#!/usr/bin/env bash
# sync-check through the CLI: known offsets up to 10 ms and drifts up to 100 ppm are recovered to
# within 5 us over 3 s with 1 s resync on 4 oversubscribed ranks.
source "$(dirname "$0")/lib.sh"
expect_exit 0 mpirun_n 4 "$PAPBENCH" sync-check --inject-clock-offset 10ms --inject-clock-drift 100 \
  --duration 3s --resync 1s --json
cat out.txt
err=$(grep -o '"max_abs_error_ns": *[0-9.e+-]*' out.txt | head -1 | sed 's/.*: *//')
[[ -n "$err" ]] || fail "no max_abs_error_ns in the JSON"
awk -v e="$err" 'BEGIN { exit !(e < 5000) }' || fail "max_abs_error_ns $err >= 5000"
expect_contains out.txt '"resyncs"'
expect_exit 0 mpirun_n 2 "$PAPBENCH" sync-check --duration 1s
expect_contains out.txt "max |error|"
echo "sync_check: ok"
