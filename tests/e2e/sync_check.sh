#!/usr/bin/env bash
# sync-check through the CLI: known offsets up to 10 ms and drifts up to 100 ppm are recovered to
# within 5 us over 3 s with 1 s resync on 4 oversubscribed ranks (2 under MPICH), inside the error bound the clock
# claims (exit 0); a --fail-above below the measured error exits 1.
source "$(dirname "$0")/lib.sh"
json_int() { grep -o "\"$1\": *-\?[0-9]*" "$2" | head -1 | sed 's/.*: *//'; }

# MPICH 4.0.2 busy-polls: at 4 ranks on 2 cores a descheduled partner holds a ping-pong for a
# time slice (errors of hundreds of us, inside the bound), so under MPICH the known answer runs
# at 2 ranks, one per core.
ranks=4
under_mpich && ranks=2
expect_exit 0 mpirun_n "$ranks" "$PAPBENCH" sync-check --inject-clock-offset 10ms --inject-clock-drift 100 \
  --duration 3s --resync 1s --json
cat out.txt
err=$(json_int max_abs_error_ns out.txt)
bound=$(json_int error_bound_ns out.txt)
violations=$(json_int bound_violations out.txt)
[[ -n "$err" && -n "$bound" && -n "$violations" ]] || fail "max_abs_error_ns, error_bound_ns or bound_violations missing"
((err < 5000)) || fail "max_abs_error_ns $err >= 5000"
((err <= bound)) || fail "max_abs_error_ns $err above the claimed bound $bound"
((violations == 0)) || fail "$violations samples above the bound, yet exit 0"
((bound > 0)) || fail "a zero bound with injected distortions"
expect_contains out.txt '"resyncs"'
# Each sync's width (what the bound rests on) beside the errors; it cannot be below the bound's
# floor: half of it is in every bound at a sync.
width=$(json_int width_ns out.txt)
[[ -n "$width" ]] || fail "sync_events lack width_ns"
((width > 0 && width / 2 <= bound)) || fail "width_ns $width against the claimed bound $bound"

# The same distortions measured against a limit below anything achievable: exit 1, and it says why.
expect_exit 1 mpirun_n 4 "$PAPBENCH" sync-check --inject-clock-offset 10ms --inject-clock-drift 100 \
  --duration 1s --resync 1s --fail-above 1ns
expect_contains err.txt "above --fail-above"

# Text output names the bound.
expect_exit 0 mpirun_n 2 "$PAPBENCH" sync-check --duration 1s
expect_contains out.txt "max |error|"
expect_contains out.txt "claimed bound"

# Bad values are refused with the option's name.
expect_exit 2 "$PAPBENCH" sync-check --fail-above soon
expect_contains err.txt "--fail-above"
expect_exit 2 "$PAPBENCH" sync-check --inject-wander-period 0
expect_contains err.txt "--inject-wander-period"
echo "sync_check: ok"
